// Stock that never oversells: placing an order reserves its units in the order's transaction
// (concurrent orders for the last units: exactly the stock is sold, the rest get the line
// rejection), the catalogue shows a size sold out the moment its free stock is 0 (through the
// API with its response cache), expiry and cancel give units back, a paid order keeps them, an
// idempotent repeat reserves once, an import keeps held units off, a late payment revives or
// flags the order.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { generateCatalog } from '../src/catalog/generator.ts';
import { loadCatalog } from '../src/catalog/load-catalog.ts';
import { validateCatalog } from '../src/catalog/validate-catalog.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { rows } from '../src/db/database.ts';
import { OrderRepo } from '../src/orders/order-repo.ts';
import { acceptLatePayment, REFUND_NOTE, REVIVED_NOTE } from '../src/orders/late-payment.ts';
import { changeOrderStatus } from '../src/orders/order-lifecycle.ts';
import { EXPIRED_NOTE } from '../src/orders/reservation-expiry.ts';
import { bumpCatalogVersion, refreshDerivedColumns } from '../src/orders/stock.ts';
import { orderData as validOrderData } from './order-data.ts';
import { describeDrivers, type TestEnv } from './test-env.ts';

const CREATE = /* GraphQL */ `
  mutation Create($input: CreateOrderInput!) {
    createOrder(input: $input) {
      success
      errors { field line code message available }
      order { id ordernumber status }
    }
  }`;

const orderData = validOrderData({ comment: '' });

interface Offer {
  id: number;
  product_id: number;
  sku: string;
  size: string;
  stock: number;
}

const one = async <T>(env: TestEnv, query: ReturnType<typeof sql>) => (await rows<T>(env.database.db, query))[0] as T;

/** The n-th product (by id) with at least two offers: a size of it to race for, and a sibling size. */
async function pickProduct(env: TestEnv, n: number): Promise<{ productId: number; offers: Offer[] }> {
  const products = await rows<{ product_id: number }>(
    env.database.db,
    sql`SELECT product_id FROM offers GROUP BY product_id HAVING count(*) >= 2 ORDER BY product_id OFFSET ${n} LIMIT 1`,
  );
  const productId = products[0]?.product_id as number;
  const offers = await rows<Offer>(
    env.database.db,
    sql`SELECT id, product_id, sku, size, stock FROM offers WHERE product_id = ${productId} ORDER BY sort, id`,
  );
  return { productId, offers };
}

/** Sets free stock as an owner's stock edit would, and lets the API see it (derived columns, version). */
async function setStock(env: TestEnv, productId: number, stock: Record<number, number>) {
  await env.database.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as TestEnv['database']['db'];
    for (const [id, n] of Object.entries(stock))
      await tx.execute(sql`UPDATE offers SET stock = ${n} WHERE id = ${Number(id)}`);
    await refreshDerivedColumns(tx, [productId]);
    await bumpCatalogVersion(tx);
  });
  await env.api.refreshCatalogVersion();
}

const stockOf = async (env: TestEnv, offerId: number) =>
  (await one<{ stock: number }>(env, sql`SELECT stock FROM offers WHERE id = ${offerId}`)).stock;
const version = async (env: TestEnv) =>
  (await one<{ version: number }>(env, sql`SELECT version FROM catalog_meta WHERE id = 1`)).version;
const held = async (env: TestEnv, sku: string) =>
  (
    await one<{ n: number }>(
      env,
      sql`SELECT coalesce(sum(quantity), 0)::int AS n FROM stock_reservations WHERE lower(sku) = lower(${sku}) AND state = 'held'`,
    )
  ).n;

describeDrivers(
  'orders and stock',
  (env) => {
    let ip = 0;
    const place = (items: { offerId: number; quantity: number }[], key = randomUUID()) =>
      env().gql(
        CREATE,
        {
          input: {
            idempotencyKey: key,
            orderData,
            items: items.map((i) => ({ offerId: String(i.offerId), quantity: i.quantity })),
          },
        },
        {
          'x-forwarded-for': `10.1.${Math.floor(++ip / 250)}.${ip % 250}`,
        },
      );

    /** What a shopper sees of a product: its page, a listing filtered by the size, the offers query (all through the response cache). */
    const shopperView = async (productId: number, size: string) => {
      const d = await env().data(
        `query($id: ID!, $ids: [ID!], $size: String!) {
          product(id: $id) { inStock sizes offers { id size stock soldOut } }
          products(filter: { ids: $ids, properties: [{ propertyId: "size", values: [$size] }] }) { totalCount }
          offers(productIds: $ids) { id stock soldOut }
        }`,
        { id: String(productId), ids: [String(productId)], size },
      );
      return d as {
        product: {
          inStock: boolean;
          sizes: string[];
          offers: { id: string; size: string; stock: number; soldOut: boolean }[];
        };
        products: { totalCount: number };
        offers: { id: string; stock: number; soldOut: boolean }[];
      };
    };

    it('a cart reads each size at this moment: free stock after an order, a new price, a size no longer sold', async () => {
      const { productId, offers } = await pickProduct(env(), 3);
      const [size] = offers as [Offer];
      await setStock(env(), productId, { [size.id]: 5 });
      const cart = async (ids: (string | number)[]) =>
        (
          (await env().data(`query($ids: [ID!]!) { cartOffers(ids: $ids) { id priceInRUB stock product { name } } }`, {
            ids: ids.map(String),
          })) as { cartOffers: { id: string; priceInRUB: number; stock: number; product: { name: string } }[] }
        ).cartOffers;
      const before = await cart([size.id, 999_999_999]);
      // an id the catalogue does not have is left out, not an error
      expect(before).toEqual([{ id: String(size.id), priceInRUB: expect.any(Number), stock: 5, product: { name: expect.any(String) } }]);
      // an order that leaves units changes no catalogue version, and the cart still sees it at once
      const v = await version(env());
      expect((await place([{ offerId: size.id, quantity: 2 }])).data.createOrder.success).toBe(true);
      expect(await version(env())).toBe(v);
      expect((await cart([size.id]))[0]?.stock).toBe(3);
      // so does a price changed in the database under the API
      await env().database.db.execute(sql`UPDATE offers SET price = price + 1000 WHERE id = ${size.id}`);
      expect((await cart([size.id]))[0]?.priceInRUB).toBe((before[0]?.priceInRUB ?? 0) + 1000);
      // a cart's worth of ids at most
      const tooMany = await env().gql(`query($ids: [ID!]!) { cartOffers(ids: $ids) { id } }`, {
        ids: Array.from({ length: 101 }, (_, i) => String(i + 1)),
      });
      expect(tooMany.errors?.[0]?.message).toBe('ids: не больше 100 значений');
    });

    it('two shoppers for the last unit: one order, one SOLD_OUT «Размер N закончился»', async () => {
      const { productId, offers } = await pickProduct(env(), 0);
      const [last] = offers as [Offer];
      await setStock(env(), productId, { [last.id]: 1 });
      const results = await Promise.all([
        place([{ offerId: last.id, quantity: 1 }]),
        place([{ offerId: last.id, quantity: 1 }]),
      ]);
      const won = results.filter((r) => r.data.createOrder.success);
      const lost = results.filter((r) => !r.data.createOrder.success);
      expect(results.every((r) => r.status === 200 && !r.errors)).toBe(true);
      expect(won).toHaveLength(1);
      expect(lost[0]?.data.createOrder.errors).toEqual([
        { field: 'items[0]', line: 0, code: 'SOLD_OUT', message: `Размер ${last.size} закончился`, available: 0 },
      ]);
      expect(lost[0]?.data.createOrder.order).toBeNull();
      expect(await stockOf(env(), last.id)).toBe(0);
      expect(await held(env(), last.sku)).toBe(1);
    });

    it('twenty shoppers for the last units: exactly the stock is sold, the rest are told what is left', async () => {
      const { productId, offers } = await pickProduct(env(), 1);
      const [a, b] = offers as [Offer, Offer];
      // a: 3 units, one each → 3 orders, 17 × SOLD_OUT; b: 5 units, two each → 2 orders, 18 × «только 1 шт.»
      await setStock(env(), productId, { [a.id]: 3, [b.id]: 5 });
      const ordersBefore = (await one<{ n: number }>(env(), sql`SELECT count(*)::int AS n FROM orders`)).n;
      const [ra, rb] = await Promise.all([
        Promise.all(Array.from({ length: 20 }, () => place([{ offerId: a.id, quantity: 1 }]))),
        Promise.all(Array.from({ length: 20 }, () => place([{ offerId: b.id, quantity: 2 }]))),
      ]);
      for (const r of [...ra, ...rb]) expect(r.errors).toBeUndefined();
      expect(ra.filter((r) => r.data.createOrder.success)).toHaveLength(3);
      expect(rb.filter((r) => r.data.createOrder.success)).toHaveLength(2);
      for (const r of ra.filter((x) => !x.data.createOrder.success)) {
        expect(r.data.createOrder.errors).toEqual([
          { field: 'items[0]', line: 0, code: 'SOLD_OUT', message: `Размер ${a.size} закончился`, available: 0 },
        ]);
      }
      for (const r of rb.filter((x) => !x.data.createOrder.success)) {
        expect(r.data.createOrder.errors).toEqual([
          {
            field: 'items[0].quantity',
            line: 0,
            code: 'INSUFFICIENT_STOCK',
            message: `В наличии только 1 шт. размера ${b.size}`,
            available: 1,
          },
        ]);
      }
      expect(await stockOf(env(), a.id)).toBe(0);
      expect(await stockOf(env(), b.id)).toBe(1);
      expect(await held(env(), a.sku)).toBe(3);
      expect(await held(env(), b.sku)).toBe(4);
      // no partial or orphan orders: every stored order is an acknowledged one, with its lines
      const ordersAfter = (await one<{ n: number }>(env(), sql`SELECT count(*)::int AS n FROM orders`)).n;
      expect(ordersAfter - ordersBefore).toBe(5);
      const sold = await one<{ n: number }>(
        env(),
        sql`SELECT coalesce(sum(quantity), 0)::int AS n FROM order_lines WHERE lower(sku) IN (lower(${a.sku}), lower(${b.sku}))`,
      );
      expect(sold.n).toBe(7);
    });

    it('orders naming the same two sizes in opposite orders neither deadlock nor oversell', async () => {
      const { productId, offers } = await pickProduct(env(), 16);
      const [a, b] = offers as [Offer, Offer];
      await setStock(env(), productId, { [a.id]: 5, [b.id]: 5 });
      const results = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          place(
            i % 2
              ? [
                  { offerId: a.id, quantity: 1 },
                  { offerId: b.id, quantity: 1 },
                ]
              : [
                  { offerId: b.id, quantity: 1 },
                  { offerId: a.id, quantity: 1 },
                ],
          ),
        ),
      );
      for (const r of results) expect(r.errors).toBeUndefined();
      expect(results.filter((r) => r.data.createOrder.success)).toHaveLength(5);
      expect(await stockOf(env(), a.id)).toBe(0);
      expect(await stockOf(env(), b.id)).toBe(0);
      expect(await held(env(), a.sku)).toBe(5);
      expect(await held(env(), b.sku)).toBe(5);
    });

    it('an order with one line that cannot be served takes nothing of its other lines', async () => {
      const { productId, offers } = await pickProduct(env(), 2);
      const [a, b] = offers as [Offer, Offer];
      await setStock(env(), productId, { [a.id]: 4, [b.id]: 1 });
      const first = await place([{ offerId: b.id, quantity: 1 }]);
      expect(first.data.createOrder.success).toBe(true);
      const second = await place([
        { offerId: a.id, quantity: 2 },
        { offerId: b.id, quantity: 1 },
      ]);
      expect(second.data.createOrder.success).toBe(false);
      expect(second.data.createOrder.errors).toMatchObject([{ line: 1, code: 'SOLD_OUT', available: 0 }]);
      expect(await stockOf(env(), a.id)).toBe(4);
    });

    it('shows a size sold out on the product page, in the size filter and in offers the moment its free stock hits 0, and only then moves the catalogue version', async () => {
      const { productId, offers } = await pickProduct(env(), 3);
      const [a, ...rest] = offers as [Offer, ...Offer[]];
      await setStock(env(), productId, { [a.id]: 2, ...Object.fromEntries(rest.map((o) => [o.id, 0])) });
      // answered twice: the second answer comes from the response cache
      await shopperView(productId, a.size);
      const before = await shopperView(productId, a.size);
      expect(before.product.inStock).toBe(true);
      expect(before.product.sizes).toEqual([a.size]);
      expect(before.products.totalCount).toBe(1);
      expect(before.offers.find((o) => o.id === String(a.id))).toMatchObject({ stock: 2, soldOut: false });

      const v0 = await version(env());
      expect((await place([{ offerId: a.id, quantity: 1 }])).data.createOrder.success).toBe(true);
      // 2 → 1: no size crossed 0, the cache keeps its answers (the version did not move)
      expect(await version(env())).toBe(v0);
      expect((await place([{ offerId: a.id, quantity: 1 }])).data.createOrder.success).toBe(true);
      expect(await version(env())).toBe(v0 + 1);

      const after = await shopperView(productId, a.size);
      expect(after.product.inStock).toBe(false);
      expect(after.product.sizes).toEqual([]);
      expect(after.product.offers.find((o) => o.size === a.size)).toMatchObject({ stock: 0, soldOut: true });
      expect(after.products.totalCount).toBe(0);
      expect(after.offers.find((o) => o.id === String(a.id))).toMatchObject({ stock: 0, soldOut: true });
      const third = await place([{ offerId: a.id, quantity: 1 }]);
      expect(third.data.createOrder.errors).toMatchObject([
        { code: 'SOLD_OUT', message: `Размер ${a.size} закончился` },
      ]);
    });

    it('two sizes of one product selling out at the same moment both leave its listing', async () => {
      for (let round = 0; round < 4; round++) {
        const { productId, offers } = await pickProduct(env(), 10 + round);
        const [a, b, ...rest] = offers as [Offer, Offer, ...Offer[]];
        await setStock(env(), productId, { [a.id]: 1, [b.id]: 1, ...Object.fromEntries(rest.map((o) => [o.id, 0])) });
        const [ra, rb] = await Promise.all([
          place([{ offerId: a.id, quantity: 1 }]),
          place([{ offerId: b.id, quantity: 1 }]),
        ]);
        expect([ra.data.createOrder.success, rb.data.createOrder.success]).toEqual([true, true]);
        const view = await shopperView(productId, a.size);
        expect(view.product.inStock).toBe(false);
        expect(view.product.sizes).toEqual([]);
        expect(view.products.totalCount).toBe(0);
      }
    });

    it('cancels an unpaid order once its reservation has expired and gives the size back; a paid order keeps its units', async () => {
      const { productId, offers } = await pickProduct(env(), 4);
      const [a, b] = offers as [Offer, Offer];
      await setStock(env(), productId, { [a.id]: 1, [b.id]: 1 });
      const unpaid = (await place([{ offerId: a.id, quantity: 1 }])).data.createOrder.order;
      const paid = (await place([{ offerId: b.id, quantity: 1 }])).data.createOrder.order;
      const pay = await changeOrderStatus(env().database.db, env().api.orderHooks, Number(paid.id), 'paid', 'sandbox');
      expect(pay.ok).toBe(true);
      expect((await shopperView(productId, a.size)).products.totalCount).toBe(0);

      // 29 minutes on: nothing expires yet (ORDER_RESERVATION_MINUTES defaults to 30)
      expect(await env().api.sweepReservations(new Date(Date.now() + 29 * 60_000))).toBe(0);
      expect(await stockOf(env(), a.id)).toBe(0);
      // 31 minutes on: the unpaid one is cancelled by the system (with the earlier tests' unpaid
      // orders), the paid one is not touched
      expect(await env().api.sweepReservations(new Date(Date.now() + 31 * 60_000))).toBeGreaterThanOrEqual(1);
      // a second sweep (another API process) finds nothing left to do
      expect(await env().api.sweepReservations(new Date(Date.now() + 31 * 60_000))).toBe(0);

      const status = await rows<{ id: number; status: string }>(
        env().database.db,
        sql`SELECT id, status FROM orders WHERE id IN (${Number(unpaid.id)}, ${Number(paid.id)}) ORDER BY id`,
      );
      expect(status).toEqual([
        { id: Number(unpaid.id), status: 'cancelled' },
        { id: Number(paid.id), status: 'paid' },
      ]);
      const events = await rows<{ actor: string; from_status: string | null; to_status: string; note: string }>(
        env().database.db,
        sql`SELECT actor, from_status, to_status, note FROM order_events WHERE order_id = ${Number(unpaid.id)} ORDER BY id`,
      );
      expect(events).toEqual([
        { actor: 'shopper', from_status: null, to_status: 'new', note: '' },
        { actor: 'system', from_status: 'new', to_status: 'cancelled', note: EXPIRED_NOTE },
      ]);
      expect(await stockOf(env(), a.id)).toBe(1);
      expect(await stockOf(env(), b.id)).toBe(0);
      expect(await held(env(), a.sku)).toBe(0);
      expect(await held(env(), b.sku)).toBe(1);
      // the API answers with the size back at once (its version was re-read after the sweep)
      const view = await shopperView(productId, a.size);
      expect(view.product.sizes).toContain(a.size);
      expect(view.products.totalCount).toBe(1);
      // and someone else can buy it
      expect((await place([{ offerId: a.id, quantity: 1 }])).data.createOrder.success).toBe(true);
    });

    it('several API processes sweeping at once cancel each expired order once', async () => {
      const { productId, offers } = await pickProduct(env(), 14);
      const [a] = offers as [Offer];
      await setStock(env(), productId, { [a.id]: 3 });
      const due: number[] = [];
      for (let i = 0; i < 3; i++)
        due.push(Number((await place([{ offerId: a.id, quantity: 1 }])).data.createOrder.order.id));
      expect(await stockOf(env(), a.id)).toBe(0);
      const swept = await Promise.all(
        [1, 2].map(() => env().api.sweepReservations(new Date(Date.now() + 31 * 60_000))),
      );
      expect(swept.reduce((x, y) => x + y, 0)).toBeGreaterThanOrEqual(3);
      const cancelEvents = await one<{ n: number }>(
        env(),
        sql`SELECT count(*)::int AS n FROM order_events WHERE to_status = 'cancelled' AND order_id = ANY(${sql.param(due)}::int[])`,
      );
      expect(cancelEvents.n).toBe(3);
      expect(await stockOf(env(), a.id)).toBe(3);
    });

    it('holds an unpaid order for ORDER_RESERVATION_MINUTES (validated like the other settings)', async () => {
      expect(loadConfig({}).orderReservationMinutes).toBe(30);
      expect(loadConfig({ ORDER_RESERVATION_MINUTES: '45' }).orderReservationMinutes).toBe(45);
      for (const bad of ['0', '-5', '1.5', 'полчаса', '99999999']) {
        expect(() => loadConfig({ ORDER_RESERVATION_MINUTES: bad })).toThrow(ConfigError);
      }
      const { productId, offers } = await pickProduct(env(), 15);
      const [a] = offers as [Offer];
      await setStock(env(), productId, { [a.id]: 2 });
      const repo = new OrderRepo(env().database.db, [], () => {}, 5);
      const placed = await repo.create(
        {
          idempotencyKey: randomUUID(),
          orderData: orderData as never,
          items: [{ offerId: String(a.id), quantity: 1 }],
        },
        '10.9.9.9',
        { consentVersions: ['2025-09-01'] },
      );
      expect(placed.success).toBe(true);
      const hold = await one<{ minutes: number }>(
        env(),
        sql`SELECT round(extract(epoch FROM reserved_until - created_at) / 60)::int AS minutes FROM orders WHERE id = ${placed.order?.id}`,
      );
      expect(hold.minutes).toBe(5);
    });

    it('a cancel gives the units back once, however often it is asked', async () => {
      const { productId, offers } = await pickProduct(env(), 5);
      const [a] = offers as [Offer];
      await setStock(env(), productId, { [a.id]: 3 });
      const order = (await place([{ offerId: a.id, quantity: 3 }])).data.createOrder.order;
      expect(await stockOf(env(), a.id)).toBe(0);
      const cancels = await Promise.all(
        [1, 2, 3].map(() =>
          changeOrderStatus(
            env().database.db,
            env().api.orderHooks,
            Number(order.id),
            'cancelled',
            'ops-token',
            'Покупатель передумал',
          ),
        ),
      );
      expect(cancels.filter((c) => c.ok && c.changed)).toHaveLength(1);
      expect(await stockOf(env(), a.id)).toBe(3);
      const released = await rows<{ state: string; released_at: Date | null }>(
        env().database.db,
        sql`SELECT state, released_at FROM stock_reservations WHERE order_id = ${Number(order.id)}`,
      );
      expect(released).toHaveLength(1);
      expect(released[0]?.state).toBe('released');
      expect(released[0]?.released_at).not.toBeNull();
      await env().api.refreshCatalogVersion();
      expect((await shopperView(productId, a.size)).products.totalCount).toBe(1);
    });

    it('an idempotent repeat, also concurrent, reserves the units once', async () => {
      const { productId, offers } = await pickProduct(env(), 6);
      const [a] = offers as [Offer];
      await setStock(env(), productId, { [a.id]: 5 });
      const key = randomUUID();
      const results = await Promise.all(Array.from({ length: 6 }, () => place([{ offerId: a.id, quantity: 2 }], key)));
      const ids = new Set(results.map((r) => r.data.createOrder.order?.id));
      expect(results.every((r) => r.data.createOrder.success)).toBe(true);
      expect(ids.size).toBe(1);
      const again = await place([{ offerId: a.id, quantity: 2 }], key);
      expect(again.data.createOrder.order.id).toBe([...ids][0]);
      expect(await stockOf(env(), a.id)).toBe(3);
      expect(await held(env(), a.sku)).toBe(2);
    });

    it('a resend whose first submit takes the last units meanwhile gets that order, never «закончился»', async () => {
      const { productId, offers } = await pickProduct(env(), 6);
      const [a] = offers as [Offer];
      await setStock(env(), productId, { [a.id]: 2 });
      const heldBefore = await held(env(), a.sku);
      const db = env().database.db;
      const input = {
        idempotencyKey: randomUUID(),
        orderData,
        items: [{ offerId: String(a.id), quantity: 2 }],
      } as unknown as Parameters<OrderRepo['create']>[0];
      // The resend's database: when it is about to read the offers (its key look-up already missed),
      // the first submit runs to its commit, as a request still in flight would.
      let first: Promise<unknown> | null = null;
      const dialect = (db as unknown as { dialect: { sqlToQuery(q: unknown): { sql: string } } }).dialect;
      const racing = new Proxy(db, {
        get(target, prop) {
          const value = Reflect.get(target, prop, target);
          if (prop !== 'execute') return typeof value === 'function' ? value.bind(target) : value;
          return async (query: Parameters<typeof db.execute>[0]) => {
            if (!first && dialect.sqlToQuery(query).sql.includes('FROM offers o JOIN products')) {
              first = new OrderRepo(db).create(input, '203.0.113.7');
              await first;
            }
            return target.execute(query);
          };
        },
      });
      const resend = await new OrderRepo(racing).create(input, '203.0.113.7');
      const original = (await (first as Promise<unknown> | null)) as Awaited<ReturnType<OrderRepo['create']>>;
      expect(original.success).toBe(true);
      expect(resend.errors).toEqual([]);
      expect(resend.success).toBe(true);
      expect(resend.order?.id).toBe(original.order?.id);
      expect(await stockOf(env(), a.id)).toBe(0);
      expect(await held(env(), a.sku)).toBe(heldBefore + 2);
    });

    it('a catalogue import keeps the units orders still hold off the free stock, and a later cancel gives them back', async () => {
      const valid = (file: ReturnType<typeof generateCatalog>) => {
        const result = validateCatalog(file);
        if (!result.ok) throw new Error('generated catalogue is invalid');
        return result.catalog;
      };
      const file = generateCatalog('small');
      const catalog = valid(file);
      const variant = catalog.models
        .flatMap((m) => m.variants)
        .find((v) => v.offers.some((o) => o.stock >= 3)) as (typeof catalog.models)[0]['variants'][0];
      const imported = variant.offers.find((o) => o.stock >= 3) as (typeof variant.offers)[0];
      await loadCatalog(env().database.db, catalog);
      await env().api.refreshCatalogVersion();
      const offer = await one<Offer>(
        env(),
        sql`SELECT id, product_id, sku, size, stock FROM offers WHERE lower(sku) = lower(${imported.sku})`,
      );
      expect(offer.stock).toBe(imported.stock - (await held(env(), imported.sku)));
      const order = (await place([{ offerId: offer.id, quantity: 2 }])).data.createOrder.order;
      expect(order).not.toBeNull();
      const heldNow = await held(env(), imported.sku);

      // the same catalogue again (offers renumbered): the held units stay off
      await loadCatalog(env().database.db, catalog);
      const reloaded = await one<Offer>(
        env(),
        sql`SELECT id, product_id, sku, size, stock FROM offers WHERE lower(sku) = lower(${imported.sku})`,
      );
      expect(reloaded.stock).toBe(imported.stock - heldNow);
      // an import with less stock than is held: 0, never negative
      const scarce = structuredClone(file);
      for (const m of scarce.models)
        for (const v of m.variants) for (const o of v.offers) if (o.sku === imported.sku) o.stock = 1;
      await loadCatalog(env().database.db, valid(scarce));
      expect(await stockOf(env(), reloaded.id)).toBe(0);
      const product = await one<{ sizes: string[] }>(
        env(),
        sql`SELECT sizes FROM products WHERE id = ${reloaded.product_id}`,
      );
      expect(product.sizes).not.toContain(imported.size);

      await loadCatalog(env().database.db, catalog);
      const current = await one<Offer>(
        env(),
        sql`SELECT id, product_id, sku, size, stock FROM offers WHERE lower(sku) = lower(${imported.sku})`,
      );
      const cancel = await changeOrderStatus(
        env().database.db,
        env().api.orderHooks,
        Number(order.id),
        'cancelled',
        'ops-token',
      );
      expect(cancel.ok).toBe(true);
      expect(await stockOf(env(), current.id)).toBe(current.stock + 2);
    });

    it('a payment for an order the expiry cancelled: revived when its units are free, else kept cancelled and flagged for a refund', async () => {
      const { productId, offers } = await pickProduct(env(), 7);
      const [a] = offers as [Offer];
      await setStock(env(), productId, { [a.id]: 1 });
      const late = (await place([{ offerId: a.id, quantity: 1 }])).data.createOrder.order;
      expect(await env().api.sweepReservations(new Date(Date.now() + 31 * 60_000))).toBeGreaterThanOrEqual(1);
      expect(await stockOf(env(), a.id)).toBe(1);
      const revived = await acceptLatePayment(env().database.db, env().api.orderHooks, Number(late.id), 'sandbox');
      expect(revived.outcome).toBe('revived');
      expect(await stockOf(env(), a.id)).toBe(0);
      expect(
        (await one<{ status: string }>(env(), sql`SELECT status FROM orders WHERE id = ${Number(late.id)}`)).status,
      ).toBe('paid');
      const lastEvent = await one<{ to_status: string; note: string }>(
        env(),
        sql`SELECT to_status, note FROM order_events WHERE order_id = ${Number(late.id)} ORDER BY id DESC LIMIT 1`,
      );
      expect(lastEvent).toEqual({ to_status: 'paid', note: REVIVED_NOTE });
      // a repeat of the payment changes nothing more
      expect(
        (await acceptLatePayment(env().database.db, env().api.orderHooks, Number(late.id), 'sandbox')).outcome,
      ).toBe('not-cancelled');

      // expired, and the size sold to someone else meanwhile: stays cancelled, flagged
      await setStock(env(), productId, { [a.id]: 1 });
      const slow = (await place([{ offerId: a.id, quantity: 1 }])).data.createOrder.order;
      await env().api.sweepReservations(new Date(Date.now() + 31 * 60_000));
      expect((await place([{ offerId: a.id, quantity: 1 }])).data.createOrder.success).toBe(true);
      const refused = await acceptLatePayment(env().database.db, env().api.orderHooks, Number(slow.id), 'sandbox');
      expect(refused.outcome).toBe('refund');
      expect(await stockOf(env(), a.id)).toBe(0);
      expect(
        (await one<{ status: string }>(env(), sql`SELECT status FROM orders WHERE id = ${Number(slow.id)}`)).status,
      ).toBe('cancelled');
      const flag = await one<{ note: string }>(
        env(),
        sql`SELECT note FROM order_events WHERE order_id = ${Number(slow.id)} ORDER BY id DESC LIMIT 1`,
      );
      expect(flag.note).toBe(REFUND_NOTE);
    });
  },
  { orderRateLimit: 100_000 },
);
