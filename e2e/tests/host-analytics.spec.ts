// Guards visitor tracking: visitor_id, the counter's client id, user params, and one
// page hit per page shown: the landing page once (the counter runs with defer:true and sends
// none itself), every route change, and Back to the landing page. The real counter cannot be reached here:
// a recorder stands in for `window.ym` and we assert on what would have been sent.

import { openWithCart, twoSizesInStock } from '../support/cart.ts';
import { returningVisitor } from '../support/fresh-visitor.ts';
import { shop, startPrivateHost } from '../support/private-host.ts';
import { expect, type Page, test } from '../support/test.ts';

const COUNTER_ID = 98765432;
type Call = [number, string, ...unknown[]];

async function recordCounter(page: Page) {
  await page.route('https://mc.yandex.ru/**', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
  await page.addInitScript(() => {
    const calls: unknown[][] = [];
    (window as unknown as { __ymCalls: unknown[][] }).__ymCalls = calls;
    (window as unknown as { ym: (...args: unknown[]) => void }).ym = (...args: unknown[]) => {
      calls.push(args.filter((a) => typeof a !== 'function'));
      if (args[1] === 'getClientID' && typeof args[2] === 'function') (args[2] as (id: string) => void)('1732300000123');
    };
  });
}

const calls = (page: Page) => page.evaluate(() => (window as unknown as { __ymCalls: Call[] }).__ymCalls);

const hits = async (page: Page) => (await calls(page)).filter((c) => c[1] === 'hit');

/** How many times a goal was reached. */
const goals = async (page: Page, goal: string) => (await calls(page)).filter((c) => c[1] === 'reachGoal' && c[2] === goal).length;

test('with a counter configured: identity on start, one hit for the landing page, one hit per route change', async ({ page, context }) => {
  const host = await startPrivateHost(shop.registry, { METRICS_COUNTER_ID: String(COUNTER_ID) });
  try {
    await returningVisitor(page);
    await recordCounter(page);
    await page.goto(host.url);
    const visitorId = await page.evaluate(() => localStorage.getItem('visitor_id'));
    expect(visitorId).toMatch(/^[0-9a-f-]{36}$/);
    const cookies = await context.cookies(host.url);
    expect(cookies.find((c) => c.name === 'visitor_id')).toMatchObject({ value: visitorId, path: '/', sameSite: 'Lax' });
    await expect.poll(async () => (await context.cookies(host.url)).find((c) => c.name === 'ym_client_id')?.value).toBe('1732300000123');

    const start = await calls(page);
    expect(start).toContainEqual([COUNTER_ID, 'setUserID', visitorId]);
    expect(start).toContainEqual([COUNTER_ID, 'userParams', { visitor_id: visitorId }]);
    await expect.poll(async () => (await hits(page)).length).toBe(1);
    const landing = (await hits(page))[0] as Call;
    expect(landing[2]).toBe('/');
    expect(landing[3]).toMatchObject({ title: await page.title() });
    // Exactly once: nothing more for the landing page while the shopper stays on it.
    await page.waitForTimeout(1500);
    expect(await hits(page)).toHaveLength(1);

    await page.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name: 'Новинки' }).click();
    await expect(page).toHaveURL(/sort=newly/);
    await expect.poll(async () => (await hits(page)).length).toBe(2);
    const hit = (await hits(page))[1] as Call;
    expect(hit[2]).toBe('/search?sort=newly');
    expect(hit[3]).toMatchObject({ referer: `${host.url}/`, title: expect.any(String) });
  } finally {
    await host.stop();
  }
});

test('Back to the landing page sends its hit and restores its title', async ({ page }) => {
  const host = await startPrivateHost(shop.registry, { METRICS_COUNTER_ID: String(COUNTER_ID) });
  try {
    await returningVisitor(page);
    await recordCounter(page);
    await page.goto(`${host.url}/brands/nike`);
    const landingTitle = await page.title();
    await expect.poll(async () => (await hits(page)).map((c) => c[2])).toEqual(['/brands/nike']);
    const card = page.getByTestId('catalog-listing').locator('a[href^="/product/"]').first();
    const productPath = (await card.getAttribute('href')) ?? '';
    await card.click();
    await expect.poll(async () => (await hits(page)).map((c) => c[2])).toEqual(['/brands/nike', productPath]);
    await expect.poll(() => page.title()).not.toBe(landingTitle);
    await page.goBack();
    await expect(page).toHaveURL(/\/brands\/nike$/);
    await expect.poll(async () => (await hits(page)).map((c) => c[2])).toEqual(['/brands/nike', productPath, '/brands/nike']);
    await expect.poll(() => page.title()).toBe(landingTitle);
    const back = (await hits(page))[2] as Call;
    expect(back[3]).toMatchObject({ title: landingTitle, referer: `${host.url}${productPath}` });
  } finally {
    await host.stop();
  }
});

test('opening the quick cart from the header counts as seeing the cart, each time it opens', async ({ page, request }) => {
  const host = await startPrivateHost(shop.registry, { METRICS_COUNTER_ID: String(COUNTER_ID) });
  try {
    await returningVisitor(page);
    await recordCounter(page);
    const [line] = await twoSizesInStock(request);
    await openWithCart(page, [line], `${host.url}/`);
    // the counter runs: the landing page is counted, and no cart was seen yet
    await expect.poll(async () => (await hits(page)).length).toBe(1);
    expect(await goals(page, 'see_cart')).toBe(0);
    const cart = page.getByRole('banner').getByRole('button', { name: /^Корзина/ });
    const panel = page.getByTestId('quick-cart');
    await cart.click();
    await expect(panel.getByRole('heading', { name: 'Корзина' })).toBeVisible();
    await expect.poll(() => goals(page, 'see_cart')).toBe(1);
    await panel.getByRole('button', { name: 'Закрыть' }).click();
    await expect(panel).toBeHidden();
    await cart.click();
    await expect(panel.getByRole('heading', { name: 'Корзина' })).toBeVisible();
    await expect.poll(() => goals(page, 'see_cart')).toBe(2);
  } finally {
    await host.stop();
  }
});

test('the same visitor keeps the same id on the next visit', async ({ page }) => {
  await returningVisitor(page);
  await page.goto('/');
  const first = await page.evaluate(() => localStorage.getItem('visitor_id'));
  await page.reload();
  expect(await page.evaluate(() => localStorage.getItem('visitor_id'))).toBe(first);
});

test('a visitor whose cookies alone were cleared keeps the id stored in localStorage, and the cookie gets it back', async ({ page, context }) => {
  await returningVisitor(page);
  await page.goto('/');
  const first = await page.evaluate(() => localStorage.getItem('visitor_id'));
  expect(first).toMatch(/^[0-9a-f-]{36}$/);
  await context.clearCookies();
  // The server's first answer sets a new id (and renders with that id's releases: a
  // server-rendered page hydrates with them, host/src/bootstrap.tsx); the page must restore the
  // stored one, and the next page the server renders is chosen under it.
  const answer = await page.reload();
  expect((await answer?.headerValue('set-cookie')) ?? '').toMatch(/^visitor_id=(?!${first})/);
  expect(await page.evaluate(() => localStorage.getItem('visitor_id'))).toBe(first);
  expect((await context.cookies()).find((c) => c.name === 'visitor_id')?.value).toBe(first);
  // The page still works: its remote rendered.
  await expect(page.getByRole('region', { name: 'Топ бренды' })).toBeVisible();
  const next = page.waitForRequest((r) => r.isNavigationRequest() && r.frame() === page.mainFrame());
  await page.reload();
  expect(await (await next).headerValue('cookie')).toContain(`visitor_id=${first}`);
  expect(await page.evaluate(() => localStorage.getItem('visitor_id'))).toBe(first);
});

test('without a counter nothing is sent to one and its script is not loaded', async ({ page }) => {
  const counterRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('mc.yandex')) counterRequests.push(r.url());
  });
  await returningVisitor(page);
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name: 'Новинки' }).click();
  await expect(page).toHaveURL(/sort=newly/);
  expect(await page.evaluate(() => typeof (window as unknown as { ym?: unknown }).ym)).toBe('undefined');
  expect(counterRequests).toEqual([]);
});

// The order page's key opens the order (name, phone, address): the counter gets the page without it.
test('an order page is counted without its access key, and is not the next page’s referer with it', async ({ page }) => {
  const host = await startPrivateHost(shop.registry, { METRICS_COUNTER_ID: String(COUNTER_ID) });
  try {
    await returningVisitor(page);
    await recordCounter(page);
    await page.goto(`${host.url}/order/SH-ZZZZZ?utm_source=mail&key=Secret-Key-0123456789`);
    await expect(page.getByRole('heading', { name: 'Заказ не найден' })).toBeVisible();
    await expect.poll(async () => (await hits(page)).length).toBe(1);
    expect((await hits(page))[0]?.[2]).toBe('/order/SH-ZZZZZ?utm_source=mail');
    await page.getByRole('link', { name: 'Перейти в каталог' }).click();
    await expect.poll(async () => (await hits(page)).length).toBe(2);
    expect((await hits(page))[1]?.[3]).toMatchObject({ referer: `${host.url}/order/SH-ZZZZZ?utm_source=mail` });
    expect(JSON.stringify(await calls(page))).not.toContain('Secret-Key');
  } finally {
    await host.stop();
  }
});
