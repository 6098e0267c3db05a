// Guards admission control of server renders (host/server/admission.ts, audit 2026-11-28 F1): past
// SSR_CONCURRENCY renders at once a page is shed, answered at once as the page the browser renders
// (200, `x-render: shed`, no-store), and that page is a whole page in Chromium: the home page's
// products show and the first tap on one works.
import { returningVisitor } from '../support/fresh-visitor.ts';
import { shop, startPrivateHost } from '../support/private-host.ts';
import { expect, test } from '../support/test.ts';

test.setTimeout(120_000);

test('a page shed past the render limit shows the products in the browser and its first tap works', async ({ browser }) => {
  // one render at a time, no wait for it, no page cache: any page asked during a render is shed
  const host = await startPrivateHost(shop.registry, { SSR_CONCURRENCY: '1', SSR_QUEUE_MS: '0', PAGE_CACHE: 'off' });
  let busy = true;
  // other shoppers opening the home page at the same time
  const others = Array.from({ length: 4 }, async () => {
    while (busy) await fetch(`${host.url}/`).then((r) => r.arrayBuffer(), () => undefined);
  });
  const context = await browser.newContext({ hasTouch: true });
  try {
    const page = await context.newPage();
    await returningVisitor(page);
    let html = '';
    await expect(async () => {
      const response = await page.goto(`${host.url}/`);
      expect(response?.headers()['x-render']).toBe('shed');
      expect(response?.status()).toBe(200);
      expect(response?.headers()['cache-control']).toBe('no-store');
      html = (await response?.text()) ?? '';
    }).toPass({ timeout: 60_000 });
    // nothing rendered on the server: the browser renders the page from the shell
    expect(html).toContain('<div id="root"></div>');

    const card = page.getByTestId('catalog-home').getByRole('region', { name: 'Новинки' }).getByRole('article').first();
    await expect(card).toBeVisible();
    await expect(card.getByText(/₽$/).first()).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await card.getByRole('button', { name: /^В избранное/ }).tap();
    await expect(card.getByRole('button', { name: /^Убрать из избранного/ })).toHaveAttribute('aria-pressed', 'true');
  } finally {
    busy = false;
    await Promise.all(others);
    await context.close();
    await host.stop();
  }
});
