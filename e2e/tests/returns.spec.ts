// «Возврат и обмен»: a page of its own (server-rendered, in the sitemap), reached from the product
// page, the cart, the checkout and the order page, on a 360 px phone as on a desktop.
import { openWithCart, twoSizesInStock } from '../support/cart.ts';
import { someProductPath } from '../support/catalog.ts';
import { expect, test } from '../support/test.ts';

test('the returns page is served whole by the server and listed in the sitemap', async ({ request }) => {
  const answer = await request.get('/vozvrat-i-obmen');
  expect(answer.status()).toBe(200);
  const html = await answer.text();
  expect(html).toContain('<title>Возврат и обмен');
  expect(html).toContain('в течение 7 дней после получения');
  expect(html).toContain('Как вернутся деньги');
  expect(await (await request.get('/sitemap.xml')).text()).toContain('/vozvrat-i-obmen</loc>');
});

test('a shopper on a phone reaches it from the product page, the cart and the checkout', async ({ browser, request }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  try {
    await page.goto(await someProductPath(request));
    await page.getByRole('link', { name: 'Возврат в течение 7 дней' }).click();
    await expect(page).toHaveURL(/\/vozvrat-i-obmen$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Возврат и обмен' })).toBeVisible();
    await expect(page).toHaveTitle(/^Возврат и обмен/);
    // the page reads in one column: nothing wider than the phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const [line] = await twoSizesInStock(request);
    for (const path of ['/cart', '/checkout']) {
      await openWithCart(page, [line], path);
      const link = page.getByRole('link', { name: 'Возврат и обмен' });
      await expect(link).toHaveAttribute('href', '/vozvrat-i-obmen');
    }
  } finally {
    await context.close();
  }
});
