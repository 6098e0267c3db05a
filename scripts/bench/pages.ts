/**
 * The pages the web bench measures, chosen from the running catalogue (hand-written: which
 * category, brand and product exist depends on the seed): home, a top category, that category
 * filtered by its biggest brand and a price band, a search for that brand, a product, the cart.
 */
export const PAGE_NAMES = ['home', 'category', 'filtered', 'search', 'product', 'cart'] as const;
export type PageName = (typeof PAGE_NAMES)[number];

async function gql<T>(apiUrl: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(apiUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  if (!body.data) throw new Error(`GraphQL failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

interface Listing {
  productFilters: { minPriceInRUBFrom: number | null; minPriceInRUBTo: number | null; brands: { id: string; name: string; count: number }[] };
  products: { items: { webPath: string }[] };
}

export async function choosePages(apiUrl: string, wanted: PageName[]): Promise<Partial<Record<PageName, string>>> {
  const { categories } = await gql<{ categories: { id: string; webPath: string }[] }>(
    apiUrl,
    'query { categories(filter: { isHaveParent: false }) { id webPath } }',
  );
  const category = categories[0];
  if (!category) throw new Error('the catalogue has no categories');
  const { productFilters, products } = await gql<Listing>(
    apiUrl,
    'query($scope: ListingScopeInput) { productFilters(scope: $scope) { minPriceInRUBFrom minPriceInRUBTo brands { id name count } } products(scope: $scope, limit: 1) { items { webPath } } }',
    { scope: { categoryId: category.id } },
  );
  const brand = [...productFilters.brands].sort((a, b) => b.count - a.count)[0];
  const from = productFilters.minPriceInRUBFrom ?? 0;
  const to = productFilters.minPriceInRUBTo ?? 100_000;
  const filter = new URLSearchParams();
  if (brand) filter.set('brand', brand.id);
  filter.set('priceFrom', String(Math.round((from + (to - from) * 0.1) / 1000) * 1000));
  filter.set('priceTo', String(Math.round((from + (to - from) * 0.6) / 1000) * 1000));
  const product = products.items[0];
  if (!product) throw new Error('the category has no products');
  const all: Record<PageName, string> = {
    home: '/',
    category: category.webPath,
    filtered: `${category.webPath}?${filter}`,
    search: `/search?search=${encodeURIComponent(brand?.name ?? 'кроссовки')}`,
    product: product.webPath,
    cart: '/cart',
  };
  return Object.fromEntries(wanted.map((name) => [name, all[name]]));
}
