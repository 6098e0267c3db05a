// Guards visitor tracking (spec §7): visitor_id, the counter's client id, user params, and a
// page hit on every route change after the first. The real counter cannot be reached here:
// a recorder stands in for `window.ym` and we assert on what would have been sent.
import { expect, type Page, test } from '@playwright/test';
import { returningVisitor } from '../support/fresh-visitor.ts';
import { shop, startPrivateHost } from '../support/private-host.ts';

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

test('with a counter configured: identity on start, no hit for the first page, one hit per route change', async ({ page, context }) => {
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
    expect(start.filter((c) => c[1] === 'hit')).toEqual([]);

    await page.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name: 'Новинки' }).click();
    await expect(page).toHaveURL(/sort=newly/);
    await expect.poll(async () => (await calls(page)).filter((c) => c[1] === 'hit').length).toBe(1);
    const hit = (await calls(page)).find((c) => c[1] === 'hit') as Call;
    expect(hit[2]).toBe('/search?sort=newly');
    expect(hit[3]).toMatchObject({ referer: `${host.url}/`, title: expect.any(String) });
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
