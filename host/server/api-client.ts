import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';

export class ApiUnavailableError extends Error {}

/**
 * The host server's GraphQL calls, with the same typed operations the browser uses. A slow
 * API must not hold a page: after `timeoutMs` the page is served without the answer.
 */
export function createApiClient(apiUrl: string, timeoutMs = 3000) {
  const endpoint = `${apiUrl}/api/graphql`;
  const printed = new WeakMap<object, string>();
  return async function query<TData, TVars>(
    document: TypedDocumentNode<TData, TVars>,
    variables: TVars,
    headers: Record<string, string> = {},
  ): Promise<TData> {
    let text = printed.get(document);
    if (!text) {
      text = print(document);
      printed.set(document, text);
    }
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
        body: JSON.stringify({ query: text, variables }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ApiUnavailableError(`API unreachable: ${(error as Error).message}`);
    }
    const body = (await response.json().catch(() => null)) as { data?: TData; errors?: { message: string }[] } | null;
    if (!body?.data) {
      throw new ApiUnavailableError(`API answered ${response.status}: ${body?.errors?.[0]?.message ?? 'no data'}`);
    }
    return body.data;
  };
}
