// Guards the promise that one broken remote never blanks the page: the header, the cart
// and the other remotes keep working, and the broken area offers «Повторить».
import path from 'node:path';
import { ROOT } from '../../scripts/lib/stack.ts';
import { returningVisitor } from '../support/fresh-visitor.ts';
import { brokenRelease, shop, startHangingServer, startPrivateHost, startRemoteServer } from '../support/private-host.ts';
import { expect, type Page, test } from '../support/test.ts';

const cartLine = {
  id: 'offer-1',
  modelId: 'm-1',
  sku: 'SKU-1',
  name: 'Кеды Vans Old Skool',
  price: 7990,
  brand: { name: 'Vans' },
  mainCategory: { name: 'Кеды' },
  quantity: 2,
};

async function seedCart(page: Page) {
  await returningVisitor(page);
  await page.addInitScript((line) => {
    if (!localStorage.getItem('shop-cart')) localStorage.setItem('shop-cart', JSON.stringify({ state: { items: [line] }, version: 1 }));
  }, cartLine);
}

async function expectRestOfPageWorks(page: Page) {
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  // The cart remote still works: its panel opens from the header with the stored line.
  await page.getByRole('button', { name: /Корзина: 2 товара/ }).click();
  const panel = page.getByTestId('quick-cart');
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('Кеды Vans Old Skool');
}

function catalogFallback(page: Page) {
  return page.locator('[data-remote="mf_catalog"]').getByRole('alert');
}

test('a remote whose server is stopped shows the fallback, and «Повторить» recovers when it is back', async ({ page }) => {
  const version = shop.versions.mf_catalog as string;
  const dist = path.join(ROOT, 'mf-catalog', 'dist');
  let remote = await startRemoteServer(dist);
  const host = await startPrivateHost({ ...shop.registry, mf_catalog: `http://localhost:${remote.port}/${version}/mf-manifest.json` });
  try {
    await seedCart(page);
    await page.goto(host.url);
    await expect(page.getByTestId('catalog-home')).toBeVisible();

    await remote.stop();
    await page.reload();
    await expect(catalogFallback(page)).toContainText('Не удалось загрузить раздел');
    await expectRestOfPageWorks(page);

    // The same server comes back on the same port: «Повторить» loads the area.
    remote = await startRemoteServer(dist, remote.port);
    await page.getByTestId('quick-cart').getByRole('button', { name: 'Закрыть' }).click();
    await catalogFallback(page).getByRole('button', { name: 'Повторить' }).click();
    await expect(page.getByTestId('catalog-home')).toBeVisible();
  } finally {
    await remote.stop();
    await host.stop();
  }
});

test('a remote that accepts the connection and never answers times out into the fallback', async ({ page }) => {
  const hanging = await startHangingServer();
  const host = await startPrivateHost({ ...shop.registry, mf_catalog: `http://localhost:${hanging.port}/1.0.0/mf-manifest.json` });
  try {
    await seedCart(page);
    await page.goto(host.url);
    await expect(catalogFallback(page)).toContainText('Не удалось загрузить раздел', { timeout: 15_000 });
    await expectRestOfPageWorks(page);
  } finally {
    await host.stop();
    await hanging.stop();
  }
});

test('a manifest that answers 404 shows the fallback', async ({ page }) => {
  const catalog = new URL(shop.registry.mf_catalog as string);
  const host = await startPrivateHost({ ...shop.registry, mf_catalog: `${catalog.origin}/0.0.0-missing/mf-manifest.json` });
  try {
    await seedCart(page);
    await page.goto(host.url);
    await expect(catalogFallback(page)).toContainText('Не удалось загрузить раздел');
    await expectRestOfPageWorks(page);
  } finally {
    await host.stop();
  }
});

test('a remote module that throws shows the fallback and leaves the rest working', async ({ page }) => {
  const version = shop.versions.mf_catalog as string;
  const remote = await startRemoteServer(brokenRelease('mf-catalog', version, 'HomePage'));
  const host = await startPrivateHost({ ...shop.registry, mf_catalog: `http://localhost:${remote.port}/${version}/mf-manifest.json` });
  try {
    await seedCart(page);
    await page.goto(host.url);
    await expect(catalogFallback(page)).toContainText('Не удалось загрузить раздел');
    await expectRestOfPageWorks(page);
    // Another page of the same remote still loads: only the broken module fails.
    await page.goto(`${host.url}/search`);
    await expect(page.locator('[data-remote="mf_catalog"]').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[data-remote="mf_catalog"]').getByRole('alert')).toHaveCount(0);
  } finally {
    await host.stop();
    await remote.stop();
  }
});

test('a passing network fault on a remote is retried and the shopper never sees it', async ({ page }) => {
  await seedCart(page);
  let failed = 0;
  await page.route('**/mf-manifest.json', async (route) => {
    if (route.request().url().includes(new URL(shop.registry.mf_catalog as string).port) && failed === 0) {
      failed += 1;
      return route.abort('connectionreset');
    }
    return route.continue();
  });
  await page.goto('/');
  await expect(page.getByTestId('catalog-home')).toBeVisible();
  expect(failed).toBe(1);
  await expect(catalogFallback(page)).toHaveCount(0);
});
