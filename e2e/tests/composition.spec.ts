// Guards the composed shop: three separately built and served remotes in one page, one
// React, one Apollo client, one cart store and one shell context between them.
import { expect, test } from '@playwright/test';
import { someProductPath } from '../support/catalog.ts';

test('a remote adds to the cart and the host header counts it', async ({ page, request }) => {
  const productPath = await someProductPath(request);
  await page.goto('/');
  const count = page.getByTestId('cart-count');
  await expect(count).toHaveText('0');
  const home = page.locator('[data-remote="mf_catalog"]');
  await home.getByRole('button', { name: 'В корзину' }).click();
  await expect(count).toHaveText('1');
  await home.getByRole('button', { name: 'В корзину' }).click();
  await expect(count).toHaveText('2');

  // Another remote (product) writes to the same store.
  await page.goto(productPath);
  const product = page.locator('[data-remote="mf_product"]');
  await product.getByRole('button', { name: 'В корзину' }).click();
  await expect(count).toHaveText('3');
  const productName = (await product.getByRole('heading', { level: 1 }).textContent()) ?? '';

  // And the cart remote reads it: the panel opens from the host's button.
  await page.getByRole('button', { name: /Корзина: 3 товара/ }).click();
  const panel = page.getByTestId('quick-cart');
  await expect(panel).toContainText('Кроссовки Nike Air Max 90 × 2');
  await expect(panel).toContainText(`${productName} × 1`);
});

test('the host shell context is visible inside a remote', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('[data-remote="mf_catalog"]').getByTestId('shell-name')).toHaveText('Магазин «Оригинал»');
});

test('every app runs on the page singletons: one React, Apollo, router and mf-shared', async ({ page, request }) => {
  const reports = async () => page.evaluate(() => (window as unknown as { __SHOP_APPS__: unknown[] }).__SHOP_APPS__);
  const sharedBy = (names: string[]) =>
    expect.arrayContaining(
      names.map((name) => expect.objectContaining({ name, sharedInstance: true, react: true, apollo: true, router: true })),
    );
  await page.goto(await someProductPath(request));
  await expect(page.getByTestId('product-page')).toBeVisible();
  expect(await reports()).toEqual(sharedBy(['host', 'mf_product', 'mf_cart']));
  await page.goto('/');
  await expect(page.getByTestId('catalog-home')).toBeVisible();
  expect(await reports()).toEqual(sharedBy(['host', 'mf_catalog', 'mf_cart']));
});

test('the cart survives a reload', async ({ page }) => {
  await page.goto('/');
  await page.locator('[data-remote="mf_catalog"]').getByRole('button', { name: 'В корзину' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.reload();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
});

test('the cart button does not open an empty cart', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Корзина пуста' }).click();
  await expect(page.getByTestId('quick-cart')).toHaveCount(0);
});

test('remotes are found through the registry, not the host build', async ({ page, request }) => {
  const registry = (await (await request.get('/registry.json')).json()) as Record<string, string>;
  expect(Object.keys(registry).sort()).toEqual(['mf_cart', 'mf_catalog', 'mf_product']);
  const manifests: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('mf-manifest.json')) manifests.push(r.url());
  });
  await page.goto('/');
  await expect(page.getByTestId('catalog-home')).toBeVisible();
  expect(manifests).toContain(registry.mf_catalog);
  // The product remote is not needed on the home page, so it is not fetched.
  expect(manifests).not.toContain(registry.mf_product);
});
