// Delivery at checkout against the fake СДЭК (e2e/support/fakes.ts): each method's term before
// paying, the city's pickup points as a searchable list a phone and a keyboard can use, the chosen
// point kept with the order; a СДЭК outage leaves a typed address and never blocks the order.
import { formatDeliveryTerm } from '@shop/contracts/format';
import { choosePickupPoint, fillCheckout, openWithCart, twoSizesInStock, VALID_DETAILS } from '../support/cart.ts';
import { deskAccounts, placeOrderViaApi, signInToDesk } from '../support/desk.ts';
import { cdekFailNext, cdekOrders, cdekSetStatus, onYookassaPage, payOnYookassa, waitForLetter } from '../support/fakes.ts';
import { asReturningShopper } from '../support/product-page.ts';
import { expect, test } from '../support/test.ts';

/** The term as the checkout says it, counted from today in Moscow. */
function term(minDays: number, maxDays: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const latest = new Date(Date.UTC(y, m - 1, d + maxDays)).toISOString().slice(0, 10);
  return formatDeliveryTerm({ minDays, maxDays, latest });
}

test('a shopper on a phone sees each term, finds a pickup point in the list and gets it on the order page', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  try {
    const [line] = await twoSizesInStock(request);
    await openWithCart(page, [line], '/checkout');
    await expect(page.getByText('Укажите город — покажем срок')).toBeVisible();
    await page.getByLabel('Город').fill('Казань');
    // the fake СДЭК's tariffs to Казань (2–4 days to a point, 2–5 to the door) and the shop's handling day
    await expect(page.getByTestId('delivery-CDEK_PICKUP')).toContainText(term(3, 5));
    await expect(page.getByTestId('delivery-COURIER')).toContainText(term(3, 6));
    await expect(page.getByTestId('delivery-RUSSIAN_POST')).toContainText(term(6, 15));

    await page.getByRole('radio', { name: /^Пункт выдачи СДЭК/ }).check();
    const list = page.getByRole('group', { name: 'Пункт выдачи СДЭК, Казань' });
    await expect(list.getByRole('radio')).toHaveCount(4);
    await expect(list.getByText('Найдено 4 пункта')).toBeVisible();
    // no typed address with a list to choose from
    await expect(page.getByLabel('Адрес доставки')).toHaveCount(0);
    await list.getByLabel('Найти пункт: улица, метро или код').fill('победы');
    await expect(list.getByRole('radio')).toHaveCount(1);
    await expect(list.getByText('Найдено 1 пункт')).toBeVisible();
    // the keyboard chooses: Tab from the search box onto the point, Space picks it
    await list.getByLabel('Найти пункт: улица, метро или код').press('Tab');
    await expect(list.getByRole('radio', { name: /пр-т Победы, 91/ })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.getByTestId('pickup-chosen')).toHaveText('Выбран: пр-т Победы, 91');
    // nothing on the phone is wider than the screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByLabel('ФИО').fill(VALID_DETAILS.fullName);
    await page.getByLabel('Телефон').fill(VALID_DETAILS.phone);
    await page.getByLabel('E-mail').fill(VALID_DETAILS.email);
    await page.getByRole('checkbox', { name: 'Я даю согласие на обработку персональных данных' }).check();
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
    await onYookassaPage(page);
    await payOnYookassa(page);
    await expect(page).toHaveURL(/\/order\/[^/?]+\?key=/);
    await expect(page.getByTestId('order-delivery')).toContainText('Пункт выдачи СДЭК');
    await expect(page.getByTestId('order-delivery')).toContainText('Казань, пр-т Победы, 91. Часы работы: Пн-Вс 09:00-21:00');
    await expect(page.getByTestId('order-term')).toHaveText(`Срок доставки: ${term(3, 5)}`);
  } finally {
    await context.close();
  }
});

test('a point not chosen is asked for beside the list, and a new city clears the old city\'s point', async ({ page, request }) => {
  const [line] = await twoSizesInStock(request);
  await openWithCart(page, [line], '/checkout');
  await fillCheckout(page, { ...VALID_DETAILS, city: 'Санкт-Петербург', delivery: 'Курьер' });
  await page.getByRole('radio', { name: /^Пункт выдачи СДЭК/ }).check();
  const list = page.getByRole('group', { name: 'Пункт выдачи СДЭК, Санкт-Петербург' });
  await expect(list.getByRole('radio').first()).toBeVisible();
  await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
  await expect(list).toBeFocused();
  await expect(list).toHaveAccessibleDescription(/Выберите пункт выдачи СДЭК/);
  await choosePickupPoint(page, 'Невский пр-т, 88');
  await expect(page.getByTestId('pickup-chosen')).toHaveText('Выбран: Невский пр-т, 88');
  await page.getByLabel('Город').fill('Казань');
  await expect(page.getByRole('group', { name: 'Пункт выдачи СДЭК, Казань' })).toBeVisible();
  await expect(page.getByTestId('pickup-chosen')).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Пункт выдачи СДЭК, Казань' }).getByRole('radio', { checked: true })).toHaveCount(0);
});

test('while СДЭК does not answer, the checkout shows estimates and takes a typed point address', async ({ page, request }) => {
  test.setTimeout(60_000);
  // a city no test asked before: the API has nothing of СДЭК's kept for it
  await cdekFailNext(10_000, 503);
  try {
    const [line] = await twoSizesInStock(request);
    await openWithCart(page, [line], '/checkout');
    await page.getByLabel('Город').fill('Новосибирск');
    await page.getByRole('radio', { name: /^Пункт выдачи СДЭК/ }).check();
    // the shop's own estimate (3–6 days and the handling day), not СДЭК's tariff to Новосибирск (5–8)
    await expect(page.getByTestId('delivery-CDEK_PICKUP')).toContainText(term(4, 7));
    await expect(page.getByLabel('Адрес доставки')).toHaveAccessibleDescription(/Список пунктов СДЭК сейчас недоступен/);
    await page.getByLabel('Адрес доставки').fill('Красный пр-т, 86, пункт СДЭК');
    await page.getByLabel('ФИО').fill(VALID_DETAILS.fullName);
    await page.getByLabel('Телефон').fill(VALID_DETAILS.phone);
    await page.getByLabel('E-mail').fill(VALID_DETAILS.email);
    await page.getByRole('checkbox', { name: 'Я даю согласие на обработку персональных данных' }).check();
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
    await onYookassaPage(page);
  } finally {
    await cdekFailNext(0);
  }
});

test('«собран» registers the parcel with СДЭК: its number on the order page and in the letters; СДЭК moves the order on', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const email = `pickup.${Date.now().toString(36)}@mail.ru`;
  const placed = await placeOrderViaApi(request, { email, pickupPointCode: 'KZN3' });
  await asReturningShopper(page);
  await page.goto(`/order/${placed.number}?key=${encodeURIComponent(placed.key)}`);
  await page.getByRole('button', { name: 'Оплатить заказ' }).click();
  await onYookassaPage(page);
  await payOnYookassa(page);
  await expect(page.getByTestId('order-status')).toHaveText('Оплачен');

  const desk = await browser.newPage();
  await signInToDesk(desk, deskAccounts().owner, `/admin/orders/${placed.number}`);
  await expect(desk.getByRole('heading', { level: 1 })).toContainText(placed.number);
  await expect(desk.getByTestId('order-pickup-point')).toContainText('KZN3');
  await expect(desk.getByTestId('order-delivery-cost')).toHaveText(/390/);
  await desk.getByRole('button', { name: /^Перевести в «собран»$/i }).click();
  // registered by the API within seconds, no one typing a number
  await expect(async () => {
    await desk.reload();
    await expect(desk.getByTestId('shipment-state')).toHaveText('зарегистрирована', { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  const shipment = (await cdekOrders()).find((o) => o.number === placed.number);
  expect(shipment).toMatchObject({ delivery_point: 'KZN3' });
  const number = shipment?.cdek_number as string;
  await expect(desk.getByTestId('order-tracking')).toHaveText(number);
  await desk.close();

  await page.reload();
  await expect(page.getByTestId('order-tracking')).toContainText(`Трек-номер посылки: ${number}`);
  await expect(page.getByRole('link', { name: 'Отследить посылку' })).toHaveAttribute('href', `https://www.cdek.ru/ru/tracking/?order_id=${number}`);

  // СДЭК takes the parcel: «отправлен», with the number in the letter
  expect(await cdekSetStatus(shipment?.uuid as string, 'RECEIVED_AT_SHIPMENT_WAREHOUSE')).toEqual([{ status: 200 }]);
  const shipped = await waitForLetter({ to: email, subject: `Заказ №${placed.number} отправлен` });
  expect(shipped.text).toContain(`Трек-номер посылки: ${number}`);
  // at the pickup point: «ждёт в пункте выдачи», and a letter with the point and its hours
  expect(await cdekSetStatus(shipment?.uuid as string, 'ACCEPTED_AT_PICK_UP_POINT')).toEqual([{ status: 200 }]);
  const ready = await waitForLetter({ to: email, subject: `Заказ №${placed.number} ждёт вас в пункте выдачи` });
  expect(ready.text).toContain('Казань, ул. Пушкина, 5');
  await page.reload();
  await expect(page.getByTestId('order-status')).toHaveText('Ждёт в пункте выдачи');
  await expect(page.getByRole('heading', { name: `Заказ №${placed.number} ждёт в пункте выдачи` })).toBeVisible();
});

test('the city and the address are suggested as the shopper types (DaData, fake), and stay plain text', async ({ page, request }) => {
  const [line] = await twoSizesInStock(request);
  await openWithCart(page, [line], '/checkout');
  await page.getByLabel('Город').fill('Каз');
  await expect(page.locator('#checkout-city-suggestions option')).toHaveCount(2);
  expect(await page.locator('#checkout-city-suggestions option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value))).toEqual(['Казань', 'Казанское']);
  await expect(page.getByLabel('Город')).toHaveAttribute('list', 'checkout-city-suggestions');
  await page.getByLabel('Город').fill('Казань');
  await page.getByRole('radio', { name: /^Курьер/ }).check();
  await page.getByLabel('Адрес доставки').fill('Баум');
  await expect(page.locator('#checkout-address-suggestions option')).toHaveCount(1);
  await expect(page.locator('#checkout-address-suggestions option')).toHaveAttribute('value', 'ул. Баумана, 44');
  // anything may be typed: a suggestion is help, not a rule
  await page.getByLabel('Адрес доставки').fill('ул. Баумана, д. 44, кв. 7');
  await expect(page.getByLabel('Адрес доставки')).toHaveValue('ул. Баумана, д. 44, кв. 7');
});

test('a city СДЭК does not serve says so on «Пункт выдачи СДЭК» before the shopper picks it', async ({ page, request }) => {
  const [line] = await twoSizesInStock(request);
  await openWithCart(page, [line], '/checkout');
  await page.getByLabel('Город').fill('Урюпинск');
  await expect(page.getByTestId('delivery-CDEK_PICKUP')).toContainText('В этом городе нет пунктов СДЭК');
  await expect(page.getByRole('radio', { name: /^Пункт выдачи СДЭК/ })).toBeDisabled();
  // the courier and the post still go there, each with its term
  await expect(page.getByRole('radio', { name: /^Курьер/ })).toBeEnabled();
  await expect(page.getByTestId('delivery-RUSSIAN_POST')).toContainText(term(6, 15));
});
