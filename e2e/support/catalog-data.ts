import type { APIRequestContext } from '@playwright/test';
import { gql } from './catalog.ts';

/** Real numbers from the running API, to compare the pages with. */
export async function listingCount(
  request: APIRequestContext,
  scope: Record<string, unknown>,
  filter: Record<string, unknown> = {},
): Promise<number> {
  const data = await gql<{ products: { totalCount: number } }>(
    request,
    'query($scope: ListingScopeInput, $filter: ProductFilterInput) { products(scope: $scope, filter: $filter, limit: 1) { totalCount } }',
    { scope, filter },
  );
  return data.products.totalCount;
}

export async function categoryByPath(request: APIRequestContext, webPath: string): Promise<{ id: string; name: string }> {
  const data = await gql<{ categories: { id: string; name: string; webPath: string }[] }>(request, '{ categories { id name webPath } }');
  const category = data.categories.find((c) => c.webPath === webPath);
  if (!category) throw new Error(`no category at ${webPath}`);
  return category;
}

export async function brandByName(request: APIRequestContext, name: string): Promise<{ id: string; name: string }> {
  const data = await gql<{ brands: { items: { id: string; name: string }[] } }>(request, '{ brands(limit: 100) { items { id name } } }');
  const brand = data.brands.items.find((b) => b.name === name);
  if (!brand) throw new Error(`no brand ${name}`);
  return brand;
}
