// Guards the owner's orders desk (/admin, host/src/desk) on the real stack: sign-in with its
// refusal, 401 → sign-in → back, search by number, an order's details and the status change
// with its history entry, filters kept in the address, masked data for a manager, a network
// failure with «Повторить», a 360 px phone without sideways scrolling, and a desk page that
// loads none of the storefront (remotes, analytics, cookie notice).

import { deskAccounts, placeOrderViaApi, signInToDesk, signOutOfDesk } from '../support/desk.ts';
import { expect, type Page, test } from '../support/test.ts';

const SHOPPER = { fullName: 'Смирнова Анна Сергеевна', email: 'anna.smirnova@mail.ru' };

const chip = (page: Page, title: string) =>
  page.getByRole('navigation', { name: 'Статус заказа' }).getByRole('link', { name: title, exact: true });

async function noSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.doc, 'the page is wider than the screen').toBeLessThanOrEqual(widths.view);
}

test('the owner signs in (a wrong password is refused), finds an order by number, cancels it and sees the history', async ({ page, request }) => {
  const { owner } = deskAccounts();
  const order = await placeOrderViaApi(request);

  // The order's desk address without a session → sign-in, which leads back there afterwards.
  const response = await page.goto(`/admin/orders/${order.number}`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['cache-control']).toBe('no-store');
  await expect(page).toHaveURL(/\/admin\/login\?next=/);
  await expect(page.getByRole('heading', { name: 'Вход для сотрудников' })).toBeVisible();

  await page.getByLabel('E-mail').fill(owner.email);
  await page.getByLabel('Пароль').fill(`${owner.password}-не-тот`);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('alert')).toHaveText('Неверный e-mail или пароль');
  await expect(page).toHaveURL(/\/admin\/login/);

  await page.getByLabel('Пароль').fill(owner.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.number}$`));
  await expect(page.getByTestId('desk-user')).toHaveText(`${owner.name} · владелец`);
  await expect(page.getByRole('heading', { name: `Заказ № ${order.number}`, level: 1 })).toBeVisible();
  // Through the host the browser keeps the device cookie beside the session: its next sign-ins
  // are never held back by strangers' guesses.
  const device = (await page.context().cookies()).find((c) => c.name === 'shop_desk_device');
  expect(device).toMatchObject({ path: '/api/admin/session', httpOnly: true, sameSite: 'Strict' });

  // From the list: search by the number.
  await page.getByRole('link', { name: '← Все заказы' }).click();
  await page.getByLabel('Номер, телефон или e-mail').fill(order.number);
  await page.getByRole('button', { name: 'Найти' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${order.number}`));
  const rows = page.getByTestId('order-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`№ ${order.number}`);
  await expect(rows.first()).toContainText('новый');
  await expect(page.getByRole('link', { name: 'Скачать CSV' })).toHaveAttribute('href', `/api/admin/orders.csv?q=${order.number}`);

  // Moscow dates: today's range holds it, a past one does not.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date());
  await page.getByLabel('С даты').fill(today);
  await page.getByLabel('По дату').fill(today);
  await page.getByRole('button', { name: 'Найти' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}&q=${order.number}`));
  await expect(rows).toHaveCount(1);
  await page.getByLabel('С даты').fill('2020-01-01');
  await page.getByLabel('По дату').fill('2020-01-31');
  await page.getByRole('button', { name: 'Найти' }).click();
  await expect(page.getByText('По этим фильтрам заказов нет.')).toBeVisible();
  await page.goBack();
  await expect(rows).toHaveCount(1);
  await rows.first().click();

  // The owner sees the shopper as entered; a new order may be paid only by a payment, so the desk offers just the cancel.
  await expect(page.getByTestId('customer-name')).toHaveText(SHOPPER.fullName);
  await expect(page.getByTestId('customer-email')).toHaveText(SHOPPER.email);
  await expect(page.getByTestId('order-status')).toHaveText('новый');
  await expect(page.getByRole('heading', { name: 'Согласие на обработку персональных данных' })).toBeVisible();
  await expect(page.getByText('2025-09-01')).toBeVisible();
  await expect(page.getByRole('button', { name: /оплачен/ })).toHaveCount(0);

  await page.getByLabel('Комментарий к смене статуса (необязательно)').fill('Покупатель передумал');
  await page.getByRole('button', { name: 'Отменить заказ' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Отменить заказ № ${order.number}?`);
  await confirm.getByRole('button', { name: 'Да, отменить заказ' }).click();

  await expect(page.getByTestId('order-status')).toHaveText('отменён');
  await expect(page.getByRole('status').filter({ hasText: 'Статус изменён' })).toHaveText('Статус изменён: новый → отменён');
  const latest = page.getByTestId('history-entry').first();
  await expect(latest).toContainText('новый → отменён');
  await expect(latest).toContainText('«Покупатель передумал»');
  await expect(latest).toContainText(owner.email);
  await expect(page.getByText('Статус «отменён» окончательный')).toBeVisible();

  // A reload shows the same (it came from the database, not the page's memory).
  await page.reload();
  await expect(page.getByTestId('order-status')).toHaveText('отменён');
  await expect(page.getByTestId('history-entry').first()).toContainText('новый → отменён');

  // The status chip filters; the choice is in the address, so Back and a reload keep it.
  await page.goto('/admin/orders');
  await chip(page, 'отменён').click();
  await expect(page).toHaveURL(/[?&]status=cancelled/);
  await expect(page.getByTestId('order-row').filter({ hasText: order.number })).toHaveCount(1);
  await page.reload();
  await expect(chip(page, 'отменён')).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('order-row').filter({ hasText: order.number })).toHaveCount(1);
  await chip(page, 'новый').click();
  await expect(page.getByTestId('order-row').filter({ hasText: order.number })).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/[?&]status=cancelled/);
  await expect(page.getByTestId('order-row').filter({ hasText: order.number })).toHaveCount(1);

  // The CSV of that selection downloads with the session.
  const csv = await page.request.get(`/api/admin/orders.csv?status=cancelled&q=${order.number}`);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain(order.number);

  await signOutOfDesk(page);
  await page.goto('/admin/orders');
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Forders/);
});

test('guessing is throttled: after 5 wrong passwords for one e-mail the form says to wait', async ({ page }) => {
  // An e-mail no one has (the API answers it like a wrong password): the stack's real people stay
  // usable. 5 failures also count against this client's 20 per 15 min that all specs share.
  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill(`nobody-${Date.now()}@desk.example`);
  for (let attempt = 1; attempt <= 5; attempt++) {
    await page.getByLabel('Пароль').fill(`угадайка-${attempt}`);
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page.getByRole('alert')).toHaveText('Неверный e-mail или пароль');
  }
  await page.getByLabel('Пароль').fill('угадайка-6');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('alert')).toHaveText(/^Слишком много попыток входа\. Попробуйте через \d+ мин\.$/);
  await expect(page).toHaveURL(/\/admin\/login/);
});

test('a manager sees masked personal data and their role', async ({ page, request }) => {
  const { manager } = deskAccounts();
  const order = await placeOrderViaApi(request);
  await signInToDesk(page, manager, `/admin/orders/${order.number}`);
  await expect(page.getByTestId('desk-user')).toHaveText(`${manager.name} · менеджер`);
  await expect(page.getByTestId('customer-name')).toHaveText('Анна С.');
  await expect(page.getByTestId('customer-phone')).toHaveText('+7 *** ***-**-67');
  await expect(page.getByTestId('customer-email')).toHaveText('a***@mail.ru');
  await expect(page.getByText(SHOPPER.fullName)).toHaveCount(0);
  await expect(page.getByText(SHOPPER.email)).toHaveCount(0);
  await page.getByRole('link', { name: '← Все заказы' }).click();
  await expect(page.getByText('В CSV для менеджера нет персональных данных покупателей.')).toBeVisible();
  await expect(page.getByTestId('order-row').filter({ hasText: order.number })).toContainText('Анна С.');
});

test('a lost connection shows «Повторить»; an ended session leads to sign-in and back', async ({ page, context }) => {
  const { owner } = deskAccounts();
  await signInToDesk(page, owner);
  await expect(page.getByTestId('order-row').first()).toBeVisible();

  await page.route('**/api/admin/orders?**', (route) => route.abort('internetdisconnected'));
  await chip(page, 'новый').click();
  const failure = page.getByRole('alert');
  await expect(failure).toContainText('Не удалось загрузить заказы');
  await expect(failure).toContainText('Проверьте соединение');
  await page.unroute('**/api/admin/orders?**');
  await failure.getByRole('button', { name: 'Повторить' }).click();
  await expect(page.getByTestId('order-row').first()).toBeVisible();

  // The session cookie is gone (expired, signed out elsewhere): the next request answers 401.
  await context.clearCookies();
  await chip(page, 'все').click();
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Forders/);
  await page.getByLabel('E-mail').fill(owner.email);
  await page.getByLabel('Пароль').fill(owner.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByTestId('order-row').first()).toBeVisible();
});

test('on a 360 px phone the list, an order and the sign-in scroll only downwards', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const { owner } = deskAccounts();
  const order = await placeOrderViaApi(request, { address: 'ул. Очень-длинного-названия-без-пробелов-ни-одного-кроме-этого, д. 1' });
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'Вход для сотрудников' })).toBeVisible();
  await noSidewaysScroll(page);
  await signInToDesk(page, owner);
  await expect(page.getByTestId('order-row').first()).toBeVisible();
  await noSidewaysScroll(page);
  await page.goto(`/admin/orders/${order.number}`);
  await expect(page.getByRole('button', { name: 'Отменить заказ' })).toBeVisible();
  await noSidewaysScroll(page);
  await page.getByRole('button', { name: 'Отменить заказ' }).click();
  await expect(page.getByRole('button', { name: 'Да, отменить заказ' })).toBeInViewport();
  await noSidewaysScroll(page);
});

test('the desk loads none of the storefront, and the storefront none of the desk', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'Вход для сотрудников' })).toBeVisible();
  expect(requested.filter((url) => url.includes('mf-manifest.json') || url.includes('remoteEntry'))).toEqual([]);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expect(page.getByRole('button', { name: 'Я понимаю' })).toHaveCount(0);
  expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);

  requested.length = 0;
  await page.goto('/');
  // the same fresh visitor gets the storefront's cookie notice there (so its absence above means something)
  await expect(page.getByRole('button', { name: 'Я понимаю' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requested.filter((url) => /\/static\/desk\./.test(url))).toEqual([]);
});
