import { createHash } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';

const registered = new Set<string>();

/**
 * The request body that runs `query` on the e2e stack's API, which (as in production) runs only
 * registered operations (trusted documents): the document is registered first through the ops
 * route, as a release would, and then sent by its id.
 */
export async function trustedBody(query: string, variables: Record<string, unknown> = {}) {
  const id = createHash('sha256').update(query, 'utf8').digest('hex');
  if (!registered.has(id)) {
    const response = await fetch(`${process.env.SHOP_API_URL}/api/ops/operations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${process.env.SHOP_OPS_TOKEN}` },
      body: JSON.stringify({ app: 'e2e', version: 'e2e', by: 'e2e', operations: [{ id, body: query }] }),
    });
    if (!response.ok) throw new Error(`registering a test operation failed: ${await response.text()}`);
    registered.add(id);
  }
  return { variables, extensions: { persistedQuery: { version: 1, sha256Hash: id } } };
}

/** Asks the running API (through the host's /api proxy) for real catalogue data to test with. */
export async function gql<T>(request: APIRequestContext, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await request.post('/api/graphql', { data: await trustedBody(query, variables) });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  if (!body.data) throw new Error(`GraphQL failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

export async function someProductPath(request: APIRequestContext, index = 0): Promise<string> {
  const data = await gql<{ products: { items: { webPath: string }[] } }>(
    request,
    'query($limit: Int) { products(limit: $limit) { items { webPath } } }',
    { limit: index + 1 },
  );
  const item = data.products.items[index];
  if (!item) throw new Error('the seeded catalogue has no products');
  return item.webPath;
}
