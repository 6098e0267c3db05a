// Guards server rendering's first promise: the first screen is in the HTML. With JavaScript off a product
// page shows its name, price and sizes, a listing its product cards, and every page the header,
// menus and footer; the page state carries the Apollo cache the server filled, and the browser
// hydrates from it without asking the API again for the page's first data.
import { expect, type Page, type Request, test } from '../support/test.ts';
import { productCards } from '../support/catalog-listing.ts';
import { findProduct } from '../support/product-page.ts';
import { hydrated, pageState, rootHtml } from '../support/ssr.ts';

test.describe('without JavaScript', () => {
  // nothing runs, so nothing hydrates: support/test.ts need not wait for it
  test.use({ javaScriptEnabled: false, waitForHydration: false });

  test('a product page shows the name, the price and the sizes', async ({ page, request }) => {
    const product = await findProduct(request, 'sizes in stock', (p) => p.offers.filter((o) => !o.soldOut).length > 1);
    await page.goto(product.webPath);
    const main = page.getByTestId('product-page');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(product.name);
    await expect(main.getByTestId('product-price')).toContainText('₽');
    const sizes = main.getByRole('group', { name: 'Размер' });
    for (const offer of product.offers) await expect(sizes.getByRole('radio', { name: offer.size, exact: true })).toBeAttached();
    // nothing ran: no script marked the page live
    await expect(page.locator('html[data-live]')).toHaveCount(0);
  });

  test('a category listing shows product cards; header, menus and footer are there', async ({ page }) => {
    await page.goto('/catalog/obuv');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await productCards(page).count()).toBeGreaterThan(3);
    await expect(productCards(page).first().getByText(/₽$/)).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Основное меню' });
    await expect(menu.getByRole('link', { name: 'Новинки' })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Обувь' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link').first()).toBeAttached();
  });

  test('the home page shows its sections with product cards', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('catalog-home')).toBeVisible();
    // each slider's first view: the home page's sliders are under the first screen, so the server
    // renders one card each (the rest come as a slider nears the screen, which needs the scripts)
    for (const title of ['Рекомендуем', 'Популярное', 'Новинки']) {
      await expect(page.getByRole('region', { name: title }).getByRole('article').first()).toBeAttached();
    }
  });
});

test('the page state holds the Apollo cache the server filled, escaped for a script element', async ({ request }) => {
  const product = await findProduct(request, 'a product', () => true);
  const response = await request.get(product.webPath);
  expect(response.status()).toBe(200);
  const html = await response.text();
  const state = pageState(html);
  expect(state.apollo, 'the page state has no Apollo cache').toBeTruthy();
  const cache = JSON.stringify(state.apollo);
  expect(cache).toContain('ROOT_QUERY');
  expect(cache).toContain(product.name);
  expect(rootHtml(html)).toContain(product.name.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;'));
  // the state's JSON never closes its own script element early
  const script = html.match(/<script type="application\/json" id="shop-state">(.*?)<\/script>/s)?.[1] ?? '';
  expect(script).not.toMatch(/<\/script/i);
  expect(script).not.toContain('<!--');
});

const SLIDER_LISTS = ['RecommendedProducts', 'PopularProducts', 'NewestProducts'];

/**
 * The GraphQL operations a page asks the API from its load until a moment after hydration; a
 * slider's request for the rest of its cards is marked «(the rest)».
 */
async function askedUntilHydrated(page: Page, url: string): Promise<string[]> {
  const asked: string[] = [];
  const track = (req: Request) => {
    if (!new URL(req.url()).pathname.endsWith('/api/graphql')) return;
    const body = req.postData() ?? '';
    const search = new URL(req.url()).searchParams;
    let operation = search.get('operationName') ?? '';
    let variables: { limit?: unknown } = {};
    try {
      variables = JSON.parse(search.get('variables') ?? '{}') as { limit?: unknown };
    } catch {}
    try {
      const parsed = JSON.parse(body) as {
        operationName?: string;
        variables?: { limit?: unknown };
        extensions?: { persistedQuery?: { sha256Hash?: string } };
      };
      operation ||= parsed.operationName ?? parsed.extensions?.persistedQuery?.sha256Hash ?? body.slice(0, 80);
      variables = parsed.variables ?? variables;
    } catch {
      operation ||= body.slice(0, 80);
    }
    // a slider near the screen asking for the rest of its cards (twenty) is not the page's first data
    asked.push(SLIDER_LISTS.includes(operation) && variables.limit === 20 ? `${operation} (the rest)` : operation);
  };
  page.on('request', track);
  await page.goto(url);
  await hydrated(page);
  // a moment for anything a hydrated page would still ask
  await page.waitForTimeout(1000);
  page.off('request', track);
  console.log(`[ssr-html] ${url}: graphql after hydration: ${asked.join(', ') || 'none'}`);
  return asked;
}

test('the browser hydrates the product page without asking the API for its first data', async ({ page, request }) => {
  const product = await findProduct(request, 'sizes in stock', (p) => p.offers.some((o) => !o.soldOut));
  const asked = await askedUntilHydrated(page, product.webPath);
  await expect(page.getByTestId('product-page').getByRole('heading', { level: 1 })).toHaveText(product.name);
  // the page's first data (the product, the menus) came from the HTML; the recommendations below
  // it are asked once they come within 400 px of the screen, which at 720 px is a few pixels'
  // matter of the page's height
  const first = asked.filter((operation) => !operation.startsWith('RecommendedProducts'));
  expect(first, `asked after hydration: ${asked.join(', ')}`).toEqual([]);
});

test('the browser hydrates a listing and the home page without asking the API for their first data', async ({ page }) => {
  for (const url of ['/catalog/obuv', '/']) {
    const asked = await askedUntilHydrated(page, url);
    // the home page's sliders render their first card from the HTML and ask for the rest as they near the screen
    const first = asked.filter((operation) => !operation.endsWith(' (the rest)'));
    expect(first, `${url}: asked after hydration: ${asked.join(', ')}`).toEqual([]);
  }
});

test('a server-rendered page shows, styled from its own HTML, before any of its scripts is fetched', async ({ page, request }) => {
  const stylesheets: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'stylesheet') stylesheets.push(r.url());
  });
  const html = await (await request.get('/catalog/obuv')).text();
  // the styles are in the head (allowed by their hashes): no stylesheet holds the first paint
  expect(html).toMatch(/<style data-href="\/static\/[^"]+\.css">/);
  expect(html).toMatch(/<style data-href="http[^"]+__federation_expose_ListingPage[^"]*\.css">/);
  expect(html).not.toMatch(/<link rel="stylesheet"/);
  expect(html).not.toMatch(/<script defer|rel="preload" as="script"/);
  await page.goto('/catalog/obuv');
  await hydrated(page);
  const { paint, firstScript } = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.POSITIVE_INFINITY,
    firstScript: Math.min(
      ...performance
        .getEntriesByType('resource')
        .filter((entry) => /\.js(\?|$)/.test(new URL(entry.name).pathname))
        .map((entry) => entry.startTime),
    ),
  }));
  expect(paint, 'the page painted before its scripts were asked for').toBeLessThan(firstScript);
  // the live page uses the inline styles: each file is fetched once at most, and none is applied twice
  expect(new Set(stylesheets).size).toBe(stylesheets.length);
  await expect(page.locator('link[rel="stylesheet"]:not([media="print"])')).toHaveCount(0);
  // the listing's own rule (the remote's stylesheet), not the browser's default heading margin
  await expect(page.getByRole('heading', { level: 1 })).toHaveCSS('margin-bottom', '8px');
});

test('a page starts with few host scripts: the shared libraries in one file, each file once, nothing of the desk', async ({
  page,
}) => {
  const hostScripts: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.resourceType() === 'script' && pathname.startsWith('/static/')) hostScripts.push(pathname);
  });
  await page.goto('/catalog/obuv');
  await hydrated(page);
  expect(new Set(hostScripts).size, hostScripts.join(' ')).toBe(hostScripts.length);
  // the entry, the shell's bootstrap, mf-shared and the libraries every app shares: six at a time
  // over HTTP/1.1, so a file more is a wait more for the photos in the same queue
  expect(hostScripts.filter((file) => /\/start-libraries\.[0-9a-f]+\.js$/.test(file)), hostScripts.join(' ')).toHaveLength(1);
  expect(hostScripts.length, hostScripts.join(' ')).toBeLessThanOrEqual(4);
  expect(hostScripts.filter((file) => file.includes('/desk')), hostScripts.join(' ')).toEqual([]);
});

test('every script a page starts with asks the browser to compile it off the main thread', async ({ page }) => {
  const scripts: Promise<[string, string]>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && response.ok()) {
      scripts.push(response.text().then((text) => [new URL(response.url()).pathname, text.slice(0, 40)]));
    }
  });
  await page.goto('/catalog/obuv');
  await hydrated(page);
  const loaded = await Promise.all(scripts);
  // the host's entry and start files, the page remote's entry and its exposed page's chunks
  expect(loaded.map(([file]) => file)).toEqual(
    expect.arrayContaining([expect.stringMatching(/\/static\/main\.[0-9a-f]+\.js$/), expect.stringMatching(/\/remoteEntry\.js$/)]),
  );
  expect(loaded.some(([file]) => file.includes('__federation_expose_ListingPage'))).toBe(true);
  for (const [file, start] of loaded) expect(start, file).toMatch(/^\/\/# allFunctionsCalledOnLoad\n/);
});

test('an area left to the browser carries only its digest: no server error message or stack trace in the HTML', async ({
  request,
}) => {
  const html = await (await request.get('/cart')).text();
  expect(html).toContain('data-dgst="shop-area:browser"');
  // React's development build writes the error's message and component stack beside the digest
  expect(html).not.toMatch(/data-msg=|data-stck=|data-cstck=|\.cjs|node_modules/);
});
