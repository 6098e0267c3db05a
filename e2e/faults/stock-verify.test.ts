// Guards the stock stage's verdict itself: fed an oversold offer, units that vanished or appeared,
// reservations that do not match the orders, a lost or doubled order, an order without lines, a
// lying `available`, one key answered with an order and a refusal, or a 5xx outside the kill
// window, it must fail — otherwise its "no oversell" would prove nothing.
import { describe, expect, it } from 'vitest';
import { checkStock, type Send, type StockAttempt, type StockCheckInput, type StockSnapshot, type Target } from './stock-verify.ts';

const T0 = 1_800_000_000_000;
const targets: Target[] = [
  { offerId: '7', productId: '1', sku: 'AA-7', price: 1000, initial: 2, drop: 0 },
  { offerId: '9', productId: '2', sku: 'BB-9', price: 500, initial: 1, drop: 0 },
];

const ordered = (id: number, at = T0 + 100, total = 1000): Send => ({
  sentAt: at - 50,
  answeredAt: at,
  endedAt: at,
  status: 200,
  outcome: 'order',
  orderId: String(id),
  ordernumber: `SH-${id}`,
  totalPrice: total,
});
const refused = (code: string, available: number | null, at = T0 + 500, line = 0): Send => ({
  sentAt: at - 50,
  answeredAt: at,
  endedAt: at,
  status: 200,
  outcome: 'rejected',
  errors: [{ code, field: `items[${line}]`, line, available }],
});
const attempt = (key: string, items: StockAttempt['items'], sends: Send[]): StockAttempt => ({ key, shopper: 1, items, sends, repeats: false });
const seven = (quantity: number) => [{ offerId: '7', quantity, price: 1000 }];
const nine = [{ offerId: '9', quantity: 1, price: 500 }];

/** Two units of offer 7 sold to a and b, offer 9's single unit to c; d and e refused. */
function race(): StockCheckInput {
  const attempts = [
    attempt('a', seven(1), [ordered(1)]),
    attempt('b', seven(1), [ordered(2, T0 + 200)]),
    attempt('c', nine, [ordered(3, T0 + 300, 500)]),
    attempt('d', seven(1), [refused('SOLD_OUT', 0)]),
    attempt('e', seven(3), [refused('SOLD_OUT', 0, T0 + 150)]),
  ];
  const snapshot: StockSnapshot = {
    offers: [
      { id: 7, sku: 'AA-7', stock: 0 },
      { id: 9, sku: 'BB-9', stock: 0 },
    ],
    orders: [
      { id: 1, key: 'a', status: 'new', total: 1000, createdAt: T0 + 90 },
      { id: 2, key: 'b', status: 'new', total: 1000, createdAt: T0 + 190 },
      { id: 3, key: 'c', status: 'new', total: 500, createdAt: T0 + 290 },
    ],
    lines: [
      { orderId: 1, offerId: 7, sku: 'AA-7', quantity: 1, price: 1000 },
      { orderId: 2, offerId: 7, sku: 'AA-7', quantity: 1, price: 1000 },
      { orderId: 3, offerId: 9, sku: 'BB-9', quantity: 1, price: 500 },
    ],
    reservations: [
      { orderId: 1, sku: 'AA-7', quantity: 1, state: 'held' },
      { orderId: 2, sku: 'aa-7', quantity: 1, state: 'held' },
      { orderId: 3, sku: 'BB-9', quantity: 1, state: 'held' },
    ],
  };
  return { targets, attempts, snapshot, catalogue: { '7': { stock: 0, soldOut: true }, '9': { stock: 0, soldOut: true } }, kill: null };
}

describe('checkStock', () => {
  it('passes a race where every unit went once and every refusal was true', () => {
    const v = checkStock(race());
    expect(v.problems).toEqual([]);
    expect(v).toMatchObject({ ok: true, acknowledged: 3, rejectedAttempts: 2, unitsSold: 3, unitsStock: 3, rejectionsByCode: { SOLD_OUT: 2 } });
  });

  it('fails on an oversell: a third order for offer 7, its stock never reduced (today’s bug)', () => {
    const input = race();
    input.attempts[3] = attempt('d', seven(1), [ordered(4, T0 + 400)]);
    input.snapshot.orders.push({ id: 4, key: 'd', status: 'new', total: 1000, createdAt: T0 + 390 });
    input.snapshot.lines.push({ orderId: 4, offerId: 7, sku: 'AA-7', quantity: 1, price: 1000 });
    const v = checkStock(input);
    expect(v.ok).toBe(false);
    expect(v.oversoldOffers).toBe(1);
    expect(v.conservationBroken).toBe(1);
    expect(v.reservationMismatches).toBe(1);
    expect(v.problems.join('\n')).toMatch(/offer 7 .*OVERSOLD — 3 units in orders, 2 in stock/);
  });

  it('fails when no order oversold but units vanished, stock went negative or reservations disagree', () => {
    const leaked = race();
    leaked.snapshot.offers[0] = { id: 7, sku: 'AA-7', stock: -1 };
    leaked.catalogue['7'] = { stock: -1, soldOut: true };
    expect(checkStock(leaked)).toMatchObject({ ok: false, oversoldOffers: 0, negativeStock: 1, conservationBroken: 1 });
    const released = race();
    released.snapshot.reservations[0]!.state = 'released';
    expect(checkStock(released)).toMatchObject({ ok: false, reservationMismatches: 1, conservationBroken: 0 });
    const stale = race();
    stale.catalogue['9'] = { stock: 1, soldOut: false };
    expect(checkStock(stale)).toMatchObject({ ok: false, catalogueMismatches: 1 });
  });

  it('counts a cancelled order’s units as free again, not sold', () => {
    const input = race();
    input.snapshot.orders[2]!.status = 'cancelled';
    input.snapshot.reservations[2]!.state = 'released';
    input.snapshot.offers[1]!.stock = 1;
    input.catalogue['9'] = { stock: 1, soldOut: false };
    const v = checkStock(input);
    expect(v.conservationBroken).toBe(0);
    expect(v.unitsSold).toBe(2);
    // …but the shopper was told it was placed: an acknowledged order may not be cancelled by the race
    expect(v.ok).toBe(false);
  });

  it('fails on a lost, doubled or line-less order and an order nobody was told about', () => {
    const lost = race();
    lost.snapshot.orders = lost.snapshot.orders.filter((o) => o.id !== 2);
    lost.snapshot.lines = lost.snapshot.lines.filter((l) => l.orderId !== 2);
    lost.snapshot.reservations = lost.snapshot.reservations.filter((r) => r.orderId !== 2);
    lost.snapshot.offers[0]!.stock = 1;
    lost.catalogue['7'] = { stock: 1, soldOut: false };
    expect(checkStock(lost)).toMatchObject({ ok: false, missing: 1, conservationBroken: 0 });
    const doubled = race();
    doubled.snapshot.orders.push({ id: 5, key: 'a', status: 'new', total: 1000, createdAt: T0 });
    expect(checkStock(doubled)).toMatchObject({ ok: false, duplicates: 1, ordersWithoutLines: 1 });
    const silent = race();
    silent.snapshot.orders.push({ id: 6, key: 'd', status: 'new', total: 0, createdAt: T0 });
    expect(checkStock(silent)).toMatchObject({ ok: false, storedWithoutAck: 1 });
    const altered = race();
    altered.snapshot.lines[0]!.quantity = 2;
    expect(checkStock(altered).wrongLines).toBe(1);
  });

  it('fails on refusals that cannot be true and on one key answered two ways', () => {
    const cases: [Send, RegExp][] = [
      [refused('INTERNAL_SERVER_ERROR', null), /refused with INTERNAL_SERVER_ERROR/],
      [refused('SOLD_OUT', 1), /SOLD_OUT on offer 7 with available 1/],
      [refused('INSUFFICIENT_STOCK', 1), /asked 1, available 1/],
      [refused('SOLD_OUT', 0, T0 + 500, 3), /line 3, the request has 1/],
    ];
    for (const [send, why] of cases) {
      const input = race();
      input.attempts[3] = attempt('d', seven(1), [send]);
      const v = checkStock(input);
      expect(v.ok).toBe(false);
      expect(v.problems.join('\n')).toMatch(why);
    }
    // 2 units of 7 were acknowledged by T0 + 200: «2 available» afterwards is a lie
    const stale = race();
    stale.attempts[4] = attempt('e', seven(3), [refused('INSUFFICIENT_STOCK', 2, T0 + 900)]);
    expect(checkStock(stale).problems.join('\n')).toMatch(/says 2 available; at most 0 were left/);
    const twoWays = race();
    twoWays.attempts[0]!.sends.push(refused('SOLD_OUT', 0, T0 + 120));
    expect(checkStock(twoWays)).toMatchObject({ ok: false, keysAnsweredOrderAndRefusal: 1 });
    const twoOrders = race();
    twoOrders.attempts[0]!.sends.push(ordered(2));
    expect(checkStock(twoOrders)).toMatchObject({ ok: false, keysWithTwoOrders: 1 });
  });

  it('forgives faults while the API is down, not after it is back', () => {
    const kill = { from: T0 + 1000, to: T0 + 3000 };
    const cut: Send = { sentAt: T0 + 990, answeredAt: null, endedAt: T0 + 1001, status: null, outcome: 'none', reason: 'ECONNRESET' };
    const input = race();
    input.kill = kill;
    input.attempts[1] = attempt('b', seven(1), [cut, { ...ordered(2, T0 + 3300), sentAt: T0 + 3200 }]);
    input.snapshot.orders[1]!.createdAt = T0 + 995;
    const v = checkStock(input);
    expect(v.problems).toEqual([]);
    expect(v).toMatchObject({ ok: true, inFlightAtKill: 1, retriedAfterKill: 1, retriedAfterKillEndedWithOrder: 1, committedBeforeKillRecoveredByKey: 1 });
    const late = race();
    late.kill = kill;
    late.attempts[0]!.sends.unshift({ sentAt: T0 + 9000, answeredAt: T0 + 9001, endedAt: T0 + 9001, status: 503, outcome: 'error', reason: 'HTTP 503' });
    expect(checkStock(late)).toMatchObject({ ok: false, http5xxOutside: 1, graphqlErrorsOutside: 1 });
    // after the restart a dropped connection is a fault; a slow answer is counted (its resend settles the order)
    const dropped = race();
    dropped.kill = kill;
    dropped.attempts[0]!.sends.unshift({ sentAt: T0 + 8000, answeredAt: null, endedAt: T0 + 8001, status: null, outcome: 'none', reason: 'ECONNRESET' });
    expect(checkStock(dropped)).toMatchObject({ ok: false, unansweredOutside: 1 });
    const slow = race();
    slow.kill = kill;
    slow.attempts[0]!.sends.unshift({ sentAt: T0 + 8000, answeredAt: null, endedAt: T0 + 28000, status: null, outcome: 'none', reason: 'timeout' });
    expect(checkStock(slow)).toMatchObject({ ok: true, timeoutsOutside: 1 });
  });
});
