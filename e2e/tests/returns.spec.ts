// «Возврат и обмен»: a page of its own (server-rendered, in the sitemap), reached from the product
// page, the cart, the checkout and the order page, on a 360 px phone as on a desktop.
import { openWithCart, twoSizesInStock } from '../support/cart.ts';
import { someProductPath } from '../support/catalog.ts';
import { deskAccounts, placeOrderViaApi, signInToDesk } from '../support/desk.ts';
import { onYookassaPage, payOnYookassa, yookassaPayments, yookassaRefunds } from '../support/fakes.ts';
import { asReturningShopper } from '../support/product-page.ts';
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

test('a shopper asks from the order page to return a line; the owner refunds it through ЮKassa', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const placed = await placeOrderViaApi(request, { deliveryMethod: 'COURIER', address: 'ул. Пушкина, д. 5, кв. 1' });
  const orderUrl = `/order/${placed.number}?key=${encodeURIComponent(placed.key)}`;
  await asReturningShopper(page);
  await page.goto(orderUrl);
  await page.getByRole('button', { name: 'Оплатить заказ' }).click();
  await onYookassaPage(page);
  await payOnYookassa(page);
  await expect(page.getByTestId('order-status')).toHaveText('Оплачен');

  // the owner ships it and marks it received
  const desk = await browser.newPage();
  await signInToDesk(desk, deskAccounts().owner, `/admin/orders/${placed.number}`);
  for (const to of ['собран', 'отправлен', 'доставлен']) {
    await desk.getByRole('button', { name: new RegExp(`^Перевести в «${to}»$`, 'i') }).click();
    await expect(desk.getByTestId('order-status')).toContainText(to);
  }

  // the shopper returns one line with a reason
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Возврат' })).toBeVisible();
  await page.getByRole('button', { name: 'Оформить возврат' }).click();
  const form = page.getByRole('form', { name: 'Заявка на возврат' });
  // nothing chosen: said, nothing sent
  await form.getByRole('button', { name: 'Отправить заявку' }).click();
  await expect(form.getByRole('alert')).toContainText('Отметьте товары, которые хотите вернуть');
  const first = form.getByRole('checkbox').first();
  const lineName = (await first.evaluate((el) => el.parentElement?.textContent ?? '')).trim();
  await first.check();
  await form.getByRole('radio', { name: 'Не подошёл размер' }).check();
  await form.getByLabel('Комментарий (необязательно)').fill('Маломерит на размер');
  await form.getByRole('button', { name: 'Отправить заявку' }).click();
  const requestCard = page.getByTestId('return-request');
  await expect(requestCard).toContainText(lineName.split(',')[0] as string);
  await expect(requestCard).toContainText('Заявка принята');

  // the owner sees it and sends the money back
  await desk.reload();
  const row = desk.getByTestId('desk-return');
  await expect(row).toContainText('Не подошёл размер: Маломерит на размер');
  await row.getByRole('button', { name: /^Вернуть деньги/ }).click();
  await expect(row).toContainText('деньги возвращены');
  await desk.close();

  const payment = (await yookassaPayments()).find((p) => p.metadata.ordernumber === placed.number);
  const refunds = (await yookassaRefunds()).filter((r) => r.payment_id === payment?.id);
  expect(refunds).toHaveLength(1);
  expect(Number(refunds[0]?.amount.value)).toBeGreaterThan(0);
  expect(Number(refunds[0]?.amount.value)).toBeLessThan(placed.totalPrice);
  await page.reload();
  await expect(page.getByTestId('return-request')).toContainText(`Деньги возвращены`);
});
