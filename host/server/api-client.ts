import { createHash } from 'node:crypto';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { DocumentNode } from 'graphql';
import { persistedDocumentText } from '@shop/mf-shared/persisted-document';

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
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
        body: JSON.stringify({ variables, extensions: { persistedQuery: { version: 1, sha256Hash: id } } }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ApiUnavailableError(`API unreachable: ${(error as Error).message}`);
    }
    const body = (await response.json().catch(() => null)) as { data?: TData; errors?: { message: string; extensions?: { code?: unknown } }[] } | null;
    if (!body?.data) {
      const code = body?.errors?.[0]?.extensions?.code;
      throw new ApiUnavailableError(`API answered ${response.status}: ${body?.errors?.[0]?.message ?? 'no data'}`, typeof code === 'string' ? code : undefined);
    }
    return body.data;
  };
}
