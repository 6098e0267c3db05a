// Guards the order check of `npm run test:faults` itself: it must notice a missing, doubled or altered order, a wrong total and one key answered with two orders — otherwise its "nothing lost" would prove nothing.
import { describe, expect, it } from 'vitest';
import type { Attempt } from './load.ts';
import { type Query, verifyOrders } from './verify.ts';

const attempt = (key: string, id: string, over: Partial<Attempt> = {}): Attempt => ({
  key,
  shopper: 1,
  items: [{ offerId: '7', quantity: 2, price: 1000 }],
  expectedTotal: 2000,
  orderIds: [id],
  ack: { id, ordernumber: `SH-${id}`, totalPrice: 2000, at: 1 },
  rejected: null,
  sends: 1,
  unanswered: 0,
  graphqlErrors: [],
  serverErrors: 0,
  firstUnansweredAt: null,
  ...over,
});

function fakeDb(orders: { id: number; key: string; total: number }[], lines: { order_id: number; offer_id: number; price: number; quantity: number }[]): Query {
  return (async (text: string) => (text.includes('FROM orders') ? orders : lines)) as Query;
}

describe('verifyOrders', () => {
  const goodLines = (id: number) => ({ order_id: id, offer_id: 7, price: 1000, quantity: 2 });

  it('passes when every acknowledged order is stored once with its lines and total', async () => {
    const v = await verifyOrders(fakeDb([{ id: 1, key: 'a', total: 2000 }, { id: 2, key: 'b', total: 2000 }], [goodLines(1), goodLines(2)]), [attempt('a', '1'), attempt('b', '2')]);
    expect(v).toMatchObject({ ok: true, acknowledged: 2, found: 2, duplicates: 0 });
  });

  it('fails on a lost order, a doubled key, changed lines, a wrong total or two orders for one key', async () => {
    const lost = await verifyOrders(fakeDb([{ id: 1, key: 'a', total: 2000 }], [goodLines(1)]), [attempt('a', '1'), attempt('b', '2')]);
    expect(lost).toMatchObject({ ok: false, missing: ['b'] });
    const doubled = await verifyOrders(fakeDb([{ id: 1, key: 'a', total: 2000 }, { id: 3, key: 'a', total: 2000 }], [goodLines(1), goodLines(3)]), [attempt('a', '1')]);
    expect(doubled).toMatchObject({ ok: false, duplicates: 1 });
    const altered = await verifyOrders(fakeDb([{ id: 1, key: 'a', total: 2000 }], [{ ...goodLines(1), quantity: 1 }]), [attempt('a', '1')]);
    expect(altered).toMatchObject({ ok: false, wrongLines: ['a'] });
    const total = await verifyOrders(fakeDb([{ id: 1, key: 'a', total: 1999 }], [goodLines(1)]), [attempt('a', '1')]);
    expect(total).toMatchObject({ ok: false, wrongTotals: ['a'] });
    const twoAnswers = await verifyOrders(fakeDb([{ id: 1, key: 'a', total: 2000 }], [goodLines(1)]), [attempt('a', '1', { orderIds: ['1', '4'] })]);
    expect(twoAnswers).toMatchObject({ ok: false, inconsistentAnswers: ['a'] });
    const refused = await verifyOrders(fakeDb([], []), [attempt('a', '1', { ack: null, orderIds: [], rejected: 'INVALID_FORMAT' })]);
    expect(refused.ok).toBe(false);
  });
});
