// The browser tests' local SMTP server, fake ЮKassa and fake СДЭК. Both run in global setup's process (they
// must be up before the API starts, and live as long as the stack), but the tests run in
// Playwright's worker processes: they reach them through a small JSON control server whose URL
// global setup puts in SHOP_FAKES_URL. startE2eFakes is for global setup; the rest is for tests.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page } from '@playwright/test';
import { type FakeSmtpServer, type ReceivedMail, startSmtpServer } from '../../api/test/fakes/smtp.ts';
import { type FakeCdek, startFakeCdek } from '../../api/test/fakes/cdek.ts';
import { type FakeDadata, startFakeDadata } from '../../api/test/fakes/dadata.ts';
import { type FakeYookassa, startFakeYookassa } from '../../api/test/fakes/yookassa.ts';

/** The shop owner's address the API tells of every new order (SHOP_OWNER_EMAIL). */
export const OWNER_EMAIL = 'owner@shop.test';
export const MAIL_FROM = 'Оригинал <shop@shop.test>';

/** A letter as the tests see it (what a mail client would show): the fake server's mail without its envelope and raw headers. */
export type Letter = Pick<ReceivedMail, 'from' | 'fromAddress' | 'to' | 'subject' | 'text' | 'html'>;

const letter = (m: ReceivedMail): Letter => ({ from: m.from, fromAddress: m.fromAddress, to: m.to, subject: m.subject, text: m.text, html: m.html });

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

const matches = (m: ReceivedMail, to: string | null, subject: string | null) =>
  (!to || m.to.includes(to.toLowerCase())) && (!subject || m.subject.includes(subject));

/**
 * Starts the SMTP server, the fake ЮKassa and the control server. `env` is what the API is
 * started with; call `setNotifyUrl` once the shop's address is known.
 */
export async function startE2eFakes(): Promise<{
  smtp: FakeSmtpServer;
  yookassa: FakeYookassa;
  cdek: FakeCdek;
  dadata: FakeDadata;
  controlUrl: string;
  env: Record<string, string>;
  close(): Promise<void>;
}> {
  const smtp = await startSmtpServer();
  const yookassa = await startFakeYookassa({ shopId: '654321', secretKey: 'test_E2eFakeSecretKey_0123456789' });
  const cdek = await startFakeCdek();
  const dadata = await startFakeDadata();
  const control = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://control');
    const to = url.searchParams.get('to');
    const subject = url.searchParams.get('subject');
    const id = url.searchParams.get('id') ?? '';
    const route = `${req.method} ${url.pathname}`;
    const answer = async () => {
      switch (route) {
        case 'GET /mail':
          return json(res, 200, smtp.messages.filter((m) => matches(m, to, subject)).map(letter));
        case 'GET /mail/wait': {
          const timeout = Math.min(Number(url.searchParams.get('timeout')) || 15_000, 60_000);
          try {
            return json(res, 200, letter(await smtp.waitFor((m) => matches(m, to, subject), timeout)));
          } catch (e) {
            return json(res, 404, { error: (e as Error).message });
          }
        }
        case 'POST /smtp/down':
          smtp.setDown(url.searchParams.get('value') === '1');
          return json(res, 200, { down: url.searchParams.get('value') === '1' });
        case 'GET /yookassa/payments':
          return json(res, 200, [...yookassa.payments.values()]);
        case 'GET /yookassa/requests':
          return json(res, 200, yookassa.requests);
        case 'GET /yookassa/refunds':
          return json(res, 200, [...yookassa.refunds.values()]);
        case 'GET /yookassa/notifications':
          return json(res, 200, yookassa.notifications);
        case 'POST /yookassa/pay':
          return json(res, 200, await yookassa.pay(id));
        case 'POST /yookassa/cancel':
          return json(res, 200, await yookassa.cancel(id));
        case 'GET /cdek/orders':
          return json(res, 200, [...cdek.orders.values()]);
        case 'GET /cdek/requests':
          return json(res, 200, cdek.requests);
        case 'POST /cdek/status':
          return json(res, 200, await cdek.setStatus(id, url.searchParams.get('code') ?? ''));
        case 'POST /cdek/fail':
          cdek.failNext(Number(url.searchParams.get('count') ?? 0), Number(url.searchParams.get('status') ?? 502));
          return json(res, 200, {});
        default:
          return json(res, 404, { error: `unknown control route ${route}` });
      }
    };
    answer().catch((e: Error) => json(res, 500, { error: e.message }));
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', () => resolve()));
  const controlUrl = `http://127.0.0.1:${(control.address() as AddressInfo).port}`;
  return {
    smtp,
    yookassa,
    cdek,
    dadata,
    controlUrl,
    env: {
      PAYMENT_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: yookassa.shopId,
      YOOKASSA_SECRET_KEY: yookassa.secretKey,
      YOOKASSA_API_URL: yookassa.url,
      DELIVERY_PROVIDER: 'cdek',
      CDEK_CLIENT_ID: cdek.clientId,
      CDEK_CLIENT_SECRET: cdek.clientSecret,
      CDEK_API_URL: cdek.url,
      CDEK_SHIPMENT_POINT: 'MSK1',
      DADATA_API_KEY: dadata.token,
      DADATA_API_URL: dadata.url,
      SMTP_URL: smtp.url,
      MAIL_FROM,
      SHOP_OWNER_EMAIL: OWNER_EMAIL,
      // letters go out within a second instead of the production 5 s poll
      MAIL_POLL_MS: '500',
    },
    async close() {
      control.closeAllConnections();
      await new Promise<void>((resolve) => control.close(() => resolve()));
      await Promise.all([smtp.close(), yookassa.close(), cdek.close(), dadata.close()]);
    },
  };
}

// ---- for the tests (worker processes) ----

function controlUrl(path: string): string {
  const base = process.env.SHOP_FAKES_URL;
  if (!base) throw new Error('SHOP_FAKES_URL is not set: the fakes are started by e2e/support/global-setup.ts');
  return base + path;
}

async function call<T>(method: 'GET' | 'POST', path: string): Promise<{ status: number; body: T }> {
  const res = await fetch(controlUrl(path), { method });
  return { status: res.status, body: (await res.json()) as T };
}

/** The first letter to `to` whose subject contains `subject` (already received or to come). */
export async function waitForLetter(filter: { to: string; subject: string }, timeoutMs = 20_000): Promise<Letter> {
  const query = new URLSearchParams({ to: filter.to, subject: filter.subject, timeout: String(timeoutMs) });
  const { status, body } = await call<Letter & { error?: string }>('GET', `/mail/wait?${query}`);
  if (status !== 200) throw new Error(body.error ?? `no letter to ${filter.to} about «${filter.subject}»`);
  return body;
}

/** Every letter received so far, optionally only those to `to` / with `subject` in the subject. */
export async function letters(filter: { to?: string; subject?: string } = {}): Promise<Letter[]> {
  const query = new URLSearchParams(Object.entries(filter).filter((e): e is [string, string] => Boolean(e[1])));
  return (await call<Letter[]>('GET', `/mail?${query}`)).body;
}

export interface FakePaymentView {
  id: string;
  status: string;
  amount: { value: string; currency: string };
  description?: string;
  metadata: Record<string, unknown>;
  confirmation: { confirmation_url: string; return_url: string };
  receipt?: { customer?: Record<string, string>; items?: { description: string; quantity: string; amount: { value: string } }[] };
  idempotenceKey: string;
}

/** The fake ЮKassa's payments (as it keeps them), in creation order. */
export async function yookassaPayments(): Promise<FakePaymentView[]> {
  return (await call<FakePaymentView[]>('GET', '/yookassa/payments')).body;
}

/** Notifications the fake sent and the shop's HTTP answers. */
export async function yookassaNotifications(): Promise<{ body: { event: string; object: { id: string } }; status: number }[]> {
  return (await call<{ body: { event: string; object: { id: string } }; status: number }[]>('GET', '/yookassa/notifications')).body;
}

/** The first link in a letter's text that opens an order page (with its key). */
export function orderLinkIn(text: string): URL | null {
  const match = /https?:\/\/[^\s<>"')]+\/order\/[A-Z0-9-]+\?key=[^\s<>"')]+/.exec(text);
  return match ? new URL(match[0]) : null;
}

/** The amount as the fake ЮKassa's page shows it: «24990.00 ₽». */
export const fakeAmount = (rub: number) => `${rub}.00 ₽`;

/**
 * The fake ЮKassa's payment page is open (after «Подтвердить заказ» or «Оплатить заказ»);
 * returns the order number it names («Заказ №…», the payment's description).
 */
export async function onYookassaPage(page: Page): Promise<string> {
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/confirm\//);
  await expect(page.getByRole('heading', { name: 'Оплата заказа' })).toBeVisible();
  const description = (await page.getByText(/^Заказ №/).textContent()) ?? '';
  return /№(\S+)/.exec(description)?.[1] ?? '';
}

/** Pays on the fake ЮKassa's page as a shopper does; the page sends the shopper back to the shop. */
export async function payOnYookassa(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Оплатить', exact: true }).click();
}

/** The fake СДЭК's shipments (orders registered with it), in creation order. */
export async function cdekOrders(): Promise<{ uuid: string; number: string; cdek_number: string; delivery_point?: string; statuses: { code: string }[] }[]> {
  return (await call<never>('GET', '/cdek/orders')).body;
}

/** The next `count` calls to the fake СДЭК fail with `status` (0: never answer); `count` 0 ends it. */
export async function cdekFailNext(count: number, status = 502): Promise<void> {
  await call('POST', `/cdek/fail?count=${count}&status=${status}`);
}

/** Moves the fake СДЭК's shipment to `code` (СДЭК's status code); the fake notifies the shop as СДЭК does. */
export async function cdekSetStatus(uuid: string, code: string): Promise<{ status: number }[]> {
  return (await call<{ status: number }[]>('POST', `/cdek/status?id=${encodeURIComponent(uuid)}&code=${encodeURIComponent(code)}`)).body;
}

/** The fake ЮKassa's refunds, in creation order. */
export async function yookassaRefunds(): Promise<{ id: string; payment_id: string; amount: { value: string }; description?: string }[]> {
  return (await call<never>('GET', '/yookassa/refunds')).body;
}
