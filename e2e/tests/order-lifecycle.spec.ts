// An order's whole life in the real browser against the real stack: a shopper buys the last
// unit of a size (product → size → «В корзину» → checkout → consent → «Подтвердить заказ»), pays
// on the fake ЮKassa's page (redirect, HTTP notification, return), the shopper's and the owner's
// letters arrive at the local SMTP server and their order link opens the order, the size is sold
// out on the product page, the owner moves the order собран → отправлен in the orders desk with the
// parcel's tracking number, and the shopper's letter and page say «Отправлен» with that number and
// the carrier's tracking link. A wrong or missing key is a 404 «Заказ не найден».

import { fillCheckout, VALID_DETAILS } from '../support/cart.ts';
import { gql } from '../support/catalog.ts';
import { deskAccounts, signInToDesk } from '../support/desk.ts';
import {
  fakeAmount,
  letters,
  OWNER_EMAIL,
  onYookassaPage,
  orderLinkIn,
  payOnYookassa,
  waitForLetter,
  yookassaNotifications,
  yookassaPayments,
} from '../support/fakes.ts';
import { asReturningShopper, rub } from '../support/product-page.ts';
import { type APIRequestContext, expect, type Page, test } from '../support/test.ts';

interface LastUnit {
  productName: string;
  webPath: string;
  offerId: string;
  size: string;
  price: number;
}

/**
 * A size of which exactly one unit is left, taken from the end of the catalogue: the specs that
 * look for the first product with a sold-out size (product-page's richProduct) keep finding the
 * same one after this spec sold a size out. A retry takes the one before (the first is sold by then).
 */
async function lastUnit(request: APIRequestContext): Promise<LastUnit> {
  let found: LastUnit | null = null;
  for (let offset = 0; offset < 480; offset += 12) {
    const data = await gql<{ products: { items: { name: string; webPath: string; offers: { id: string; size: string; priceInRUB: number; stock: number; soldOut: boolean }[] }[] } }>(
      request,
      'query($offset: Int) { products(limit: 12, offset: $offset) { items { name webPath offers { id size priceInRUB stock soldOut } } } }',
      { offset },
    );
    for (const product of data.products.items) {
      for (const offer of product.offers.filter((o) => o.stock === 1 && !o.soldOut)) {
        found = { productName: product.name, webPath: product.webPath, offerId: offer.id, size: offer.size, price: offer.priceInRUB };
      }
    }
    if (data.products.items.length < 12) break;
  }
  if (!found) throw new Error('the seeded catalogue has no size with exactly one unit left');
  return found;
}

const sizeRadio = (page: Page, size: string) => page.getByTestId('product-page').getByRole('radio', { name: size, exact: true });

test('a shopper buys the last unit, pays through ЮKassa, gets the letters; the owner ships it in the desk', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const unit = await lastUnit(request);
  const email = `buyer.${Date.now().toString(36)}@mail.ru`;
  await asReturningShopper(page);

  // Product → size → «В корзину» → cart → checkout.
  await page.goto(unit.webPath);
  await sizeRadio(page, unit.size).check();
  await page.getByTestId('product-page').getByRole('button', { name: 'В корзину' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.goto('/cart');
  // one unit left: the cart's stepper cannot ask for a second (not up to 99 whatever the stock)
  await expect(page.getByRole('button', { name: `Увеличить количество: ${unit.productName}, размер ${unit.size}` })).toBeDisabled();
  await page.getByRole('link', { name: 'Оформить заказ' }).click();
  await expect(page.getByRole('heading', { name: 'Оформление заказа' })).toBeVisible();
  await fillCheckout(page, { ...VALID_DETAILS, email, delivery: 'Пункт выдачи СДЭК' });
  await page.getByRole('button', { name: 'Подтвердить заказ' }).click();

  // Redirected to ЮKassa's (the fake's) payment page, for this order and its amount.
  const number = await onYookassaPage(page);
  await expect(page.getByTestId('amount')).toHaveText(fakeAmount(unit.price));
  expect(number).toMatch(/^SH-/);
  const payment = (await yookassaPayments()).find((p) => p.metadata.ordernumber === number);
  expect(payment).toMatchObject({ status: 'pending', amount: { value: `${unit.price}.00`, currency: 'RUB' } });
  expect(payment?.receipt?.customer).toMatchObject({ email });
  expect(payment?.receipt?.items?.[0]?.description).toContain(unit.size);

  // The last unit is reserved by the order: the size is sold out for the next shopper at once.
  const other = await browser.newPage();
  await asReturningShopper(other);
  await other.goto(unit.webPath);
  await expect(sizeRadio(other, unit.size)).toBeDisabled();
  await other.close();

  // The shopper's «оформлен» letter and the owner's «Новый заказ» letter.
  const placed = await waitForLetter({ to: email, subject: `Заказ №${number} оформлен` });
  expect(placed.to).toEqual([email]);
  expect(placed.fromAddress).toBe('shop@shop.test');
  expect(placed.html).toContain(number);
  const link = orderLinkIn(placed.text);
  expect(link?.origin).toBe(new URL(process.env.SHOP_URL as string).origin);
  expect(link?.pathname).toBe(`/order/${number}`);
  const key = link?.searchParams.get('key') ?? '';
  expect(key.length).toBeGreaterThan(10);
  const owner = await waitForLetter({ to: OWNER_EMAIL, subject: `Новый заказ №${number}` });
  expect(owner.to).toEqual([OWNER_EMAIL]);
  expect(owner.subject).toContain(rub(unit.price));
  expect(owner.text).toContain(VALID_DETAILS.fullName);

  // Pay on ЮKassa's page: the notification reaches the shop, the shopper comes back to the order.
  await payOnYookassa(page);
  await expect(page).toHaveURL(new RegExp(`/order/${number}\\?key=`));
  expect(new URL(page.url()).searchParams.get('key')).toBe(key);
  await expect(page.getByRole('heading', { name: `Заказ №${number} оформлен` })).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('Оплачен');
  await expect(page.getByTestId('order-delivery')).toContainText('Пункт выдачи СДЭК');
  await expect(page.getByRole('button', { name: 'Оплатить заказ' })).toHaveCount(0);
  expect((await yookassaNotifications()).filter((n) => n.body.object.id === payment?.id)).toEqual([
    expect.objectContaining({ status: 200, body: expect.objectContaining({ event: 'payment.succeeded' }) }),
  ]);

  // The «оплачен» letter; its link opens the order in a browser with no state of the shopper's.
  const paid = await waitForLetter({ to: email, subject: `Заказ №${number} оплачен` });
  const paidLink = orderLinkIn(paid.text);
  expect(paidLink?.searchParams.get('key')).toBe(key);
  const fromLetter = await browser.newPage();
  await asReturningShopper(fromLetter);
  const opened = await fromLetter.goto(paidLink?.href as string);
  expect(opened?.status()).toBe(200);
  await expect(fromLetter).toHaveTitle(/^Ваш заказ \| /);
  await expect(fromLetter.getByTestId('order-status')).toHaveText('Оплачен');
  await fromLetter.close();
  // One letter of each kind: the notification and the return did not double them.
  expect(await letters({ to: email, subject: `№${number}` })).toHaveLength(2);
  expect(await letters({ to: OWNER_EMAIL, subject: `Новый заказ №${number}` })).toHaveLength(1);

  // The owner signs in to the desk, finds the order, and moves it собран → отправлен.
  const desk = await browser.newPage();
  await signInToDesk(desk, deskAccounts().owner);
  await desk.getByLabel('Номер, телефон или e-mail').fill(number);
  await desk.getByRole('button', { name: 'Найти' }).click();
  const row = desk.getByTestId('order-row').filter({ hasText: number });
  await expect(row).toHaveCount(1);
  await row.click();
  await expect(desk.getByRole('heading', { level: 1 })).toContainText(number);
  await desk.getByRole('button', { name: /^Перевести в «собран»$/i }).click();
  await expect(desk.getByRole('button', { name: /^Перевести в «отправлен»$/i })).toBeVisible();
  await desk.getByLabel('Трек-номер посылки (для «отправлен», необязательно)').fill('СДЭК 1234 5678 90');
  await desk.getByRole('button', { name: /^Перевести в «отправлен»$/i }).click();
  await expect(desk.getByRole('button', { name: /^Перевести в «доставлен»$/i })).toBeVisible();
  await expect(desk.getByTestId('order-tracking')).toHaveText('1234567890');
  await desk.close();

  // The shopper is told by letter, with the order's link and the parcel's number, and the page
  // says it is on its way, with the number and the carrier's page to follow it.
  const follow = 'https://www.cdek.ru/ru/tracking/?order_id=1234567890';
  const shipped = await waitForLetter({ to: email, subject: `Заказ №${number} отправлен` });
  expect(shipped.text).toContain(`key=${encodeURIComponent(key)}`);
  expect(shipped.text).toContain('Трек-номер посылки: 1234567890');
  expect(shipped.text).toContain(follow);
  await page.reload();
  await expect(page.getByRole('heading', { name: `Заказ №${number} отправлен` })).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('Отправлен');
  await expect(page.getByTestId('order-tracking')).toContainText('Трек-номер посылки: 1234567890');
  await expect(page.getByRole('link', { name: 'Отследить посылку' })).toHaveAttribute('href', follow);

  // Paid orders keep their units: still sold out.
  await page.goto(unit.webPath);
  await expect(sizeRadio(page, unit.size)).toBeDisabled();
});

test('an order page with a wrong key or none answers 404 «Заказ не найден» and says where the link is', async ({ page }) => {
  // any well-formed number: a made-up one and a real one answer alike without the key
  const numbers = ['SH-ZZZZZ'];
  const real = (await letters()).map((l) => /№(SH-[A-Z0-9]{5})/.exec(l.subject)?.[1]).find(Boolean);
  if (real) numbers.push(real);
  await asReturningShopper(page);
  for (const number of numbers) {
    for (const search of ['?key=wrong', '']) {
      const response = await page.goto(`/order/${number}${search}`);
      expect(response?.status(), `${number}${search}`).toBe(404);
      expect(response?.headers()['cache-control']).toBe('no-store');
      await expect(page).toHaveTitle(/^Заказ не найден \| /);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      await expect(page.getByRole('heading', { name: 'Заказ не найден' })).toBeVisible();
      await expect(page.getByText(/по ссылке из письма/)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Перейти в каталог' })).toBeVisible();
      // the key never reaches the head (canonical, og:url)
      expect(await page.locator('head').innerHTML()).not.toContain('wrong');
    }
  }
});

test('a payment cancelled on ЮKassa leaves the order waiting; an order the owner cancels says so and gives its unit back', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const unit = await lastUnit(request);
  const email = `changed.mind.${Date.now().toString(36)}@mail.ru`;
  await asReturningShopper(page);
  await page.goto(unit.webPath);
  await sizeRadio(page, unit.size).check();
  await page.getByTestId('product-page').getByRole('button', { name: 'В корзину' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.goto('/checkout');
  await fillCheckout(page, { ...VALID_DETAILS, email, delivery: 'Почта России' });
  await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
  const number = await onYookassaPage(page);

  // «Отменить» on ЮKassa's page: back at the order, still waiting, with its hold time and the way to pay.
  await page.getByRole('button', { name: 'Отменить', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${number}\\?key=`));
  await expect(page.getByTestId('order-status')).toHaveText('Ожидает оплаты');
  await expect(page.getByText(/Товары закреплены за вами до \d{2}:\d{2}/)).toBeVisible();
  await expect(page.getByText('Оплата не прошла или была отменена, деньги не списаны.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Оплатить заказ' })).toBeVisible();
  await expect(page.getByTestId('order-delivery')).toContainText('Почта России');

  // The owner cancels it in the desk.
  const desk = await browser.newPage();
  await signInToDesk(desk, deskAccounts().owner, `/admin/orders/${number}`);
  await expect(desk.getByRole('heading', { level: 1 })).toContainText(number);
  await desk.getByRole('button', { name: 'Отменить заказ' }).click();
  await desk.getByRole('button', { name: 'Да, отменить заказ' }).click();
  await expect(desk.getByRole('button', { name: 'Отменить заказ' })).toHaveCount(0);
  await desk.close();

  // The shopper's page: cancelled, nothing to pay, the catalogue instead; the letter says so too.
  await page.reload();
  await expect(page.getByRole('heading', { name: `Заказ №${number} отменён` })).toBeVisible();
  await expect(page.getByText(/платить за него не нужно\. Товары из него вернулись в продажу/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Оплатить заказ' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Перейти в каталог' })).toHaveAttribute('href', '/search');
  await waitForLetter({ to: email, subject: `Заказ №${number} отменён` });

  // Its unit is back on sale.
  await page.goto(unit.webPath);
  await expect(sizeRadio(page, unit.size)).toBeEnabled();
});
