import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { gql } from './catalog.ts';
import { twoSizesInStock, VALID_DETAILS } from './cart.ts';

/**
 * The orders desk's people and helpers for specs that use the desk (sign in, place an order to
 * look at). The users are created in the stack's fresh database before the API starts
 * (global-setup.ts → createDeskUsers): the embedded database belongs to one process at a time.
 */
export interface DeskAccount {
  email: string;
  password: string;
  name: string;
  role: 'owner' | 'manager';
}

export interface DeskAccounts {
  owner: DeskAccount;
  manager: DeskAccount;
}

/** Creates the desk's owner and manager with fresh passwords in a stopped stack's PGlite folder; the specs read them from SHOP_DESK_USERS. */
export async function createDeskUsers(pgliteDir: string): Promise<DeskAccounts> {
  // Loaded only here: global-setup runs in Node with the API's own modules (migrations, argon2).
  const { createUser, openDatabase } = await import('@shop/api');
  const accounts: DeskAccounts = {
    owner: { email: 'owner@desk.example', password: `Вл-${randomBytes(9).toString('base64url')}`, name: 'Ольга Орлова', role: 'owner' },
    manager: { email: 'manager@desk.example', password: `Мн-${randomBytes(9).toString('base64url')}`, name: 'Марат Исаев', role: 'manager' },
  };
  const database = await openDatabase({ pgliteDir });
  try {
    for (const account of Object.values(accounts)) await createUser(database.db, account);
  } finally {
    await database.close();
  }
  process.env.SHOP_DESK_USERS = JSON.stringify(accounts);
  return accounts;
}

export function deskAccounts(): DeskAccounts {
  const raw = process.env.SHOP_DESK_USERS;
  if (!raw) throw new Error('SHOP_DESK_USERS is not set: global-setup creates the desk users (createDeskUsers)');
  return JSON.parse(raw) as DeskAccounts;
}

/** Signs in on «Вход для сотрудников» as a person does; ends on the page `next` names (the orders list by default). */
export async function signInToDesk(page: Page, account: DeskAccount, next?: string): Promise<void> {
  await page.goto(next ? `/admin/login?next=${encodeURIComponent(next)}` : '/admin/login');
  await expect(page.getByRole('heading', { name: 'Вход для сотрудников' })).toBeVisible();
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Пароль').fill(account.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByTestId('desk-user')).toContainText(account.name);
}

export async function signOutOfDesk(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page.getByRole('heading', { name: 'Вход для сотрудников' })).toBeVisible();
}

const CREATE_ORDER = `mutation($input: CreateOrderInput!) { createOrder(input: $input) {
  success errors { code message } order { ordernumber accessKey totalPrice }
} }`;

export interface PlacedOrder {
  number: string;
  key: string;
  totalPrice: number;
}

/** Places an order through the API as the checkout does (two sizes in stock, the cart specs' shopper unless details are given). */
export async function placeOrderViaApi(
  request: APIRequestContext,
  details: Partial<{ fullName: string; phone: string; email: string; city: string; address: string; comment: string; pickupPointCode: string; deliveryMethod: string }> = {},
): Promise<PlacedOrder> {
  const [a, b] = await twoSizesInStock(request, 2);
  const data = await gql<{
    createOrder: { success: boolean; errors: { code: string; message: string }[]; order: { ordernumber: string; accessKey: string; totalPrice: number } | null };
  }>(request, CREATE_ORDER, {
    input: {
      idempotencyKey: `desk-e2e-${randomBytes(8).toString('hex')}`,
      orderData: {
        fullName: VALID_DETAILS.fullName,
        phone: `+7 (916) 123-45-67`,
        email: VALID_DETAILS.email,
        city: VALID_DETAILS.city,
        address: VALID_DETAILS.address,
        deliveryMethod: 'CDEK_PICKUP',
        // a point of the fake СДЭК's Казань (the e2e stack checks points against it)
        pickupPointCode: 'KZN1',
        comment: VALID_DETAILS.comment,
        personalDataConsent: true,
        consentVersion: '2025-09-01',
        ...details,
      },
      items: [
        { offerId: a.id, quantity: 1, price: a.price },
        { offerId: b.id, quantity: 1, price: b.price },
      ],
    },
  });
  const order = data.createOrder.order;
  if (!data.createOrder.success || !order) throw new Error(`createOrder failed: ${JSON.stringify(data.createOrder.errors)}`);
  return { number: order.ordernumber, key: order.accessKey, totalPrice: order.totalPrice };
}

/** Uploads a catalogue file in the desk's catalogue page (signed in as the owner) and returns its report. */
export async function uploadCatalogue(page: Page, name: string, mimeType: string, buffer: Buffer) {
  await page.getByLabel('Файл каталога').setInputFiles({ name, mimeType, buffer });
  await page.getByRole('button', { name: 'Загрузить каталог' }).click();
  const report = page.getByTestId('catalog-report');
  await expect(report).toBeVisible({ timeout: 60_000 });
  return report;
}
