// Returns: a shopper asks from the order page (GraphQL requestReturn) to return chosen lines with
// a reason; the owner refunds through ЮKassa's refund API (the local fake, api/test/fakes/yookassa.ts)
// or rejects. What is asserted is what the shopper, the owner and ЮKassa would see: the bounds on
// quantities and time, the refund's amount, receipt and idempotence key, one refund per request.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPrice } from '@shop/contracts/format';
import { testConfig } from '../src/config.ts';
import { rows } from '../src/db/database.ts';
import { changeOrderStatus } from '../src/orders/order-lifecycle.ts';
import type { PaymentConfig } from '../src/payments/payment-config.ts';
import { type FakeYookassa, startFakeYookassa } from './fakes/yookassa.ts';
import { orderData } from './order-data.ts';
import { createTestEnv, type TestEnv } from './test-env.ts';

const TOKEN = 'ops-token-for-returns-0123456789';
const CREATE = `mutation C($input: CreateOrderInput!) { createOrder(input: $input) { errors { code } order { id ordernumber accessKey totalPrice } } }`;
const START = `mutation S($id: ID!, $key: String!) { startPayment(id: $id, key: $key) { url } }`;
const ORDER = `query O($n: String!, $k: String!) { order(number: $n, key: $k) { status returnOpen returnUntil lines { offerId quantity price returnable } returns { id status reason amount note lines { offerId quantity } } } }`;
const REQUEST = `mutation R($input: RequestReturnInput!) { requestReturn(input: $input) { success errors { field message } request { id status amount reason comment } } }`;

describe('returns refunded through ЮKassa (fake)', () => {
  let fake: FakeYookassa;
  let env: TestEnv;
  let offers: { id: string; priceInRUB: number }[] = [];
  let next = 0;

  beforeAll(async () => {
    fake = await startFakeYookassa();
    const payment: PaymentConfig = {
      provider: 'yookassa',
      sandboxEnabled: false,
      yookassa: { shopId: fake.shopId, secretKey: fake.secretKey, apiUrl: fake.url, vatCode: 1, checkNotifyIp: false, timeoutMs: 3000 },
    };
    const base = testConfig();
    env = await createTestEnv('pglite', { payment, opsToken: TOKEN, orderLookupRateLimit: 100_000, orderRateLimit: 100_000, mail: { ...base.mail, ownerEmails: ['owner@shop.test'] } });
    const d = await env.data(`{ products(limit: 100) { items { offers { id priceInRUB stock } } } }`);
    offers = d.products.items.flatMap((p: { offers: { id: string; priceInRUB: number; stock: number }[] }) => p.offers.filter((o) => o.stock >= 3));
  });
  afterAll(async () => {
    await env?.close();
    await fake?.close();
  });

  /** A paid order of two lines (2 + 1 units), moved to `status` by the shop. */
  async function paidOrder(status: 'shipped' | 'delivered' = 'delivered') {
    const [a, b] = [offers[next++ % offers.length], offers[next++ % offers.length]] as { id: string; priceInRUB: number }[];
    const created = await env.data(CREATE, {
      input: { idempotencyKey: randomUUID(), orderData: orderData({ deliveryMethod: 'COURIER' }), items: [{ offerId: a?.id, quantity: 2 }, { offerId: b?.id, quantity: 1 }] },
    });
    const order = created.createOrder.order;
    const url = (await env.data(START, { id: order.id, key: order.accessKey })).startPayment.url as string;
    await fake.pay(/\/confirm\/([A-Za-z0-9-]+)$/.exec(url)?.[1] as string);
    // the order page asks ЮKassa itself
    expect((await env.data(ORDER, { n: order.ordernumber, k: order.accessKey })).order.status).toBe('PAID');
    const steps: ('assembled' | 'shipped' | 'delivered')[] = ['assembled', 'shipped', ...(status === 'delivered' ? (['delivered'] as const) : [])];
    for (const to of steps) {
      expect((await changeOrderStatus(env.database.db, env.api.orderHooks, Number(order.id), to, 'ops-token')).ok).toBe(true);
    }
    return { ...order, a: a as { id: string; priceInRUB: number }, b: b as { id: string; priceInRUB: number } };
  }
  const ask = (o: { ordernumber: string; accessKey: string }, lines: { offerId: string; quantity: number }[], reason = 'SIZE', comment = '') =>
    env.data(REQUEST, { input: { number: o.ordernumber, key: o.accessKey, reason, comment, lines } });
  const ops = (o: { ordernumber: string }, id: string, action: 'refund' | 'reject', body: Record<string, unknown> = {}) =>
    env.request(`/api/ops/orders/${o.ordernumber}/returns/${id}/${action}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('takes a request for chosen lines within 7 days of receipt, and refunds exactly them through ЮKassa, once', async () => {
    const o = await paidOrder();
    const view = (await env.data(ORDER, { n: o.ordernumber, k: o.accessKey })).order;
    expect(view.returnOpen).toBe(true);
    expect(new Date(view.returnUntil).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const asked = (await ask(o, [{ offerId: o.a.id, quantity: 1 }], 'SIZE', 'Маломерит')).requestReturn;
    expect(asked).toMatchObject({ success: true, errors: [], request: { status: 'REQUESTED', amount: o.a.priceInRUB, reason: 'SIZE', comment: 'Маломерит' } });
    // the shopper is told it was taken and how to send the item; the owner of a new request
    const taken = await rows<{ kind: string; recipient: string; subject: string; text: string }>(
      env.database.db,
      sql`SELECT kind, recipient, subject, text FROM mail_outbox WHERE order_id = ${Number(o.id)} AND kind IN ('return-requested', 'return-owner') ORDER BY id`,
    );
    expect(taken.map((l) => [l.kind, l.subject])).toEqual([
      ['return-requested', `Заявка на возврат по заказу №${o.ordernumber} принята`],
      ['return-owner', `Заявка на возврат по заказу №${o.ordernumber}: ${formatPrice(o.a.priceInRUB)}`],
    ]);
    expect(taken[1]?.recipient).toBe('owner@shop.test');
    expect(taken[1]?.text).toContain('Причина: Не подошёл размер: Маломерит');
    // what is left to return: one of the two, and the other line whole
    const after = (await env.data(ORDER, { n: o.ordernumber, k: o.accessKey })).order;
    expect(after.lines.map((l: { offerId: string; returnable: number }) => [l.offerId, l.returnable])).toEqual([
      [o.a.id, 1],
      [o.b.id, 1],
    ]);
    // the owner refunds: ЮKassa gets the amount, the receipt of the returned line and our key
    const refunded = await ops(o, asked.request.id, 'refund');
    expect(refunded.status).toBe(200);
    expect((await refunded.json()).order.returns[0]).toMatchObject({ status: 'refunded', amount: o.a.priceInRUB });
    const refunds = [...fake.refunds.values()].filter((r) => r.description === `Возврат по заказу №${o.ordernumber}`);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: { value: `${o.a.priceInRUB}.00`, currency: 'RUB' }, receipt: { items: [{ quantity: '1.00', amount: { value: `${o.a.priceInRUB}.00` } }] } });
    const request = fake.requests.find((r) => r.path === '/v3/refunds');
    expect(request?.headers['idempotence-key']).toBe(`return-${o.id}-${asked.request.id}`);
    // a second press refunds nothing more
    expect((await ops(o, asked.request.id, 'refund')).status).toBe(409);
    expect([...fake.refunds.values()].filter((r) => r.description === `Возврат по заказу №${o.ordernumber}`)).toHaveLength(1);
    expect((await env.data(ORDER, { n: o.ordernumber, k: o.accessKey })).order.returns[0].status).toBe('REFUNDED');
    // the shopper is told by letter, once
    const letters = await rows<{ subject: string; text: string }>(env.database.db, sql`SELECT subject, text FROM mail_outbox WHERE order_id = ${Number(o.id)} AND kind = 'return-refunded'`);
    expect(letters).toHaveLength(1);
    expect(letters[0]?.subject).toBe(`Деньги за возврат по заказу №${o.ordernumber} возвращены`);
    expect(letters[0]?.text).toContain('на карту, с которой был оплачен заказ');
  });

  it('refuses more than was bought, a line not in the order, no reason, and the wrong key', async () => {
    const o = await paidOrder();
    const refused = async (lines: { offerId: string; quantity: number }[], reason = 'LOOK') => (await ask(o, lines, reason)).requestReturn;
    expect(await refused([{ offerId: o.a.id, quantity: 3 }])).toMatchObject({ success: false, errors: [{ field: 'lines[0]', message: expect.stringContaining('от 1 до 2') }] });
    expect(await refused([{ offerId: '999999', quantity: 1 }])).toMatchObject({ success: false, errors: [{ field: 'lines[0]', message: 'Такого товара нет в заказе' }] });
    expect(await refused([])).toMatchObject({ errors: [{ field: 'lines' }] });
    expect(await refused([{ offerId: o.a.id, quantity: 1 }, { offerId: o.a.id, quantity: 1 }])).toMatchObject({ errors: [{ field: 'lines' }] });
    expect((await env.gql(REQUEST, { input: { number: o.ordernumber, key: o.accessKey, reason: 'BORED', lines: [] } })).errors?.[0]?.message).toContain('ReturnReason');
    const wrongKey = (await env.data(REQUEST, { input: { number: o.ordernumber, key: 'guess', reason: 'SIZE', lines: [{ offerId: o.a.id, quantity: 1 }] } })).requestReturn;
    expect(wrongKey).toMatchObject({ success: false, request: null, errors: [{ message: expect.stringContaining('Заказ не найден') }] });
    // all of a line, then nothing more of it
    expect((await refused([{ offerId: o.a.id, quantity: 2 }])).success).toBe(true);
    expect(await refused([{ offerId: o.a.id, quantity: 1 }])).toMatchObject({ errors: [{ message: expect.stringContaining('уже в заявке') }] });
  });

  it('past 7 days takes only a defect or a wrong item; a rejected request gives its units back', async () => {
    const o = await paidOrder();
    await env.database.db.execute(sql`UPDATE orders SET status_changed_at = now() - interval '8 days' WHERE id = ${Number(o.id)}`);
    expect((await env.data(ORDER, { n: o.ordernumber, k: o.accessKey })).order.returnOpen).toBe(false);
    expect((await ask(o, [{ offerId: o.b.id, quantity: 1 }], 'SIZE')).requestReturn).toMatchObject({ success: false, errors: [{ field: null, message: expect.stringContaining('больше 7 дней') }] });
    const defect = (await ask(o, [{ offerId: o.b.id, quantity: 1 }], 'DEFECT', 'Отклеилась подошва')).requestReturn;
    expect(defect.success).toBe(true);
    // a rejection needs a word to the shopper
    expect((await ops(o, defect.request.id, 'reject')).status).toBe(400);
    const rejected = await ops(o, defect.request.id, 'reject', { note: 'Следы носки, не брак' });
    expect(rejected.status).toBe(200);
    const view = (await env.data(ORDER, { n: o.ordernumber, k: o.accessKey })).order;
    expect(view.returns[0]).toMatchObject({ status: 'REJECTED', note: 'Следы носки, не брак' });
    const [letter] = await rows<{ subject: string; text: string }>(env.database.db, sql`SELECT subject, text FROM mail_outbox WHERE order_id = ${Number(o.id)} AND kind = 'return-rejected'`);
    expect(letter?.subject).toBe(`Заявка на возврат по заказу №${o.ordernumber} отклонена`);
    expect(letter?.text).toContain('Заявку на возврат отклонили: Следы носки, не брак');
    expect(view.lines.find((l: { offerId: string }) => l.offerId === o.b.id).returnable).toBe(1);
    // a rejected request is not refunded afterwards
    expect((await ops(o, defect.request.id, 'refund')).status).toBe(409);
  });

  it('keeps a request waiting while ЮKassa is down, and refunds it once when asked again', async () => {
    const o = await paidOrder('shipped');
    const asked = (await ask(o, [{ offerId: o.b.id, quantity: 1 }], 'LOOK')).requestReturn;
    expect(asked.success).toBe(true);
    fake.failNext(10, 500);
    const down = await ops(o, asked.request.id, 'refund');
    expect(down.status).toBe(503);
    expect((await down.json()).errors[0].message).toContain('Деньги не вернулись');
    fake.failNext(0);
    expect((await ops(o, asked.request.id, 'refund')).status).toBe(200);
    expect([...fake.refunds.values()].filter((r) => r.description === `Возврат по заказу №${o.ordernumber}`)).toHaveLength(1);
  });
});
