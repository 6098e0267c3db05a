import type { APIRequestContext } from '@playwright/test';

/** Asks the running API (through the host's /api proxy) for real catalogue data to test with. */
export async function gql<T>(request: APIRequestContext, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await request.post('/api/graphql', { data: { query, variables } });
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
