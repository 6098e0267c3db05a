// Guards the browser tests' own footing under server rendering (e2e/support/test.ts): a page
// the tests touch is hydrated first, whichever way its document came (goto, reload, back, a
// full load from a click), and a page without JavaScript does not wait for what never comes.
// `page.evaluate` is no Playwright action: it reads the page as it is, without waiting.

import { expect, HYDRATION_WAIT_MS, type Page, test } from '../support/test.ts';

const live = (page: Page) =>
  page.evaluate(
    () => document.documentElement.hasAttribute('data-live') && !document.querySelector('[data-remote]:not([data-ready])'),
  );

test('goto, reload, back and forward return a live page', async ({ page }) => {
  await page.goto('/catalog/obuv');
  expect(await live(page)).toBe(true);
  await page.reload();
  expect(await live(page)).toBe(true);
  await page.goto('/brands/nike');
  expect(await live(page)).toBe(true);
  await page.goBack();
  expect(await live(page)).toBe(true);
  await page.goForward();
  expect(await live(page)).toBe(true);
});

test('a full page load from a click is live before the next action', async ({ page }) => {
  await page.goto('/');
  const first = await page.evaluate(() => performance.timeOrigin);
  // a plain link, not the router's: the browser loads a new document
  await page.evaluate(() => {
    const link = document.createElement('a');
    link.href = '/catalog/obuv';
    link.textContent = 'Полная загрузка';
    link.style.cssText = 'position:fixed;top:200px;left:200px;z-index:1000;padding:20px;background:#fff';
    document.body.append(link);
  });
  await page.getByText('Полная загрузка').click();
  await page.waitForURL('**/catalog/obuv');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await live(page)).toBe(true);
  // it was a new document, not the router's navigation
  expect(await page.evaluate(() => performance.timeOrigin)).not.toBe(first);
});

test('a page of a new context waits too; with JavaScript disabled nothing waits', async ({ browser }) => {
  const context = await browser.newContext();
  const withScripts = await context.newPage();
  await withScripts.goto('/catalog/obuv');
  expect(await live(withScripts)).toBe(true);
  await context.close();

  const noScripts = await browser.newContext({ javaScriptEnabled: false });
  const page = await noScripts.newPage();
  const started = Date.now();
  await page.goto('/catalog/obuv');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(Date.now() - started).toBeLessThan(HYDRATION_WAIT_MS / 2);
  await expect(page.locator('html[data-live]')).toHaveCount(0);
  await noScripts.close();
});
