// Guards hydration: each server-rendered page type hydrates with zero console errors
// and zero page errors (no mismatch: React's #418/#423 are console errors here), no CSP
// violation, no area silently left to the browser (that warning is allowed on the pages made of
// browser storage only: cart, checkout, favourites), and answers a click right after hydration.
// The answer's CSP allows the page's inline scripts by their hashes and never 'unsafe-inline'.
import { type APIRequestContext, expect, type Page, test } from '../support/test.ts';
import { gql } from '../support/catalog.ts';
import { categoryByPath } from '../support/catalog-data.ts';
import { returningVisitor } from '../support/fresh-visitor.ts';
import { findProduct } from '../support/product-page.ts';
import { hydrated } from '../support/ssr.ts';

/** Console errors, page errors, CSP violations and «left to the browser» warnings of one page load. */
function watch(page: Page) {
  const problems: string[] = [];
  const leftToBrowser: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    if (message.type() === 'warning' && message.text().includes('a remote area was rendered in the browser')) leftToBrowser.push(message.text());
    if (/Content Security Policy/i.test(message.text())) problems.push(`csp: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return { problems, leftToBrowser };
}

async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
}

test.beforeEach(async ({ page }) => {
  await returningVisitor(page);
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations?: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__cspViolations?.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`));
  });
});

/** The search box opens from the header: the shell answers clicks. */
async function searchOpens(page: Page) {
  await page.getByRole('button', { name: 'Поиск', exact: true }).click();
  await expect(page.getByRole('banner').getByPlaceholder('Напиши, что хочешь найти и нажми Enter...').filter({ visible: true })).toBeVisible();
}

/** `browserOnly`: a page made of browser storage (contracts/src/pages.ts): its area is left to the browser, with a warning. */
const pages: { name: string; url: (request: APIRequestContext) => Promise<string>; status?: number; browserOnly?: boolean }[] = [
  { name: 'home', url: async () => '/' },
  { name: 'category', url: async () => '/catalog/obuv' },
  {
    name: 'filtered listing',
    url: async (request) => `/catalog/obuv?category=${(await categoryByPath(request, '/catalog/obuv/krossovki').catch(() => categoryByPath(request, '/catalog/obuv'))).id}&priceFrom=1000`,
  },
  { name: 'search', url: async () => `/search?search=${encodeURIComponent('кроссовки')}` },
  { name: 'product', url: async (request) => (await findProduct(request, 'a product', () => true)).webPath },
  {
    name: 'brand',
    url: async (request) => (await gql<{ brands: { items: { webPath: string }[] } }>(request, '{ brands(limit: 1) { items { webPath } } }')).brands.items[0]?.webPath ?? '/',
  },
  { name: '404', url: async () => '/no-such-page-ssr', status: 404 },
  { name: 'cart', url: async () => '/cart', browserOnly: true },
  { name: 'checkout', url: async () => '/checkout', browserOnly: true },
  { name: 'favourites', url: async () => '/favourites', browserOnly: true },
];

for (const { name, url, status, browserOnly } of pages) {
  test(`${name}: hydrates with no console error, no page error, no CSP violation, and answers a click`, async ({ page, request }) => {
    const seen = watch(page);
    const target = await url(request);
    const response = await page.goto(target);
    expect(response?.status()).toBe(status ?? 200);
    const csp = (await response?.allHeaders())?.['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src [^;]*'sha256-[A-Za-z0-9+/=]{44}'/);
    expect(csp).not.toContain("'unsafe-inline'");
    // the page came from the server: its #root is not empty before any script
    expect(await response?.text()).toMatch(/<div id="root"><[a-z]/);
    await hydrated(page, { areas: status !== 404 });
    await searchOpens(page);
    await page.waitForTimeout(300);
    // the 404 page's own answer is logged by Chromium as a failed resource: that is its status, not an error
    const problems = seen.problems.filter((p) => !(status === 404 && /Failed to load resource: the server responded with a status of 404/.test(p)));
    expect(problems, problems.join('\n')).toEqual([]);
    // only the pages made of browser storage leave their area to the browser
    if (!browserOnly) expect(seen.leftToBrowser, `areas left to the browser on ${target}`).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });
}

test('product page: right after hydration a size is chosen and «В корзину» puts it in the cart', async ({ page, request }) => {
  const seen = watch(page);
  const product = await findProduct(request, 'a size in stock', (p) => p.offers.some((o) => !o.soldOut));
  const offer = product.offers.find((o) => !o.soldOut) as (typeof product.offers)[number];
  await page.goto(product.webPath);
  await hydrated(page);
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  const main = page.getByTestId('product-page');
  await main.getByRole('radio', { name: offer.size, exact: true }).check();
  await main.getByRole('button', { name: 'В корзину' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  expect(seen.problems, seen.problems.join('\n')).toEqual([]);
});

test('home: right after hydration a card’s heart adds to favourites', async ({ page }) => {
  const seen = watch(page);
  await page.goto('/');
  await hydrated(page);
  await expect(page.getByTestId('favourites-count')).toHaveCount(0);
  await page.locator('[data-remote="mf_catalog"]').getByRole('button', { name: /^В избранное: / }).first().click();
  await expect(page.getByTestId('favourites-count')).toHaveText('1');
  expect(seen.problems, seen.problems.join('\n')).toEqual([]);
});

test('on a slow network each area keeps its server-rendered HTML until its code comes (no skeleton blink)', async ({ page, request }) => {
  const product = await findProduct(request, 'a product', () => true);
  // each remote's page module arrives 3 s late, as on a slow phone's network
  await page.route(/__federation_expose_\w+\.[0-9a-f]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await route.continue().catch(() => undefined);
  });
  // the server's first element of each area: hydration keeps it; rendering the area anew replaces it
  await page.addInitScript(() => {
    const w = window as unknown as { __replaced?: string[] };
    w.__replaced = [];
    document.addEventListener('DOMContentLoaded', () => {
      const server = [...document.querySelectorAll('[data-remote]')].map((slot) => [slot, slot.firstElementChild] as const);
      new MutationObserver(() => {
        for (const [slot, first] of server)
          if (!first || !slot.contains(first)) w.__replaced?.push(slot.getAttribute('data-remote') ?? '?');
      }).observe(document, { subtree: true, childList: true });
    });
  });
  for (const target of ['/', '/catalog/obuv', product.webPath]) {
    await page.goto(target);
    await expect(page.locator('[data-remote]:not([data-ready])')).toHaveCount(0, { timeout: 20_000 });
    const replaced = await page.evaluate(() => (window as unknown as { __replaced?: string[] }).__replaced ?? []);
    expect([...new Set(replaced)], `areas that blinked to a skeleton on ${target}`).toEqual([]);
  }
});
