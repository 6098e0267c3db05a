// Payment through ЮKassa: the API's real client code against a local fake of ЮKassa's HTTP API
// (api/test/fakes/yookassa.ts), on both drivers. What is asserted is what ЮKassa, a shopper or an
// attacker would see: the requests sent (auth, idempotence key, amount, receipt, return URL),
// the order's status and history after notifications (real, duplicated, out of order, for
// unknown payments, forged), retries after a provider failure, the return to the order page.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeYookassa, startFakeYookassa } from './fakes/yookassa.ts';
import { rows } from '../src/db/database.ts';
import { guardNodeRequests } from '../src/http/node-entry.ts';
import { changeOrderStatus } from '../src/orders/order-lifecycle.ts';
import type { PaymentConfig } from '../src/payments/payment-config.ts';
import { LATE_PAYMENT_NOTE, PaymentService } from '../src/payments/payment-service.ts';
import { orderData } from './order-data.ts';
import { createTestEnv, DRIVERS, type TestEnv } from './test-env.ts';

const CREATE = /* GraphQL */ `
  mutation Create($input: CreateOrderInput!) {
    createOrder(input: $input) { success errors { code message } order { id ordernumber totalPrice status accessKey } }
  }`;
const START = /* GraphQL */ `mutation Start($id: ID!, $key: String!) { startPayment(id: $id, key: $key) { url } }`;
const ORDER = /* GraphQL */ `query O($n: String!, $k: String!) { order(number: $n, key: $k) { status payment { status provider } } }`;

interface PlacedOrder {
  id: string;
  ordernumber: string;
  totalPrice: number;
  accessKey: string;
}

describe.each(DRIVERS)('payments through ЮKassa (fake) [%s]', (driver) => {
  let fake: FakeYookassa;
  let env: TestEnv;
  let server: Server;
  let offers: { id: string; priceInRUB: number; stock: number }[] = [];

  beforeAll(async () => {
    fake = await startFakeYookassa();
    const payment: PaymentConfig = {
      provider: 'yookassa',
      sandboxEnabled: false,
      yookassa: { shopId: fake.shopId, secretKey: fake.secretKey, apiUrl: fake.url, vatCode: 1, checkNotifyIp: false, timeoutMs: 5000 },
    };
    env = await createTestEnv(driver, { payment, orderLookupRateLimit: 100_000, orderRateLimit: 100_000 });
    // the API on a real socket, so the fake's notifications arrive over HTTP like ЮKassa's
    server = createServer(guardNodeRequests(env.api.yoga));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    fake.setNotifyUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/yookassa/notify`);
    const d = await env.data(`{ products(limit: 100) { items { offers { id priceInRUB stock } } } }`);
    offers = d.products.items.flatMap((p: { offers: typeof offers }) => p.offers).filter((o: { stock: number }) => o.stock >= 5);
  });
  afterAll(async () => {
    await new Promise((r) => server?.close(r));
    await env?.close();
    await fake?.close();
  });

  let next = 0;
  async function place(): Promise<PlacedOrder> {
    // a different pair of offers each time, so stock reservations never run a size dry
    const a = offers[next++ % offers.length];
    const b = offers[next++ % offers.length];
    const res = await env.gql(CREATE, {
      input: {
        idempotencyKey: randomUUID(),
        orderData: orderData(),
        items: [
          { offerId: a?.id, quantity: 2 },
          { offerId: b?.id, quantity: 1 },
        ],
      },
    });
    expect(res.errors ?? res.data?.createOrder?.errors).toEqual([]);
    return res.data.createOrder.order;
  }
  const start = (o: PlacedOrder, key = o.accessKey) => env.gql(START, { id: o.id, key });
  const paymentId = (url: string) => /\/confirm\/([A-Za-z0-9-]+)$/.exec(url)?.[1] as string;
  const orderStatus = async (o: PlacedOrder) => (await env.data(ORDER, { n: o.ordernumber, k: o.accessKey })).order;
  const dbStatus = async (o: PlacedOrder) =>
    (await rows<{ status: string }>(env.database.db, sql`SELECT status FROM orders WHERE id = ${Number(o.id)}`))[0]?.status;
  const paidEvents = async (o: PlacedOrder) =>
    rows<{ actor: string; from_status: string }>(
      env.database.db,
      sql`SELECT actor, from_status FROM order_events WHERE order_id = ${Number(o.id)} AND to_status = 'paid'`,
    );
  const paymentRows = async (o: PlacedOrder) =>
    rows<{ status: string; idempotence_key: string; provider_payment_id: string | null; amount: number }>(
      env.database.db,
      sql`SELECT status, idempotence_key, provider_payment_id, amount FROM payments WHERE order_id = ${Number(o.id)} ORDER BY id`,
    );
  const postsFor = (key: string) => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v3/payments' && r.headers['idempotence-key'] === key);

  it('creates the payment with Basic auth, our idempotence key, the order total in RUB, a 54-ФЗ receipt and the return URL; a second start reuses it', async () => {
    const order = await place();
    const res = await start(order);
    expect(res.errors).toBeUndefined();
    const url = res.data.startPayment.url as string;
    expect(url.startsWith(`http://127.0.0.1:${fake.port}/confirm/`)).toBe(true);

    const [row] = await paymentRows(order);
    expect(row).toMatchObject({ status: 'pending', amount: order.totalPrice, provider_payment_id: paymentId(url) });
    const posts = postsFor(row?.idempotence_key as string);
    expect(posts).toHaveLength(1);
    const sent = posts[0] as (typeof posts)[number];
    expect(sent.headers.authorization).toBe(`Basic ${Buffer.from(`${fake.shopId}:${fake.secretKey}`).toString('base64')}`);
    expect(sent.headers['content-type']).toContain('application/json');
    const lines = await rows<{ name: string; size: string; price: number; quantity: number }>(
      env.database.db,
      sql`SELECT name, size, price, quantity FROM order_lines WHERE order_id = ${Number(order.id)} ORDER BY id`,
    );
    expect(sent.body).toEqual({
      amount: { value: `${order.totalPrice}.00`, currency: 'RUB' },
      capture: true,
      confirmation: { type: 'redirect', return_url: `https://shop.test/order/${order.ordernumber}?key=${encodeURIComponent(order.accessKey)}` },
      description: `Заказ №${order.ordernumber}`,
      metadata: { order_id: order.id, ordernumber: order.ordernumber },
      receipt: {
        customer: { email: 'ivan@example.ru', phone: '79123456789' },
        items: lines.map((l) => ({
          description: `${l.name}, размер ${l.size}`.slice(0, 128),
          quantity: `${l.quantity}.00`,
          amount: { value: `${l.price}.00`, currency: 'RUB' },
          vat_code: 1,
          payment_mode: 'full_prepayment',
          payment_subject: 'commodity',
        })),
      },
    });
    // the receipt adds up to the payment
    const itemsSum = lines.reduce((s, l) => s + l.price * l.quantity, 0);
    expect(itemsSum).toBe(order.totalPrice);

    // the shopper presses «Оплатить заказ» again: the same pending payment, no second one at ЮKassa
    const again = await start(order);
    expect(again.data.startPayment.url).toBe(url);
    expect(postsFor(row?.idempotence_key as string)).toHaveLength(1);
    expect(await paymentRows(order)).toHaveLength(1);
    expect([...fake.payments.values()].filter((p) => p.metadata.order_id === order.id)).toHaveLength(1);
    // the deprecated query (old tabs) gives the same page
    const info = await env.data(`query($id: ID!, $k: String!) { paymentInfo(id: $id, key: $k) { linkURL } }`, { id: order.id, k: order.accessKey });
    expect(info.paymentInfo.linkURL).toBe(url);

    // a wrong key learns nothing and starts nothing
    const wrong = await start(order, 'wrong-key');
    expect(wrong.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(wrong.errors?.[0]?.message).toBe('Заказ не найден');
  });

  it('marks the order paid once through a notification; duplicated and out-of-order ones change nothing', async () => {
    const order = await place();
    const url = (await start(order)).data.startPayment.url as string;
    const id = paymentId(url);
    expect((await orderStatus(order)).status).toBe('NEW');

    const first = await fake.pay(id);
    expect(first?.status).toBe(200);
    expect(await dbStatus(order)).toBe('paid');
    // the notification was checked by asking ЮKassa
    expect(fake.requests.some((r) => r.method === 'GET' && r.path === `/v3/payments/${id}`)).toBe(true);

    expect((await fake.notify(id, 'payment.succeeded')).status).toBe(200);
    expect((await fake.notify(id, 'payment.succeeded')).status).toBe(200);
    // canceled after succeeded (out of order, or forged): ЮKassa says succeeded, so it stays paid
    expect((await fake.notify(id, 'payment.canceled')).status).toBe(200);
    expect((await fake.notify(id, 'payment.waiting_for_capture')).status).toBe(200);

    expect(await dbStatus(order)).toBe('paid');
    expect(await paidEvents(order)).toEqual([{ actor: 'yookassa', from_status: 'new' }]);
    expect((await paymentRows(order)).map((p) => p.status)).toEqual(['succeeded']);
    expect((await orderStatus(order)).payment).toEqual({ status: 'SUCCEEDED', provider: 'YOOKASSA' });

    // paying again is refused, in Russian
    const again = await start(order);
    expect(again.errors?.[0]?.extensions?.code).toBe('ALREADY_PAID');
    expect(again.errors?.[0]?.message).toBe('Заказ уже оплачен');
  });

  it('answers 200 and changes nothing for a payment it never created', async () => {
    const before = await rows<{ n: number }>(env.database.db, sql`SELECT count(*)::int AS n FROM order_events`);
    const unknown = await fake.sendNotification({
      type: 'notification',
      event: 'payment.succeeded',
      object: { id: '2d4f0e1a-000f-5000-8000-1a2b3c4d5e6f', status: 'succeeded', amount: { value: '100.00', currency: 'RUB' }, metadata: { order_id: '1' } },
    });
    expect(unknown.status).toBe(200);
    const after = await rows<{ n: number }>(env.database.db, sql`SELECT count(*)::int AS n FROM order_events`);
    expect(after).toEqual(before);
  });

  it('refuses forged notifications: a claimed status ЮKassa does not confirm, another order in the metadata, another amount', async () => {
    // 1) the body says succeeded with another amount; ЮKassa, asked, says pending
    const a = await place();
    const idA = paymentId((await start(a)).data.startPayment.url);
    const forged = await fake.sendNotification({
      type: 'notification',
      event: 'payment.succeeded',
      object: { id: idA, status: 'succeeded', paid: true, amount: { value: '1.00', currency: 'RUB' }, metadata: { order_id: a.id } },
    });
    expect(forged.status).toBe(200);
    expect(await dbStatus(a)).toBe('new');
    expect((await paymentRows(a)).map((p) => p.status)).toEqual(['pending']);

    // 2) ЮKassa's payment is for another order than the one we created it for
    const b = await place();
    const c = await place();
    const idB = paymentId((await start(b)).data.startPayment.url);
    const pb = fake.payments.get(idB);
    if (!pb) throw new Error('no fake payment');
    pb.metadata = { ...pb.metadata, order_id: c.id, ordernumber: c.ordernumber };
    pb.status = 'succeeded';
    pb.paid = true;
    expect((await fake.notify(idB)).status).toBe(200);
    expect(await dbStatus(b)).toBe('new');
    expect(await dbStatus(c)).toBe('new');
    expect(await paidEvents(b)).toEqual([]);

    // 3) ЮKassa's payment has another amount than the order's total
    const d = await place();
    const idD = paymentId((await start(d)).data.startPayment.url);
    const pd = fake.payments.get(idD);
    if (!pd) throw new Error('no fake payment');
    pd.amount = { value: '1.00', currency: 'RUB' };
    pd.status = 'succeeded';
    pd.paid = true;
    expect((await fake.notify(idD)).status).toBe(200);
    expect(await dbStatus(d)).toBe('new');

    // 4) not a notification at all
    expect((await fake.sendNotification({ hello: 'world' })).status).toBe(400);
    const notJson = await env.request('/api/payments/yookassa/notify', { method: 'POST', body: '{not json' });
    expect(notJson.status).toBe(400);
    expect((await env.request('/api/payments/yookassa/notify')).status).toBe(405);
  });

  it('a cancelled payment leaves the order new, and the next start creates a new payment with a new key', async () => {
    const order = await place();
    const first = (await start(order)).data.startPayment.url as string;
    expect((await fake.cancel(paymentId(first)))?.status).toBe(200);
    expect(await dbStatus(order)).toBe('new');
    expect((await paymentRows(order)).map((p) => p.status)).toEqual(['canceled']);
    const second = (await start(order)).data.startPayment.url as string;
    expect(second).not.toBe(first);
    const rowsNow = await paymentRows(order);
    expect(rowsNow.map((p) => p.status)).toEqual(['canceled', 'pending']);
    expect(rowsNow[0]?.idempotence_key).not.toBe(rowsNow[1]?.idempotence_key);
  });

  it('retries a failed create with the same Idempotence-Key: a 500 then success makes one payment', async () => {
    const order = await place();
    fake.failNext(1, 500);
    const res = await start(order);
    expect(res.errors).toBeUndefined();
    const [row] = await paymentRows(order);
    const posts = postsFor(row?.idempotence_key as string);
    expect(posts.map((p) => p.status)).toEqual([500, 200]);
    expect(posts[0]?.body).toEqual(posts[1]?.body);
    expect([...fake.payments.values()].filter((p) => p.metadata.order_id === order.id)).toHaveLength(1);
  });

  it('tells the shopper in Russian when ЮKassa cannot be reached, and the next start repeats the same key', async () => {
    const order = await place();
    fake.failNext(10, 503);
    const res = await start(order);
    expect(res.errors?.[0]?.extensions?.code).toBe('PAYMENT_UNAVAILABLE');
    expect(res.errors?.[0]?.message).toBe('Не удалось начать оплату. Попробуйте ещё раз.');
    expect(JSON.stringify(res.errors)).not.toMatch(/stack|yookassa-provider|127\.0\.0\.1/);
    fake.failNext(0);
    const [row] = await paymentRows(order);
    expect(row).toMatchObject({ status: 'pending', provider_payment_id: null });
    const ok = await start(order);
    expect(ok.errors).toBeUndefined();
    const posts = postsFor(row?.idempotence_key as string);
    expect(posts.filter((p) => p.status === 200)).toHaveLength(1);
    expect(posts.length).toBeGreaterThan(1);
    expect(new Set(posts.map((p) => p.headers['idempotence-key']))).toEqual(new Set([row?.idempotence_key]));
    expect(await paymentRows(order)).toHaveLength(1);
  });

  it('the order page after the return asks ЮKassa and shows the order paid before any notification', async () => {
    const order = await place();
    const id = paymentId((await start(order)).data.startPayment.url);
    const p = fake.payments.get(id);
    if (!p) throw new Error('no fake payment');
    // paid at ЮKassa, the notification not sent yet
    p.status = 'succeeded';
    p.paid = true;
    const gets = () => fake.requests.filter((r) => r.method === 'GET' && r.path === `/v3/payments/${id}`).length;
    const before = gets();
    expect((await orderStatus(order)).status).toBe('PAID');
    expect(gets()).toBe(before + 1);
    expect(await paidEvents(order)).toEqual([{ actor: 'yookassa', from_status: 'new' }]);
    // the notification arriving later changes nothing
    expect((await fake.notify(id)).status).toBe(200);
    expect(await paidEvents(order)).toHaveLength(1);
  });

  it('asks ЮKassa at most once per order for a burst of order-page views', async () => {
    const order = await place();
    const id = paymentId((await start(order)).data.startPayment.url);
    const gets = () => fake.requests.filter((r) => r.method === 'GET' && r.path === `/v3/payments/${id}`).length;
    const before = gets();
    for (let i = 0; i < 5; i++) expect((await orderStatus(order)).status).toBe('NEW');
    expect(gets() - before).toBe(1);
  });

  it('money for an order the reservation expiry cancelled re-reserves it and marks it paid, once', async () => {
    const order = await place();
    const id = paymentId((await start(order)).data.startPayment.url);
    const cancelled = await changeOrderStatus(env.database.db, env.api.orderHooks, Number(order.id), 'cancelled', 'system', 'Резерв истёк');
    expect(cancelled.ok).toBe(true);
    expect((await fake.pay(id))?.status).toBe(200);
    expect((await fake.notify(id)).status).toBe(200);
    expect((await paymentRows(order)).map((p) => p.status)).toEqual(['succeeded']);
    expect(await dbStatus(order)).toBe('paid');
    expect(await paidEvents(order)).toEqual([{ actor: 'yookassa', from_status: 'cancelled' }]);
    const held = await rows<{ n: number }>(
      env.database.db,
      sql`SELECT count(*)::int AS n FROM stock_reservations WHERE order_id = ${Number(order.id)} AND state = 'held'`,
    );
    expect(held[0]?.n).toBeGreaterThan(0);
  });

  it('money for an order a person cancelled is recorded, the order stays cancelled and its history says a refund is needed, once', async () => {
    const order = await place();
    const id = paymentId((await start(order)).data.startPayment.url);
    expect((await changeOrderStatus(env.database.db, env.api.orderHooks, Number(order.id), 'cancelled', 'ops-token', 'Покупатель передумал')).ok).toBe(true);
    expect((await fake.pay(id))?.status).toBe(200);
    expect((await fake.notify(id)).status).toBe(200);
    expect((await fake.notify(id, 'payment.canceled')).status).toBe(200);
    expect((await paymentRows(order)).map((p) => p.status)).toEqual(['succeeded']);
    expect(await dbStatus(order)).toBe('cancelled');
    const notes = await rows<{ note: string }>(
      env.database.db,
      sql`SELECT note FROM order_events WHERE order_id = ${Number(order.id)} AND note LIKE ${'Оплата пришла после%'}`,
    );
    expect(notes).toHaveLength(1);
    expect(notes[0]?.note).toContain('нужен возврат');
    expect(LATE_PAYMENT_NOTE).toContain('нужен возврат');
    const again = await start(order);
    expect(again.errors?.[0]?.extensions?.code).toBe('ORDER_CANCELLED');
    expect(again.errors?.[0]?.message).toMatch(/^Заказ отменён/);
  });

  it('a wrong secret key gets 401 from ЮKassa: the shopper is told in Russian and the refused payment is not reused', async () => {
    const order = await place();
    const payment = env.config.payment;
    const yk = payment.yookassa;
    if (!yk) throw new Error('no ЮKassa config');
    const wrong = new PaymentService(
      env.database.db,
      env.api.orderHooks,
      { ...payment, yookassa: { ...yk, secretKey: 'test_WrongSecretKey_000000' } },
      env.config.shopPublicUrl,
      { log: () => {} },
    );
    const result = await wrong.start(Number(order.id), order.accessKey);
    expect(result).toMatchObject({ ok: false, code: 'PAYMENT_UNAVAILABLE', message: 'Не удалось начать оплату. Попробуйте ещё раз.' });
    const [row] = await paymentRows(order);
    const posts = postsFor(row?.idempotence_key as string);
    // refused at once (a 4xx is not retried), with ЮKassa's own answer
    expect(posts.map((p) => p.status)).toEqual([401]);
    expect(row?.status).toBe('canceled');
    // with the right key the next start is a new payment (a new idempotence key)
    const ok = await start(order);
    expect(ok.errors).toBeUndefined();
    const rowsNow = await paymentRows(order);
    expect(rowsNow.map((p) => p.status)).toEqual(['canceled', 'pending']);
    expect(rowsNow[1]?.idempotence_key).not.toBe(row?.idempotence_key);
  });

  it('records a payment waiting for capture without marking the order paid, and cancels it at ЮKassa when asked', async () => {
    const order = await place();
    const id = paymentId((await start(order)).data.startPayment.url);
    const p = fake.payments.get(id);
    if (!p) throw new Error('no fake payment');
    p.status = 'waiting_for_capture';
    expect((await fake.notify(id)).status).toBe(200);
    expect(await dbStatus(order)).toBe('new');
    expect((await paymentRows(order)).map((r) => r.status)).toEqual(['waiting_for_capture']);
    const service = new PaymentService(env.database.db, env.api.orderHooks, env.config.payment, env.config.shopPublicUrl, { log: () => {} });
    expect(await service.cancelOpen(Number(order.id))).toBe(1);
    const [cancel] = fake.requests.filter((r) => r.method === 'POST' && r.path === `/v3/payments/${id}/cancel`);
    expect(cancel?.headers.authorization).toMatch(/^Basic /);
    expect(cancel?.headers['idempotence-key']).toBe(`${(await paymentRows(order))[0]?.idempotence_key}-cancel`);
    expect(fake.payments.get(id)?.status).toBe('canceled');
    expect((await paymentRows(order)).map((r) => r.status)).toEqual(['canceled']);
    expect(await dbStatus(order)).toBe('new');
  });

  it('with ЮKassa configured the sandbox page is gone (404) and cannot mark anything paid', async () => {
    const order = await place();
    expect((await env.request(`/api/sandbox/pay/${order.id}?key=${encodeURIComponent(order.accessKey)}`)).status).toBe(404);
    const post = await env.request(`/api/sandbox/pay/${order.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ key: order.accessKey }).toString(),
    });
    expect(post.status).toBe(404);
    expect(await dbStatus(order)).toBe('new');
  });

  it('with YOOKASSA_NOTIFY_IPS=yookassa hears only ЮKassa\'s published addresses', async () => {
    const yk = env.config.payment.yookassa;
    if (!yk) throw new Error('no ЮKassa config');
    yk.checkNotifyIp = true;
    try {
      const body = JSON.stringify({ type: 'notification', event: 'payment.succeeded', object: { id: 'ffffffff-000f-5000-8000-000000000000' } });
      const from = (ip: string) =>
        env.request('/api/payments/yookassa/notify', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': ip }, body });
      expect((await from('203.0.113.9')).status).toBe(403);
      expect((await from('185.71.76.7')).status).toBe(200);
      expect((await from('2a02:5180::10')).status).toBe(200);
    } finally {
      yk.checkNotifyIp = false;
    }
  });
});

describe.each(DRIVERS)('payments through the sandbox [%s]', (driver) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(driver);
  });
  afterAll(async () => {
    await env?.close();
  });

  it('pays once through the sandbox page: a second POST adds no second paid event; the notify route is off', async () => {
    const d = await env.data(`{ products(limit: 40) { items { offers { id stock } } } }`);
    const offer = d.products.items.flatMap((p: { offers: { id: string; stock: number }[] }) => p.offers).find((o: { stock: number }) => o.stock >= 2);
    const res = await env.gql(CREATE, {
      input: {
        idempotencyKey: randomUUID(),
        orderData: {
          fullName: 'Петрова Анна',
          phone: '+7 (912) 000-00-01',
          email: 'anna@example.ru',
          city: 'Москва',
          address: 'ул. Тверская, д. 1',
          deliveryMethod: 'COURIER',
          personalDataConsent: true,
          consentVersion: '2025-09-01',
        },
        items: [{ offerId: offer.id, quantity: 1 }],
      },
    });
    const order = res.data.createOrder.order;
    const started = await env.data(START, { id: order.id, key: order.accessKey });
    expect(started.startPayment.url).toBe(`https://shop.test/api/sandbox/pay/${order.id}?key=${encodeURIComponent(order.accessKey)}`);
    const pay = () =>
      env.request(`/api/sandbox/pay/${order.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ key: order.accessKey }).toString(),
        redirect: 'manual',
      });
    expect((await pay()).status).toBe(303);
    expect((await pay()).status).toBe(303);
    const events = await rows<{ actor: string }>(env.database.db, sql`SELECT actor FROM order_events WHERE order_id = ${Number(order.id)} AND to_status = 'paid'`);
    expect(events).toEqual([{ actor: 'sandbox' }]);
    const payments = await rows<{ provider: string; status: string }>(env.database.db, sql`SELECT provider, status FROM payments WHERE order_id = ${Number(order.id)}`);
    expect(payments).toEqual([{ provider: 'sandbox', status: 'succeeded' }]);
    const notify = await env.request('/api/payments/yookassa/notify', { method: 'POST', body: '{}' });
    expect(notify.status).toBe(404);
    // a cancelled order's sandbox page says so and takes no payment
    const other = (
      await env.gql(CREATE, {
        input: {
          idempotencyKey: randomUUID(),
          orderData: { fullName: 'Петрова Анна', phone: '+7 (912) 000-00-02', email: 'anna@example.ru', city: 'Москва', address: 'ул. Тверская, д. 2', deliveryMethod: 'COURIER', personalDataConsent: true, consentVersion: '2025-09-01' },
          items: [{ offerId: offer.id, quantity: 1 }],
        },
      })
    ).data.createOrder.order;
    await changeOrderStatus(env.database.db, env.api.orderHooks, Number(other.id), 'cancelled', 'system');
    const view = await env.request(`/api/sandbox/pay/${other.id}?key=${encodeURIComponent(other.accessKey)}`);
    expect(view.status).toBe(409);
    expect(await view.text()).toContain('отменён');
    const late = await env.request(`/api/sandbox/pay/${other.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ key: other.accessKey }).toString(),
    });
    expect(late.status).toBe(409);
    const otherPaid = await rows<{ n: number }>(env.database.db, sql`SELECT count(*)::int AS n FROM order_events WHERE order_id = ${Number(other.id)} AND to_status = 'paid'`);
    expect(otherPaid[0]?.n).toBe(0);
  });
});
