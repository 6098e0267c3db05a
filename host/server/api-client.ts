import { createHash } from 'node:crypto';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { readErrorBody } from '@shop/contracts/errors';
import { persistedDocumentText } from '@shop/mf-shared/persisted-document';
import type { DocumentNode } from 'graphql';
import { upstreamFetch } from '../src/ssr/upstream-fetch.ts';

export class ApiUnavailableError extends Error {
  /** The API's error code (`extensions.code`) when it answered with an error, e.g. BAD_USER_INPUT for a refused argument. */
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** The id a typed document is registered under (trusted documents): sha256 of the text Apollo sends. */
export function persistedId(document: DocumentNode): string {
  return createHash('sha256').update(persistedDocumentText(document), 'utf8').digest('hex');
}

/**
 * The host server's GraphQL calls, with the same typed operations the browser uses, sent by
 * id like the browser's (the host's manifest, registered with the API, holds them; in
 * production the API runs nothing else). A slow API must not hold a page: after `timeoutMs`
 * the page is served without the answer.
 */
export function createApiClient(apiUrl: string, timeoutMs = 3000) {
  const endpoint = `${apiUrl}/api/graphql`;
  const ids = new WeakMap<object, string>();
  return async function query<TData, TVars>(
    document: TypedDocumentNode<TData, TVars>,
    variables: TVars,
    headers: Record<string, string> = {},
  ): Promise<TData> {
    let id = ids.get(document);
    if (!id) {
      id = persistedId(document);
      ids.set(document, id);
    }
    const send = () =>
      upstreamFetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
        body: JSON.stringify({ variables, extensions: { persistedQuery: { version: 1, sha256Hash: id } } }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    let response: Response;
    try {
      response = await send();
      // Every call here is a query: asked once more when the replica behind a balancer went away
      // mid-request (refused, reset: the balancer's 502), which a balancer does not retry itself
      // for a POST. Not after a timeout or the API's own refusal: it is slow or full then, not gone.
      if (response.status === 502) response = await send();
    } catch (error) {
      if ((error as Error).name === 'TimeoutError') throw new ApiUnavailableError(`API unreachable: ${(error as Error).message}`);
      try {
        response = await send();
      } catch (again) {
        throw new ApiUnavailableError(`API unreachable: ${(again as Error).message}`);
      }
    }
    const body = (await response.json().catch(() => null)) as { data?: TData } | null;
    if (!body?.data) {
      const error = readErrorBody(body);
      throw new ApiUnavailableError(`API answered ${response.status}: ${error?.message || 'no data'}`, error?.code || undefined);
    }
    return body.data;
  };
}

type ApiQuery = ReturnType<typeof createApiClient>;

/**
 * The same calls, but concurrent identical ones (same operation, variables and headers but the
 * shopper's address) share one request: a spike of shoppers on one page asks the API once per
 * round trip, not once each, so the page resolution does not pile up in the API (audit 2026-11-28
 * F1: 200 shoppers on home, a quarter answered 503 when these calls timed out). Only for calls
 * whose answer is the same for anyone: the API sees the first caller's x-forwarded-for.
 */
export function sharedCalls(query: ApiQuery): ApiQuery {
  const inFlight = new Map<string, Promise<unknown>>();
  return <TData, TVars>(document: TypedDocumentNode<TData, TVars>, variables: TVars, headers: Record<string, string> = {}): Promise<TData> => {
    const { 'x-forwarded-for': _address, ...rest } = headers;
    const key = JSON.stringify([persistedId(document), variables, rest]);
    let pending = inFlight.get(key) as Promise<TData> | undefined;
    if (!pending) {
      pending = query(document, variables, headers).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };
}
