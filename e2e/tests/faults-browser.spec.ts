// Guards the shop in the browser under faults and bad input: corrupt or hostile stored carts, hostile query strings, the API down, slow or failing, and the registry unreachable — nothing executes, nothing blanks, the shopper reads Russian with «Повторить», the cart survives and the page recovers.

import { gql } from '../support/catalog.ts';
import { clientNavigate } from '../support/client-navigation.ts';
import { startFaultyApi } from '../support/faulty-api.ts';
import { returningVisitor } from '../support/fresh-visitor.ts';
import { shop, startPrivateHost } from '../support/private-host.ts';
import { expect, type Page, test } from '../support/test.ts';

const HOSTILE = '<img src=x onerror="window.__xss=(window.__xss||0)+1">';
const SCRIPT = '<script>window.__xss=(window.__xss||0)+1;alert(1)</script>';

const line = (i: number, over: Record<string, unknown> = {}) => ({
  id: `offer-${i}`,
  modelId: `m-${i}`,
  sku: `SKU-${i}`,
  name: `Кеды Vans Old Skool ${i}`,
  price: 7990,
  brand: { name: 'Vans' },
  mainCategory: { name: 'Кеды' },
  quantity: 1,
  ...over,
});

/** Records what must never happen: a dialog, a script of ours running, an uncaught error. */
async function watch(page: Page) {
  const seen = { dialogs: [] as string[], errors: [] as string[] };
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => seen.errors.push(error.message));
  return {
    async expectNothingRan() {
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      expect(seen.dialogs).toEqual([]);
      expect(seen.errors).toEqual([]);
    },
  };
}

async function storeCart(page: Page, raw: string) {
  await page.addInitScript((value) => {
    if (sessionStorage.getItem('faults-cart')) return;
    sessionStorage.setItem('faults-cart', '1');
    localStorage.setItem('shop-cart', value);
  }, raw);
}

const cartCount = (page: Page) => page.getByTestId('cart-count');

test.describe('a corrupt or hostile stored cart', () => {
  const cases: [string, string, string | null][] = [
    ['not JSON', '{"state":{"items":[{"id":', null],
    ['wrong shape', JSON.stringify({ state: { items: 'много' }, version: 1 }), null],
    [
      'wrong types in lines',
      JSON.stringify({
        state: {
          items: [null, 5, 'x', { id: {}, name: 5 }, line(1, { price: 'abc' }), line(2, { price: -5 }), line(3, { quantity: '99999' }), line(4, { quantity: 1e9 })],
        },
        version: 1,
      }),
      '100',
    ],
    ['an old version', JSON.stringify({ state: { items: [line(5, { quantity: 2 })] }, version: 0 }), '2'],
  ];
  for (const [what, raw, count] of cases) {
    test(`${what}: the page works and the cart keeps only valid lines`, async ({ page }) => {
      const guard = await watch(page);
      await returningVisitor(page);
      await storeCart(page, raw);
      await page.goto('/');
      await expect(page.getByTestId('catalog-home')).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();
      if (count === null) await expect(page.getByRole('button', { name: 'Корзина: 0 товаров' })).toBeVisible();
      else await expect(cartCount(page)).toHaveText(count);
      await guard.expectNothingRan();
    });
  }

  test('HTML and script in every text field are shown as text and never run', async ({ page }) => {
    const guard = await watch(page);
    await returningVisitor(page);
    const evil = line(7, {
      name: `${HOSTILE} Кеды`,
      sku: SCRIPT,
      size: HOSTILE,
      brand: { name: SCRIPT },
      mainCategory: { name: HOSTILE },
      image: 'javascript:window.__xss=1',
      webPath: 'javascript:window.__xss=1',
    });
    await storeCart(page, JSON.stringify({ state: { items: [evil] }, version: 1 }));
    await page.goto('/cart');
    const cart = page.getByTestId('cart-page');
    await expect(cart).toContainText('<img src=x onerror=');
    await expect(cart.locator('img[src="x"]')).toHaveCount(0);
    await expect(page.locator('a[href^="javascript:"], img[src^="javascript:"]')).toHaveCount(0);
    await page.getByRole('button', { name: /Корзина: 1 товар/ }).click();
    await expect(page.getByTestId('quick-cart')).toContainText('<img src=x onerror=');
    await guard.expectNothingRan();
  });

  test('10,000 stored lines: the page still opens and counts them', async ({ page }) => {
    const guard = await watch(page);
    await returningVisitor(page);
    const items = Array.from({ length: 10_000 }, (_, i) => line(i));
    await storeCart(page, JSON.stringify({ state: { items }, version: 1 }));
    await page.goto('/');
    await expect(page.getByTestId('catalog-home')).toBeVisible();
    await expect(page.getByRole('button', { name: /Корзина: 10\s?000 товаров/ })).toBeVisible();
    await expect(page.getByTestId('hero')).toBeVisible();
    await guard.expectNothingRan();
  });
});

test.describe('hostile query strings', () => {
  test('a script in the search text is shown as text, results are sane', async ({ page }) => {
    const guard = await watch(page);
    await returningVisitor(page);
    await page.goto(`/search?search=${encodeURIComponent(SCRIPT)}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('<script>');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByTestId('catalog-listing')).toBeVisible();
    await guard.expectNothingRan();
    await page.goto(`/search?search=${encodeURIComponent(`кроссовки ${HOSTILE}`)}&sort=${encodeURIComponent('../../')}&page=-1&priceFrom=abc`);
    await expect(page.getByTestId('catalog-listing')).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await guard.expectNothingRan();
  });

  test('a listing with nonsense and huge parameters shows products, not a blank page', async ({ page, request }) => {
    const guard = await watch(page);
    await returningVisitor(page);
    const { brands } = await gql<{ brands: { items: { webPath: string }[] } }>(request, '{ brands(limit: 1) { items { webPath } } }');
    const brand = brands.items[0]?.webPath as string;
    // as long as a shopper's browser sends and the host accepts (Node's 16 KB header limit)
    const huge = Array.from({ length: 800 }, (_, i) => i + 1).join(',');
    const urls = [
      `${brand}?page=-1&priceFrom=abc&priceTo=${'9'.repeat(40)}&sort=${encodeURIComponent('../../')}`,
      `${brand}?f1=${huge}&brand=${huge}&category=${encodeURIComponent("1' OR '1'='1")}`,
      `${brand}?${Array.from({ length: 60 }, (_, i) => `f${i}=${encodeURIComponent(SCRIPT)}`).join('&')}`,
    ];
    for (const url of urls) {
      await page.goto(url);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByTestId('catalog-listing')).toBeVisible();
      // products, or a Russian word about the link (the parts it could not apply are named and removable)
      await expect(
        page
          .getByTestId('product-card')
          .first()
          .or(page.getByRole('alert').first())
          .or(page.getByRole('status').filter({ hasText: 'Часть фильтров из ссылки не распознана' }))
          .first(),
      ).toBeVisible();
      await expect(page.locator('body')).not.toContainText(/undefined|NaN|Error:/);
      await guard.expectNothingRan();
    }
    // the plain nonsense ones (negative page, letters for a price, a path for a sort) fall back to the defaults
    await page.goto(urls[0] as string);
    await expect(page.getByTestId('product-card').first()).toBeVisible();
  });
});

test('catalogue texts with HTML and script (names, headings, descriptions) are shown as text on home, listing and product pages, rendered on the server and in the browser', async ({
  page,
}) => {
  const guard = await watch(page);
  await returningVisitor(page);
  const { products } = await gql<{ products: { items: { webPath: string; brand: { webPath: string } }[] } }>(
    page.request,
    '{ products(limit: 1) { items { webPath brand { webPath } } } }',
  );
  const TEXT_FIELDS = new Set(['name', 'text', 'description', 'heading', 'title', 'color', 'value', 'size']);
  const poison = (value: unknown, key = ''): unknown => {
    if (typeof value === 'string' && TEXT_FIELDS.has(key)) return `${value} ${HOSTILE}${SCRIPT}`;
    if (Array.isArray(value)) return value.map((v) => poison(v, key));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, poison(v, k)]));
    return value;
  };
  // The catalogue itself is hostile: every GraphQL answer, to the host server's render (the HTML
  // and its serialised state) and to the browser's own requests, carries HTML and a script.
  const api = await startFaultyApi(shop.apiUrl, { graphql: (answer) => poison(answer) });
  const host = await startPrivateHost(null, { API_URL: api.url });
  const shown = async () => {
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByText('<img src=x onerror=', { exact: false }).first()).toBeVisible();
    await expect(page.locator('main img[src="x"], main script:not([type])')).toHaveCount(0);
    await guard.expectNothingRan();
  };
  try {
    const paths = ['/', products.items[0]?.brand.webPath as string, products.items[0]?.webPath as string];
    for (const path of paths) {
      const response = await page.goto(`${host.url}${path}`);
      const html = (await response?.text()) ?? '';
      // in the server's HTML as text, never as markup (nor as a script closing the page state early)
      expect(html).toContain('&lt;img src=x onerror=');
      expect(html).not.toContain('<img src=x');
      expect(html).not.toContain('<script>window.__xss');
      await shown();
    }
    // the browser's own answers (a page opened after the first one) likewise
    const before = api.rewritten();
    await clientNavigate(page, paths[1] as string);
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    expect(api.rewritten()).toBeGreaterThan(before);
    await shown();
  } finally {
    await host.stop();
    await api.stop();
  }
});

test('a URL longer than the server takes (over 16 KB) gets a Russian page with a way home, not the browser’s error screen', async ({ page }) => {
  const guard = await watch(page);
  await returningVisitor(page);
  const response = await page.goto(`/search?search=${'кроссовки'.repeat(1200)}`);
  expect(response?.status()).toBe(431);
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(response?.headers()['x-content-type-options']).toBe('nosniff');
  await expect(page.getByText('Слишком длинный адрес страницы')).toBeVisible();
  await page.getByRole('link', { name: 'На главную' }).click();
  await expect(page.getByTestId('catalog-home')).toBeVisible();
  await guard.expectNothingRan();
});

test.describe('the API failing under the browser', () => {
  const cartLine = line(42, { name: 'Кроссовки Nike Air Force 1', quantity: 2 });

  async function brandPath(page: Page): Promise<string> {
    const { brands } = await gql<{ brands: { items: { webPath: string }[] } }>(page.request, '{ brands(limit: 1) { items { webPath } } }');
    return brands.items[0]?.webPath as string;
  }

  async function expectRussianRetry(page: Page) {
    const alert = page.getByRole('alert').filter({ hasText: 'Не удалось загрузить' }).first();
    await expect(alert).toBeVisible();
    await expect(alert.getByRole('button', { name: 'Повторить' })).toBeVisible();
    await expect(page.locator('main, body').first()).not.toContainText(/Failed to fetch|Internal|Error|undefined|NaN|connection refused/);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(cartCount(page)).toHaveText('2');
  }

  const failures: [string, Parameters<Page['route']>[1]][] = [
    ['down (connection refused)', (route) => route.abort('connectionrefused')],
    [
      'answering 500',
      (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"errors":[{"message":"Internal Server Error: connection refused at db.ts:12"}]}' }),
    ],
    [
      'answering GraphQL errors',
      (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: '{"data":null,"errors":[{"message":"Unexpected error.","extensions":{"code":"INTERNAL_SERVER_ERROR"}}]}',
        }),
    ],
  ];
  // A server-rendered page came with its first data from the host server: the browser meets the
  // API on the pages it opens after it (a link, here a client navigation).
  const START = '/catalog/obuv';

  for (const [what, handler] of failures) {
    test(`API ${what}: the server-rendered page hydrates without it; the next page says so in Russian with «Повторить», the cart intact, and «Повторить» recovers`, async ({
      page,
    }) => {
      const guard = await watch(page);
      await returningVisitor(page);
      await storeCart(page, JSON.stringify({ state: { items: [cartLine] }, version: 1 }));
      const path = await brandPath(page);
      await page.route('**/api/graphql', handler);
      await page.goto(START);
      await expect(page.getByTestId('product-card').first()).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: 'Не удалось' })).toHaveCount(0);
      await expect(cartCount(page)).toHaveText('2');
      await clientNavigate(page, path);
      await expectRussianRetry(page);
      // only no answer at all is the shopper's connection; a 500 or a masked error is the shop's server
      const alert = page.getByRole('alert').filter({ hasText: 'Не удалось загрузить' }).first();
      if (what.startsWith('down')) await expect(alert).toContainText('Проверьте соединение');
      else {
        await expect(alert).toContainText('ошибка на сервере магазина');
        await expect(alert).not.toContainText('соединение');
      }
      await page.unroute('**/api/graphql');
      await page.getByRole('alert').getByRole('button', { name: 'Повторить' }).first().click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByTestId('product-card').first()).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: 'Не удалось загрузить' })).toHaveCount(0);
      await expect(cartCount(page)).toHaveText('2');
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('shop-cart') ?? '{}').state.items.length)).toBe(1);
      await guard.expectNothingRan();
    });
  }

  test('API down on a product page and on the home page: Russian messages, the header and cart keep working', async ({ page }) => {
    await returningVisitor(page);
    await storeCart(page, JSON.stringify({ state: { items: [cartLine] }, version: 1 }));
    const { products } = await gql<{ products: { items: { webPath: string }[] } }>(page.request, '{ products(limit: 1) { items { webPath } } }');
    await page.goto(START);
    await page.route('**/api/graphql', (route) => route.abort('connectionrefused'));
    await clientNavigate(page, products.items[0]?.webPath as string);
    await expectRussianRetry(page);
    await page.unroute('**/api/graphql');
    await page.getByRole('alert').getByRole('button', { name: 'Повторить' }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Не удалось загрузить' })).toHaveCount(0);

    await page.route('**/api/graphql', (route) => route.abort('connectionrefused'));
    await clientNavigate(page, '/');
    await expectRussianRetry(page);
    await page.getByRole('button', { name: /Корзина: 2 товара/ }).click();
    await expect(page.getByTestId('quick-cart')).toContainText('Кроссовки Nike Air Force 1');
  });

  test('API slow (10 s): the page waits without an error and fills by itself', async ({ page }) => {
    test.setTimeout(75_000);
    await returningVisitor(page);
    await storeCart(page, JSON.stringify({ state: { items: [cartLine] }, version: 1 }));
    const path = await brandPath(page);
    // a page with no product cards to start from (the shell's «not found»)
    await page.goto('/e2e-no-such-page');
    await expect(page.getByTestId('product-card')).toHaveCount(0);
    let delayed = 0;
    await page.route('**/api/graphql', async (route) => {
      delayed++;
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      await route.continue().catch(() => {});
    });
    const started = Date.now();
    await clientNavigate(page, path);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(cartCount(page)).toHaveText('2');
    await page.waitForTimeout(3000);
    await expect(page.getByTestId('product-card')).toHaveCount(0);
    await expect(page.getByRole('alert').filter({ hasText: 'Не удалось' })).toHaveCount(0);
    // the browser resolves the address and then asks for the listing: two slow answers in a row
    await expect(page.getByTestId('product-card').first()).toBeVisible({ timeout: 35_000 });
    expect(Date.now() - started).toBeGreaterThan(9_000);
    expect(delayed).toBeGreaterThan(0);
  });
});

test.describe('the registry unreachable', () => {
  test('the host still serves the page: header and cart work, areas say so in Russian, and the next load recovers', async ({ page }) => {
    const api = await startFaultyApi(shop.releaseUrl);
    api.fail('/api/registry');
    const host = await startPrivateHost(null, { RELEASE_URL: api.url });
    try {
      await returningVisitor(page);
      await storeCart(page, JSON.stringify({ state: { items: [line(9, { quantity: 2 })] }, version: 1 }));
      const response = await page.goto(host.url);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(cartCount(page)).toHaveText('2');
      const fallback = page.getByRole('alert').filter({ hasText: 'Не удалось загрузить раздел' }).first();
      await expect(fallback).toBeVisible();
      await expect(fallback.getByRole('button', { name: 'Повторить' })).toBeVisible();
      await expect(page.locator('body')).not.toContainText(/Error|undefined|registry/);
      // the header's own parts work without any remote: the search form opens
      await page.getByRole('banner').getByRole('button', { name: /Поиск/ }).first().click();
      await expect(page.getByRole('searchbox').or(page.getByRole('textbox', { name: /Поиск|поиск/ })).first()).toBeVisible();

      api.heal();
      await page.reload();
      await expect(page.getByTestId('catalog-home')).toBeVisible();
      await expect(cartCount(page)).toHaveText('2');
    } finally {
      await host.stop();
      await api.stop();
    }
  });

  test('the whole API unreachable from the host: a Russian page with «Повторить», not a blank one', async ({ page }) => {
    const api = await startFaultyApi(shop.apiUrl);
    api.fail('/api/');
    // the release service's registry behind a failing stand-in of its own: nothing answers
    const release = await startFaultyApi(shop.releaseUrl);
    release.fail('/api/');
    const host = await startPrivateHost(null, { API_URL: api.url, RELEASE_URL: release.url });
    try {
      await returningVisitor(page);
      await storeCart(page, JSON.stringify({ state: { items: [line(9, { quantity: 2 })] }, version: 1 }));
      const response = await page.goto(host.url);
      expect(response?.status()).toBe(503);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(cartCount(page)).toHaveText('2');
      const alert = page.getByRole('alert').filter({ hasText: /Не удалось загрузить/ }).first();
      await expect(alert).toBeVisible();
      await expect(alert.getByRole('button', { name: 'Повторить' })).toBeVisible();
      await expect(page.locator('body')).not.toContainText(/Error|undefined|unavailable/);
      api.heal();
      release.heal();
      await page.reload();
      await expect(page.getByTestId('catalog-home')).toBeVisible();
    } finally {
      await host.stop();
      await release.stop();
      await api.stop();
    }
  });
});
