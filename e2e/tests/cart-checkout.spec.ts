// Guards the cart team's promise on the real API: the stored cart is edited, survives a reload,
// is the same in a second tab, and checks out with field-level messages through ЮKassa's (the
// local fake's) payment page to a paid order with server-computed prices and exactly one purchase event.

import {
  fillCheckout,
  openWithCart,
  orderFromApi,
  purchaseEvents,
  soldOutLine,
  twoSizesInStock,
  VALID_DETAILS,
} from '../support/cart.ts';
import { fakeAmount, onYookassaPage, payOnYookassa } from '../support/fakes.ts';
import { expect, test } from '../support/test.ts';

const rub = (n: number) =>
  new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 0 }).format(n);

test('a stored cart is edited, kept over a reload and across tabs, and ends in a paid order', async ({
  page,
  context,
  request,
}) => {
  const [a, b] = await twoSizesInStock(request);
  await openWithCart(page, [a, b]);
  const cart = page.getByTestId('cart-page');
  await expect(cart.getByRole('heading', { name: 'Корзина', level: 1 })).toBeVisible();
  await expect(page.getByTestId('cart-count-text')).toHaveText('2 товара');
  await expect(page.getByTestId('cart-total')).toHaveText(rub(a.price + b.price));
  await expect(cart).toContainText('бесплатно');

  // Quantities: the − button is disabled at 1; + raises it.
  await expect(page.getByRole('button', { name: `Уменьшить количество: ${a.name}, размер ${a.size}` })).toBeDisabled();
  const plusA = page.getByRole('button', { name: `Увеличить количество: ${a.name}, размер ${a.size}` });
  await plusA.click();
  await plusA.click();
  await expect(page.getByRole('textbox', { name: `Количество: ${a.name}, размер ${a.size}`, exact: true })).toHaveValue(
    '3',
  );
  await expect(page.getByTestId('cart-count-text')).toHaveText('4 товара');
  await expect(page.getByTestId('cart-total')).toHaveText(rub(a.price * 3 + b.price));

  // Removing one line (reported as from_cart).
  await page.getByRole('button', { name: `Удалить: ${b.name}, размер ${b.size}` }).click();
  await expect(page.getByRole('textbox', { name: `Количество: ${b.name}, размер ${b.size}`, exact: true })).toHaveCount(
    0,
  );
  await expect(page.getByTestId('cart-count-text')).toHaveText('3 товара');
  const removed = await page.evaluate(
    () =>
      ((window as unknown as { dataLayer: { ecommerce?: { remove?: unknown } }[] }).dataLayer ?? []).filter(
        (e) => e.ecommerce?.remove,
      ).length,
  );
  expect(removed).toBe(1);

  // A reload finds the cart as it was left.
  await page.reload();
  await expect(page.getByRole('textbox', { name: `Количество: ${a.name}, размер ${a.size}`, exact: true })).toHaveValue(
    '3',
  );
  await expect(page.getByTestId('cart-count')).toHaveText('3');

  // A second tab shows the same cart, and a change there reaches this tab.
  const second = await context.newPage();
  await second.goto('/cart');
  await expect(
    second.getByRole('textbox', { name: `Количество: ${a.name}, размер ${a.size}`, exact: true }),
  ).toHaveValue('3');
  await second.getByRole('button', { name: `Уменьшить количество: ${a.name}, размер ${a.size}` }).click();
  await expect(second.getByTestId('cart-count-text')).toHaveText('2 товара');
  await expect(page.getByTestId('cart-count-text')).toHaveText('2 товара');
  await second.close();

  // The quick-cart panel from the header: the line, the total, Escape closes it.
  await page.getByRole('button', { name: 'Корзина: 2 товара' }).click();
  const panel = page.getByTestId('quick-cart');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Корзина' })).toBeVisible();
  await expect(panel.getByTestId('quick-cart-total')).toHaveText(rub(a.price * 2));
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await page.getByRole('button', { name: 'Корзина: 2 товара' }).click();
  await panel.getByRole('link', { name: 'Оформить заказ' }).click();

  // Checkout: every field says what is wrong beside it.
  await expect(page.getByRole('heading', { name: 'Оформление заказа' })).toBeVisible();
  const checkoutSteps = await page.evaluate(() =>
    (
      (
        window as unknown as {
          dataLayer: {
            ecommerce?: { checkout?: { actionField: { step: number }; products: { id: string; quantity: number }[] } };
          }[];
        }
      ).dataLayer ?? []
    )
      .filter((e) => e.ecommerce?.checkout)
      .map((e) => e.ecommerce?.checkout),
  );
  expect(checkoutSteps).toEqual([
    // The product's id, as in its impression, click, detail and add events; the size is the variant.
    {
      actionField: { step: 1 },
      products: [expect.objectContaining({ id: a.productId, variant: a.size, quantity: 2 })],
    },
  ]);
  await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
  for (const message of [
    'Укажите фамилию и имя',
    'Укажите номер телефона',
    'Укажите e-mail',
    'Укажите город',
    'Укажите адрес доставки',
    'Выберите способ доставки',
    'Нужно согласие на обработку персональных данных',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByLabel('ФИО')).toBeFocused();
  await fillCheckout(
    page,
    { ...VALID_DETAILS, fullName: 'Анна', phone: '4951234567', email: 'anna@mail', city: 'К', address: 'дом', delivery: 'Почта России' },
    false,
  );
  await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
  await expect(page.getByLabel('ФИО')).toHaveAccessibleDescription('Укажите фамилию и имя полностью');
  await expect(page.getByLabel('Телефон')).toHaveAccessibleDescription(
    'Укажите мобильный номер в формате +7 (9xx) xxx-xx-xx',
  );
  await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription(
    'Укажите корректный e-mail, например ivan@mail.ru',
  );
  await expect(page.getByLabel('Город')).toHaveAccessibleDescription('Слишком короткое значение: укажите город');
  await expect(page.getByLabel('Адрес доставки')).toHaveAccessibleDescription(
    /Слишком короткое значение: укажите адрес доставки/,
  );
  await expect(page.getByText('Нужно согласие на обработку персональных данных')).toBeVisible();

  // The consent text is one click away.
  await page.getByRole('button', { name: 'Текст согласия на обработку персональных данных' }).click();
  const consent = page.getByRole('dialog', { name: 'Согласие на обработку персональных данных' });
  await expect(consent).toContainText('152-ФЗ');
  await consent.getByRole('button', { name: 'Понятно' }).click();

  // Valid details: the phone is masked as typed, the order goes to ЮKassa's (the fake's) payment page.
  await fillCheckout(page, VALID_DETAILS);
  await expect(page.getByLabel('Телефон')).toHaveValue('+7 (916) 123-45-67');
  await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
  await onYookassaPage(page);
  await payOnYookassa(page);

  // The order page: number, date, total and the paid status.
  await expect(page).toHaveURL(/\/order\/[^/?]+\?key=/);
  const url = new URL(page.url());
  const number = decodeURIComponent(url.pathname.split('/').pop() ?? '');
  const key = url.searchParams.get('key') ?? '';
  await expect(page.getByRole('heading', { name: `Заказ №${number} оформлен` })).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText(rub(a.price * 2));
  await expect(page.getByText('Оплачен', { exact: true })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('0');

  // The API has the order with its own prices.
  const order = await orderFromApi(request, number, key);
  expect(order).toMatchObject({ ordernumber: number, status: 'PAID', totalPrice: a.price * 2 });
  expect(order?.lines).toEqual([{ offerId: a.id, price: a.price, quantity: 2, total: a.price * 2 }]);

  // Exactly one purchase for this order in the session: reloading the page reports nothing more.
  expect(await purchaseEvents(page)).toEqual([number]);
  // It names the product as the impression, detail, add and checkout did: its id, the size as the variant.
  const purchased = await page.evaluate(() =>
    (
      (window as unknown as { dataLayer?: { ecommerce?: { purchase?: { products: unknown[] } } }[] }).dataLayer ?? []
    ).flatMap((event) => event.ecommerce?.purchase?.products ?? []),
  );
  expect(purchased).toEqual([expect.objectContaining({ id: a.productId, variant: a.size, quantity: 2 })]);
  await page.reload();
  await expect(page.getByRole('heading', { name: `Заказ №${number} оформлен` })).toBeVisible();
  await expect(page.getByTestId('order-total')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await purchaseEvents(page)).toEqual([]);
});

test('a cart stored at an old price shows today’s price and total before confirming; a sold-out size is left out', async ({
  page,
  request,
}) => {
  const [a] = await twoSizesInStock(request);
  const gone = await soldOutLine(request);
  const stale = a.price - 500;
  await openWithCart(page, [{ ...a, price: stale, quantity: 2 }, gone], '/cart');

  // the cart page: today's price on the line, the stored one struck through, today's total
  const cartLines = page.getByRole('list', { name: 'Товары в корзине' }).getByRole('listitem');
  const onCart = cartLines.filter({ hasText: `Размер: ${a.size}` }).filter({ hasText: a.name });
  await expect(onCart.getByTestId('price-changed')).toHaveText(
    `Цена изменилась: было ${rub(stale)}, теперь ${rub(a.price)}`,
  );
  await expect(onCart.getByTestId('price-changed').locator('s')).toHaveText(rub(stale));
  await expect(page.getByTestId('cart-total')).toHaveText(rub(a.price * 2));
  await expect(page.getByTestId('cart-count-text')).toHaveText('2 товара');
  await expect(
    cartLines
      .filter({ hasText: gone.name })
      .filter({ hasText: `Размер: ${gone.size}` })
      .getByTestId('stock-note'),
  ).toHaveText('Этот размер закончился: удалите его из корзины.');

  // the quick cart says the same
  await page.getByRole('button', { name: 'Корзина: 3 товара' }).click();
  const quick = page.getByTestId('quick-cart');
  await expect(quick.getByTestId('quick-cart-total')).toHaveText(rub(a.price * 2));
  await expect(quick.getByTestId('price-changed').first()).toContainText(rub(a.price));
  await page.keyboard.press('Escape');

  // the checkout: the same lines and total before «Подтвердить заказ»
  await page.goto('/checkout');
  const lines = page.getByRole('list', { name: 'Товары в заказе' }).getByRole('listitem');
  const changed = lines.filter({ hasText: `Размер: ${a.size}` }).filter({ hasText: a.name });
  const soldOut = lines.filter({ hasText: `Размер: ${gone.size}` }).filter({ hasText: gone.name });
  await expect(changed.getByTestId('price-changed')).toHaveText(
    `Цена изменилась: было ${rub(stale)}, теперь ${rub(a.price)}`,
  );
  await expect(page.getByTestId('cart-total')).toHaveText(rub(a.price * 2));
  await fillCheckout(page, VALID_DETAILS);
  await page.getByRole('button', { name: 'Подтвердить заказ' }).click();

  // the order asks for today's price; the sold-out size is refused on its line, the cart kept
  await expect(soldOut.getByRole('alert')).toContainText(`Размер ${gone.size} закончился`);
  await expect(changed.getByRole('alert')).toHaveCount(0);
  await expect(page.getByTestId('cart-count')).toHaveText('3');
  await soldOut.getByRole('button', { name: /^Удалить/ }).click();
  await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
  await onYookassaPage(page);
  await expect(page.getByTestId('amount')).toHaveText(fakeAmount(a.price * 2));
});

test('a double submit makes one order', async ({ page, request }) => {
  const [a] = await twoSizesInStock(request);
  await openWithCart(page, [a], '/checkout');
  await fillCheckout(page, VALID_DETAILS);
  const sent: string[] = [];
  const numbers: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/graphql') && r.postData()?.includes('"CreateOrder"')) sent.push(r.postData() ?? '');
  });
  // Read each answer on its way to the page: after the redirect to payment its body is gone.
  await page.route('**/api/graphql', async (route) => {
    if (!route.request().postData()?.includes('"CreateOrder"')) return route.fallback();
    const response = await route.fetch();
    const body = await response.json();
    numbers.push(body.data.createOrder.order.ordernumber);
    await route.fulfill({ response, json: body });
  });
  await page.getByRole('button', { name: 'Подтвердить заказ' }).dblclick();
  const number = await onYookassaPage(page);
  expect(number).toBeTruthy();
  expect(sent.length).toBeGreaterThanOrEqual(1);
  expect(new Set(numbers)).toEqual(new Set([number]));
  // The same request sent again, as a retry would, returns the same order.
  const again = await request.post('/api/graphql', { data: JSON.parse(sent[0] as string) });
  expect((await again.json()).data.createOrder.order.ordernumber).toBe(number);
});

test('with the API out of reach the order fails in Russian, keeps the cart, and a retry makes one order', async ({
  page,
}) => {
  const [a, b] = await twoSizesInStock(page.request);
  await openWithCart(page, [a, b], '/checkout');
  await fillCheckout(page, VALID_DETAILS);
  const networkError = page
    .getByRole('alert')
    .filter({ hasText: 'Не удалось отправить заказ. Проверьте соединение и попробуйте ещё раз' });
  const keys: string[] = [];
  let created = '';
  let attempt = 0;
  await page.route('**/api/graphql', async (route) => {
    const body = route.request().postData() ?? '';
    if (!body.includes('"CreateOrder"')) return route.fallback();
    keys.push(JSON.parse(body).variables.input.idempotencyKey);
    attempt += 1;
    // First the API cannot be reached at all; then it gets the order and creates it, but the
    // answer never reaches the shopper.
    if (attempt === 1) return route.abort('connectionrefused');
    const response = await route.fetch();
    created = (await response.json()).data.createOrder.order.ordernumber;
    await route.abort('internetdisconnected');
  });

  await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
  await expect(networkError).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await expect(page.getByTestId('cart-total')).toHaveText(rub(a.price + b.price));

  await networkError.getByRole('button', { name: 'Повторить' }).click();
  await expect.poll(() => created).not.toBe('');
  await expect(networkError).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  // Back online: the retry gets the order the API already made, not a second one.
  await page.unroute('**/api/graphql');
  await networkError.getByRole('button', { name: 'Повторить' }).click();
  expect(await onYookassaPage(page)).toBe(created);
  expect(new Set(keys).size).toBe(1);
});

test('when the payment link cannot be fetched the placed order offers the way to pay again', async ({ page }) => {
  const [a] = await twoSizesInStock(page.request);
  await openWithCart(page, [a], '/checkout');
  await fillCheckout(page, VALID_DETAILS);
  await page.route('**/api/graphql', (route) =>
    /"(StartPayment|PaymentInfo)"/.test(route.request().postData() ?? '')
      ? route.abort('internetdisconnected')
      : route.fallback(),
  );
  await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
  await expect(page.getByRole('heading', { name: /^Заказ №\S+ оформлен$/ })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Не удалось открыть страницу оплаты');
  // The order exists, so the cart is already empty: a second order cannot happen by mistake.
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  await page.getByRole('button', { name: 'Перейти к оплате' }).click();
  await expect(page.getByRole('alert')).toContainText('Не удалось открыть страницу оплаты');
  await page.unroute('**/api/graphql');

  // The order page knows it is not paid yet and leads to the payment too.
  await page.getByRole('link', { name: 'Открыть страницу заказа' }).click();
  await expect(page.getByText('Ожидает оплаты', { exact: true })).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText(rub(a.price));
  await page.getByRole('button', { name: 'Оплатить заказ' }).click();
  await onYookassaPage(page);
  await expect(page.getByTestId('amount')).toHaveText(fakeAmount(a.price));
  await payOnYookassa(page);
  await expect(page.getByText('Оплачен', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Оплатить заказ' })).toHaveCount(0);
});

test('an empty cart leads back to the catalogue', async ({ page }) => {
  await openWithCart(page, [], '/cart');
  await expect(page.getByRole('heading', { name: 'Корзина пуста' })).toBeVisible();
  await page.getByRole('link', { name: 'Перейти в каталог' }).click();
  await expect(page).toHaveURL(/\/search$/);
});
