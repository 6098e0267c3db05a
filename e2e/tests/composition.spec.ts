// Guards the composed shop: three separately built and served remotes in one page, one
// React, one Apollo client, one cart store and one shell context between them.

import { returningVisitor } from '../support/fresh-visitor.ts';
import { findProduct } from '../support/product-page.ts';
import { expect, test } from '../support/test.ts';

test('remotes write the shared stores and the host and the other remotes see it at once', async ({ page, request }) => {
  await returningVisitor(page);
  const product = await findProduct(request, 'a size in stock', (p) => p.offers.some((o) => !o.soldOut));
  const offer = product.offers.find((o) => !o.soldOut)!;
  const count = page.getByTestId('cart-count');

  // The product remote adds to the cart store; the host's header counts it.
  await page.goto(product.webPath);
  await expect(count).toHaveText('0');
  const productArea = page.locator('[data-remote="mf_product"]');
  await productArea.getByRole('radio', { name: offer.size, exact: true }).check();
  await productArea.getByRole('button', { name: 'В корзину' }).click();
  await expect(count).toHaveText('1');

  // The catalogue remote writes the favourites store; the host's header counts it.
  await page.getByRole('link', { name: /на главную/ }).click();
  const home = page.locator('[data-remote="mf_catalog"]');
  await home.getByRole('button', { name: /^В избранное: / }).first().click();
  await expect(page.getByTestId('favourites-count')).toHaveText('1');

  // And the cart remote reads the same cart: its panel opens from the host's button.
  await page.getByRole('button', { name: /Корзина: 1 товар/ }).click();
  await expect(page.getByTestId('quick-cart')).toContainText(product.name);
});

test('the host shell context is visible inside a remote', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('[data-remote="mf_catalog"]').getByTestId('shell-name')).toHaveText(/Оригинал/);
});

test('every app runs on the page singletons: one React, Apollo, router and mf-shared', async ({ page, request }) => {
  const reports = async () => page.evaluate(() => (window as unknown as { __SHOP_APPS__: unknown[] }).__SHOP_APPS__);
  const sharedBy = (names: string[]) =>
    expect.arrayContaining(
      names.map((name) => expect.objectContaining({ name, sharedInstance: true, react: true, apollo: true, router: true })),
    );
  const product = await findProduct(request, 'a size in stock', (p) => p.offers.some((o) => !o.soldOut));
  const offer = product.offers.find((o) => !o.soldOut)!;
  await page.goto(product.webPath);
  await expect(page.getByTestId('product-page')).toBeVisible();
  expect(await reports()).toEqual(sharedBy(['host', 'mf_product']));
  // The cart remote comes with the first add (its toast), on the same singletons.
  const productArea = page.locator('[data-remote="mf_product"]');
  await productArea.getByRole('radio', { name: offer.size, exact: true }).check();
  await productArea.getByRole('button', { name: 'В корзину' }).click();
  await expect(page.getByTestId('cart-toast')).toBeVisible();
  expect(await reports()).toEqual(sharedBy(['host', 'mf_product', 'mf_cart']));
  await page.goto('/');
  await expect(page.getByTestId('catalog-home')).toBeVisible();
  expect(await reports()).toEqual(sharedBy(['host', 'mf_catalog']));
  // Nothing asked for the cart on this load: its code is not on the page.
  expect((await reports()).map((r) => (r as { name: string }).name)).not.toContain('mf_cart');
});

test('favourites survive a reload', async ({ page }) => {
  await returningVisitor(page);
  await page.goto('/');
  await page.locator('[data-remote="mf_catalog"]').getByRole('button', { name: /^В избранное: / }).first().click();
  await expect(page.getByTestId('favourites-count')).toHaveText('1');
  await page.reload();
  await expect(page.getByTestId('favourites-count')).toHaveText('1');
});

test('the cart button does not open an empty cart', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Корзина: 0 товаров' }).click();
  await expect(page.getByTestId('quick-cart')).toBeHidden();
});

test('remotes are found through the registry, not the host build', async ({ page, request }) => {
  const registry = (await (await request.get('/registry.json')).json()) as Record<string, string>;
  expect(Object.keys(registry).sort()).toEqual(['mf_cart', 'mf_catalog', 'mf_product']);
  const manifests: string[] = [];
  const encodings: Record<string, string | undefined> = {};
  page.on('response', async (r) => {
    if (r.url().endsWith('mf-manifest.json')) encodings[r.url()] = (await r.allHeaders())['content-encoding'];
  });
  page.on('request', (r) => {
    if (r.url().endsWith('mf-manifest.json')) manifests.push(r.url());
  });
  await page.goto('/');
  await expect(page.getByTestId('catalog-home')).toBeVisible();
  expect(manifests).toContain(registry.mf_catalog);
  // every page that loads a remote fetches its manifest first: it comes compressed, as the scripts do
  await expect.poll(() => encodings[registry.mf_catalog as string]).toBe('br');
  // The product remote is not needed on the home page, so it is not fetched.
  expect(manifests).not.toContain(registry.mf_product);
});

const SLIDER_LISTS = ['RecommendedProducts', 'PopularProducts', 'NewestProducts'];

// The host server fetched each page's first data and put them in the page; the browser
// hydrates from them. So a first page, its remote areas live, has asked the API nothing for them.
for (const [name, path] of [
  ['home', '/'],
  ['category listing', '/catalog/obuv'],
  ['brand listing', '/brands/nike'],
  ['filtered listing', '/catalog/obuv?sort=priceup'],
  ['search', '/search?search=nike'],
  ['product page', null],
] as const) {
  test(`the ${name} hydrates without asking the API for its first data`, async ({ page, request }) => {
    await returningVisitor(page);
    const target = path ?? (await findProduct(request, 'any product', () => true)).webPath;
    const asked: string[] = [];
    page.on('request', (r) => {
      if (!new URL(r.url()).pathname.endsWith('/api/graphql')) return;
      const body = r.postDataJSON() as { operationName?: string; variables?: { limit?: unknown } } | null;
      const operation = body?.operationName ?? r.postData() ?? r.url();
      // a slider near the screen asking for the rest of its cards (twenty) is not the page's first
      // data: the server renders a slider's first view only (ssr-html.spec.ts)
      if (SLIDER_LISTS.includes(operation) && body?.variables?.limit === 20) return;
      asked.push(operation);
    });
    await page.goto(target);
    // live: the shell hydrated and every remote area on the page rendered its module
    await expect(page.locator('html[data-live]')).toHaveCount(1);
    await expect(page.locator('[data-remote]').first()).toBeAttached();
    await expect(page.locator('[data-remote]:not([data-ready])')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 }).or(page.getByTestId('catalog-home')).first()).toBeVisible();
    await page.waitForTimeout(500);
    // A product page's «Вам может понравиться» is not in its first data: the server leaves it out
    // (not in the page state) and the browser loads it when it nears the screen (product-page.spec.ts).
    const state = await page.locator('#shop-state').textContent();
    if (name === 'product page' && !state?.includes('recommendedProducts')) {
      expect(asked.filter((operation) => operation !== 'RecommendedProducts')).toEqual([]);
    } else expect(asked).toEqual([]);
  });
}
