// Guards createOrder (validation, catalogue prices, stock, idempotency, one transaction), the
// order page query, paymentInfo and the sandbox payment page, and the per-IP rate limit.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { rows } from '../src/db/database.ts';
import { orderData as validOrderData } from './order-data.ts';
import { describeDrivers, type TestEnv } from './test-env.ts';

const CREATE = /* GraphQL */ `
  mutation Create($input: CreateOrderInput!) {
    createOrder(input: $input) {
      success
      errors { field line code message price available }
      order { id ordernumber orderdate totalPrice status accessKey }
    }
  }`;

const orderData = (over: Record<string, unknown> = {}) => validOrderData({ comment: 'Позвоните за час', ...over });

interface OfferInfo {
  id: string;
  priceInRUB: number;
  stock: number;
}

async function catalogueOffers(env: TestEnv) {
  const d = await env.data(`{ products(limit: 100) { items { offers { id priceInRUB stock } } } }`);
  const offers: OfferInfo[] = d.products.items.flatMap((p: { offers: OfferInfo[] }) => p.offers);
  return { inStock: offers.filter((o) => o.stock >= 3), soldOut: offers.filter((o) => o.stock === 0) };
}

const count = async (env: TestEnv, table: string) =>
  (await rows<{ n: number }>(env.database.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0]?.n ?? 0;

describeDrivers(
  'orders',
  (env) => {
    let offers: Awaited<ReturnType<typeof catalogueOffers>>;
    beforeAll(async () => {
      offers = await catalogueOffers(env());
      // placing an order takes its units off the offer's free stock (orders-stock.test.ts):
      // the offers these tests order again and again get enough for all of them; inStock[2]
      // keeps its stock, the over-stock line below needs it
      const plenty = [0, 1, 3].map((i) => Number(offers.inStock[i]?.id));
      await env().database.db.execute(sql`UPDATE offers SET stock = 1000 WHERE id = ANY(${sql.param(plenty)}::int[])`);
      for (const i of [0, 1, 3]) (offers.inStock[i] as OfferInfo).stock = 1000;
    });
    const create = (input: Record<string, unknown>, ip = '10.0.0.1') => env().gql(CREATE, { input }, { 'x-forwarded-for': ip });
    const valid = (over: Record<string, unknown> = {}) => ({
      idempotencyKey: randomUUID(),
      orderData: orderData(),
      items: [
        { offerId: offers.inStock[0]?.id, quantity: 2 },
        { offerId: offers.inStock[1]?.id, quantity: 1, price: offers.inStock[1]?.priceInRUB },
      ],
      ...over,
    });

    it('creates an order priced from the catalogue, with lines and a consent record, in one go', async () => {
      const [a, b] = offers.inStock as [OfferInfo, OfferInfo];
      const before = { orders: await count(env(), 'orders'), lines: await count(env(), 'order_lines') };
      const res = await create(valid(), '203.0.113.5');
      expect(res.errors).toBeUndefined();
      const r = res.data.createOrder;
      expect(r.success).toBe(true);
      expect(r.errors).toEqual([]);
      expect(r.order.ordernumber).toMatch(/^SH-[2-9A-HJKMNP-Z]{5}$/);
      expect(r.order.totalPrice).toBe(a.priceInRUB * 2 + b.priceInRUB);
      expect(r.order.status).toBe('NEW');
      expect(new Date(r.order.orderdate).getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(await count(env(), 'orders')).toBe(before.orders + 1);
      expect(await count(env(), 'order_lines')).toBe(before.lines + 2);
      const [consent] = await rows<{ consent_version: string; client_ip: string; consented_at: Date }>(
        env().database.db,
        sql`SELECT consent_version, client_ip, consented_at FROM order_consents WHERE order_id = ${Number(r.order.id)}`,
      );
      expect(consent).toMatchObject({ consent_version: '2025-09-01', client_ip: '203.0.113.5' });
      const page = await env().data(`query($n: String!, $k: String!) { order(number: $n, key: $k) { ordernumber totalPrice deliveryMethod phone status
        lines { offerId name size price quantity total product { webPath } } } }`, { n: r.order.ordernumber, k: r.order.accessKey });
      expect(page.order).toMatchObject({ ordernumber: r.order.ordernumber, totalPrice: r.order.totalPrice, deliveryMethod: 'CDEK_PICKUP', phone: '+79123456789' });
      expect(page.order.lines.map((l: { offerId: string; quantity: number }) => [l.offerId, l.quantity])).toEqual([[a.id, 2], [b.id, 1]]);
      expect(page.order.lines[0].total).toBe(a.priceInRUB * 2);
      const wrongKey = await env().data(`query($n: String!) { order(number: $n, key: "nope") { id } }`, { n: r.order.ordernumber });
      expect(wrongKey.order).toBeNull();
    });

    it('never trusts a client price: a different one fails the line with PRICE_CHANGED and the real price', async () => {
      const a = offers.inStock[0] as OfferInfo;
      const before = await count(env(), 'orders');
      const r = (await create(valid({ items: [{ offerId: a.id, quantity: 1, price: 1 }] }))).data.createOrder;
      expect(r.success).toBe(false);
      expect(r.order).toBeNull();
      expect(r.errors).toEqual([
        { field: 'items[0].price', line: 0, code: 'PRICE_CHANGED', message: expect.stringContaining('Цена изменилась'), price: a.priceInRUB, available: null },
      ]);
      expect(await count(env(), 'orders')).toBe(before);
    });

    it('rejects sold-out, unknown and over-stock lines with their index', async () => {
      const sold = offers.soldOut[0] as OfferInfo;
      const a = offers.inStock[0] as OfferInfo;
      const r = (
        await create(valid({ items: [{ offerId: a.id, quantity: 1 }, { offerId: sold.id, quantity: 1 }, { offerId: '99999999', quantity: 1 }, { offerId: offers.inStock[2]?.id, quantity: 99 }] }))
      ).data.createOrder;
      expect(r.success).toBe(false);
      const byLine = Object.fromEntries(r.errors.map((e: { line: number; code: string }) => [e.line, e.code]));
      expect(byLine).toEqual({ 1: 'SOLD_OUT', 2: 'UNKNOWN_OFFER', 3: 'INSUFFICIENT_STOCK' });
      expect(r.errors.find((e: { code: string }) => e.code === 'SOLD_OUT').message).toMatch(/закончился/);
      expect(r.errors.find((e: { code: string }) => e.code === 'INSUFFICIENT_STOCK').available).toBeGreaterThan(0);
    });

    it.each([
      ['fullName', '', 'REQUIRED'],
      ['fullName', 'Иван', 'INVALID_FORMAT'],
      ['fullName', 'Иван <script>', 'INVALID_FORMAT'],
      ['fullName', 'Я'.repeat(200), 'TOO_LONG'],
      ['phone', '', 'REQUIRED'],
      ['phone', '+7 (812) 123-45-67', 'INVALID_FORMAT'],
      ['phone', '+1 555 123 4567', 'INVALID_FORMAT'],
      ['phone', 'телефон', 'INVALID_FORMAT'],
      ['email', '', 'REQUIRED'],
      ['email', 'ivan@', 'INVALID_FORMAT'],
      ['email', "x@y.ru' OR 1=1 --", 'INVALID_FORMAT'],
      ['city', '', 'REQUIRED'],
      ['city', 'Москва\u0000', 'INVALID_FORMAT'],
      ['address', 'ул', 'INVALID_FORMAT'],
      ['address', '', 'REQUIRED'],
      ['comment', 'к'.repeat(1001), 'TOO_LONG'],
      ['personalDataConsent', false, 'CONSENT_REQUIRED'],
      ['consentVersion', '', 'REQUIRED'],
      ['consentVersion', 'v1; DROP TABLE orders', 'INVALID_FORMAT'],
      // consent is to the published text (mf-cart's CONSENT_VERSION), not to any version-like string
      ['consentVersion', 'x', 'CONSENT_REQUIRED'],
      ['consentVersion', '2099-01-01', 'CONSENT_REQUIRED'],
      ['consentVersion', '2025-09', 'CONSENT_REQUIRED'],
      // invisible formatting: bidi overrides and isolates, zero-width characters, C1 controls
      ['address', 'ул. Ленина, д. 1‮2 .в', 'INVALID_FORMAT'],
      ['address', 'ул. Ленина⁧, д. 1', 'INVALID_FORMAT'],
      ['email', 'ivan‮@example.ru', 'INVALID_FORMAT'],
      ['fullName', 'Иванов​ Иван', 'INVALID_FORMAT'],
      ['city', 'Казань', 'INVALID_FORMAT'],
      ['comment', 'позвоните за час', 'INVALID_FORMAT'],
      // the e-mail's domain must be a domain name, not an address or a bare host
      ['email', 'ivan@127.0.0.1', 'INVALID_FORMAT'],
      ['email', 'ivan@[::1]', 'INVALID_FORMAT'],
      ['email', 'ivan@10.0.0.1.', 'INVALID_FORMAT'],
      ['email', 'ivan@mail.123', 'INVALID_FORMAT'],
      ['email', 'ivan@-mail.ru', 'INVALID_FORMAT'],
      ['email', 'ivan@localhost', 'INVALID_FORMAT'],
    ])('rejects orderData.%s = %j with %s and a Russian message', async (field, value, code) => {
      const r = (await create(valid({ orderData: orderData({ [field]: value }) }))).data.createOrder;
      expect(r.success).toBe(false);
      expect(r.order).toBeNull();
      expect(r.errors).toHaveLength(1);
      expect(r.errors[0]).toMatchObject({ field: `orderData.${field}`, line: null, code });
      expect(r.errors[0].message).toMatch(/[а-яА-Я]/);
    });

    it('accepts real e-mail domains, Cyrillic and punycode ones too', async () => {
      for (const email of ['ivan@mail.ru', 'Ivan.Petrov+shop@sub.example.com', 'иван@почта.рф', 'ivan@xn--80a1acny.xn--p1ai']) {
        const r = (await create(valid({ orderData: orderData({ email }) }))).data.createOrder;
        expect(r.errors, email).toEqual([]);
      }
    });

    it('refuses a 2,500-line order with TOO_MANY_LINES alone, before looking up any offer', async () => {
      const a = offers.inStock[0] as OfferInfo;
      // every line would fail on its own (unknown offer, bad quantity, duplicate): none is even looked at
      const items = Array.from({ length: 2500 }, (_, i) => ({ offerId: i % 2 ? a.id : String(900_000_000 + i), quantity: i % 3 ? 1 : 0 }));
      const started = performance.now();
      const res = await create(valid({ items }));
      const ms = performance.now() - started;
      expect(res.data.createOrder.errors).toEqual([
        { field: 'items', line: null, code: 'TOO_MANY_LINES', message: 'В одном заказе не больше 50 позиций', price: null, available: null },
      ]);
      expect(JSON.stringify(res).length).toBeLessThan(1000);
      expect(ms).toBeLessThan(2000);
    });

    it('accepts the usual ways of typing a Russian mobile number', async () => {
      for (const phone of ['89123456789', '9123456789', '+79123456789', '8 (912) 345-67-89']) {
        const r = (await create(valid({ orderData: orderData({ phone }) }))).data.createOrder;
        expect(r.success, phone).toBe(true);
      }
    });

    it('validates the cart: empty, quantities 1–99, duplicates, the idempotency key', async () => {
      const a = offers.inStock[0] as OfferInfo;
      const empty = (await create(valid({ items: [] }))).data.createOrder;
      expect(empty.errors.map((e: { code: string }) => e.code)).toEqual(['EMPTY_CART']);
      for (const quantity of [0, -1, 100]) {
        const r = (await create(valid({ items: [{ offerId: a.id, quantity }] }))).data.createOrder;
        expect(r.errors[0], String(quantity)).toMatchObject({ line: 0, code: 'INVALID_QUANTITY', field: 'items[0].quantity' });
      }
      const dup = (await create(valid({ items: [{ offerId: a.id, quantity: 1 }, { offerId: a.id, quantity: 1 }] }))).data.createOrder;
      expect(dup.errors[0]).toMatchObject({ line: 1, code: 'DUPLICATE_OFFER' });
      const key = (await create(valid({ idempotencyKey: 'short' }))).data.createOrder;
      expect(key.errors[0]).toMatchObject({ field: 'idempotencyKey', code: 'INVALID_FORMAT' });
      const badId = (await create(valid({ items: [{ offerId: "1' OR '1'='1", quantity: 1 }] }))).data.createOrder;
      expect(badId.errors[0]).toMatchObject({ line: 0, code: 'UNKNOWN_OFFER' });
    });

    it('returns the same order for the same idempotency key and content, also for concurrent submits', async () => {
      const input = valid();
      const first = (await create(input)).data.createOrder;
      expect(first.success).toBe(true);
      // a retry after a lost answer: the same content (lines in another order, the phone typed
      // another way, spaces around the name) is the same order
      const retry = {
        ...input,
        orderData: orderData({ fullName: '  Иванов Иван Иванович ', phone: '89123456789' }),
        items: [...input.items].reverse(),
      };
      const again = (await create(retry, '198.51.100.9')).data.createOrder;
      expect(again).toMatchObject({ success: true, errors: [] });
      expect(again.order).toEqual(first.order);

      const concurrent = valid();
      const before = await count(env(), 'orders');
      const results = await Promise.all(Array.from({ length: 6 }, () => create(concurrent)));
      const numbers = new Set(results.map((r) => r.data.createOrder.order.ordernumber));
      expect(results.every((r) => r.data.createOrder.success)).toBe(true);
      expect(numbers.size).toBe(1);
      expect(await count(env(), 'orders')).toBe(before + 1);
      const [lines] = await rows<{ n: number }>(
        env().database.db,
        sql`SELECT count(*)::int AS n FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.idempotency_key = ${concurrent.idempotencyKey}`,
      );
      expect(lines?.n).toBe(2);
    });

    it('refuses the same key with other content, and the answer carries nothing of the stored order', async () => {
      const input = valid();
      const first = (await create(input, '203.0.113.20')).data.createOrder;
      expect(first.success).toBe(true);
      const before = await count(env(), 'orders');
      const attempts = [
        // another cart and another shopper
        { ...input, orderData: orderData({ fullName: 'Сидорова Мария', phone: '+79990001122', email: 'maria@example.com' }), items: [{ offerId: offers.inStock[3]?.id, quantity: 5 }] },
        // the same shopper, one quantity changed
        { ...input, items: [{ ...input.items[0], quantity: 1 }, input.items[1]] },
        // the same cart delivered elsewhere
        { ...input, orderData: orderData({ address: 'ул. Пушкина, д. 10' }) },
        // junk with the key: empty cart, no consent, no name
        { ...input, orderData: orderData({ fullName: '', phone: 'x', personalDataConsent: false }), items: [] },
      ];
      for (const attempt of attempts) {
        const res = await create(attempt, '198.51.100.200');
        expect(res.errors).toBeUndefined();
        expect(res.data.createOrder).toEqual({
          success: false,
          order: null,
          errors: [{ field: 'idempotencyKey', line: null, code: 'IDEMPOTENCY_KEY_REUSED', message: expect.stringMatching(/ключом.*другим составом/), price: null, available: null }],
        });
        const text = JSON.stringify(res);
        for (const secret of [first.order.ordernumber, first.order.accessKey, 'Иванов', '912', 'ivan@example.ru', 'Баумана', 'Казань']) {
          expect(text).not.toContain(secret);
        }
      }
      expect(await count(env(), 'orders')).toBe(before);
      // concurrent submits with one key and different carts: one order, the others refused
      const key = randomUUID();
      const racing = await Promise.all(
        offers.inStock.slice(0, 4).map((o) => create(valid({ idempotencyKey: key, items: [{ offerId: o.id, quantity: 1 }] }))),
      );
      const won = racing.filter((r) => r.data.createOrder.success);
      expect(won).toHaveLength(1);
      for (const r of racing.filter((x) => !x.data.createOrder.success)) {
        expect(r.data.createOrder.errors[0].code).toBe('IDEMPOTENCY_KEY_REUSED');
        expect(r.data.createOrder.order).toBeNull();
      }
    });

    it('an order placed before fingerprints existed is still returned to a retry of the same content only', async () => {
      const [a, b] = offers.inStock as [OfferInfo, OfferInfo];
      const db = env().database.db;
      const key = `legacy-${randomUUID()}`;
      const [legacy] = await rows<{ id: number }>(
        db,
        sql`INSERT INTO orders (ordernumber, idempotency_key, access_key, full_name, phone, email, city, address, delivery_method, comment, total_price)
            VALUES ('SH-LGCY2', ${key}, 'legacy-access-key', 'Иванов Иван Иванович', '+79123456789', 'ivan@example.ru', 'Казань',
                    'ул. Баумана, д. 1, кв. 2', 'CDEK_PICKUP', 'Позвоните за час', 1) RETURNING id`,
      );
      for (const [offer, quantity] of [[a, 2], [b, 1]] as const) {
        await db.execute(sql`INSERT INTO order_lines (order_id, offer_id, product_id, name, sku, size, price, quantity)
          VALUES (${legacy?.id}, ${Number(offer.id)}, 1, 'x', 'x', '42', 1, ${quantity})`);
      }
      await db.execute(sql`INSERT INTO order_consents (order_id, consent_version, consented_at, client_ip) VALUES (${legacy?.id}, '2025-09-01', now(), '10.0.0.1')`);
      const input = valid({ idempotencyKey: key });
      const other = (await create({ ...input, items: [{ offerId: a.id, quantity: 1 }] })).data.createOrder;
      expect(other).toMatchObject({ success: false, order: null, errors: [{ code: 'IDEMPOTENCY_KEY_REUSED' }] });
      const same = (await create(input)).data.createOrder;
      expect(same).toMatchObject({ success: true, order: { ordernumber: 'SH-LGCY2', accessKey: 'legacy-access-key' } });
      const [stored] = await rows<{ f: string | null }>(db, sql`SELECT request_fingerprint AS f FROM orders WHERE id = ${legacy?.id}`);
      expect(stored?.f).toMatch(/^[0-9a-f]{64}$/);
    });

    it('stores nothing when any part of the order fails to store (one transaction)', async () => {
      const db = env().database.db;
      // make the last insert of the transaction (the consent record) fail for one IP
      await db.execute(sql.raw(`CREATE OR REPLACE FUNCTION fail_consent() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.client_ip = '198.51.100.66' THEN RAISE EXCEPTION 'disk full'; END IF; RETURN NEW; END $$`));
      await db.execute(sql.raw('CREATE TRIGGER fail_consent BEFORE INSERT ON order_consents FOR EACH ROW EXECUTE FUNCTION fail_consent()'));
      try {
        const before = { orders: await count(env(), 'orders'), lines: await count(env(), 'order_lines') };
        const input = valid();
        const res = await create(input, '198.51.100.66');
        expect(res.errors?.[0]?.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
        expect(res.errors?.[0]?.message).not.toMatch(/disk full|at /);
        expect(await count(env(), 'orders')).toBe(before.orders);
        expect(await count(env(), 'order_lines')).toBe(before.lines);
        // the key was not used up: the same submit succeeds once storage works again
        await db.execute(sql.raw('DROP TRIGGER fail_consent ON order_consents'));
        expect((await create(input, '198.51.100.67')).data.createOrder.success).toBe(true);
      } finally {
        await db.execute(sql.raw('DROP TRIGGER IF EXISTS fail_consent ON order_consents'));
      }
    });

    it('gives a sandbox payment link whose page marks the order paid and returns to the shop', async () => {
      const order = (await create(valid())).data.createOrder.order;
      const info = (await env().data(`query($id: ID!, $k: String!) { paymentInfo(id: $id, key: $k) { id linkURL } }`, { id: order.id, k: order.accessKey })).paymentInfo;
      expect(info.id).toBe(order.id);
      const link = new URL(info.linkURL);
      expect(link.origin).toBe('https://shop.test');
      expect(link.pathname).toBe(`/api/sandbox/pay/${order.id}`);
      const noKey = await env().data(`query($id: ID!) { paymentInfo(id: $id, key: "wrong") { id } }`, { id: order.id });
      expect(noKey.paymentInfo).toBeNull();

      const page = await env().request(link.pathname + link.search);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('ТЕСТОВАЯ ОПЛАТА');
      expect(html).toContain(order.ordernumber);
      expect(html).toContain('Оплатить');
      expect((await env().request(`/api/sandbox/pay/${order.id}?key=wrong`)).status).toBe(404);

      const paid = await env().request(`/api/sandbox/pay/${order.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ key: order.accessKey }).toString(),
        redirect: 'manual',
      });
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toBe(`https://shop.test/order/${order.ordernumber}?key=${encodeURIComponent(order.accessKey)}`);
      const after = await env().data(`query($n: String!, $k: String!) { order(number: $n, key: $k) { status } }`, { n: order.ordernumber, k: order.accessKey });
      expect(after.order.status).toBe('PAID');
      const resolved = await env().data(`query($p: String!, $q: String) { resolvePage(path: $p, query: $q) { type id status } }`, {
        p: `/order/${order.ordernumber}`,
        q: `key=${encodeURIComponent(order.accessKey)}`,
      });
      expect(resolved.resolvePage).toEqual({ type: 'ORDER', id: order.ordernumber, status: 200 });
    });

    it('resolves the order page (the sandbox return URL) to the order number the page looks the order up by', async () => {
      const order = (await create(valid())).data.createOrder.order;
      const paid = await env().request(`/api/sandbox/pay/${order.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ key: order.accessKey }).toString(),
        redirect: 'manual',
      });
      // the shop's URL the payment returns to, as the browser asks for it
      const back = new URL(paid.headers.get('location') as string);
      const resolve = async (path: string, query = '') =>
        (await env().data(`query($p: String!, $q: String) { resolvePage(path: $p, query: $q) { type id status location } }`, { p: path, q: query })).resolvePage;
      const page = await resolve(back.pathname, back.search);
      expect(page).toEqual({ type: 'ORDER', id: order.ordernumber, status: 200, location: null });
      // the id is what order() takes, with the key from the same URL
      const shown = await env().data(`query($n: String!, $k: String!) { order(number: $n, key: $k) { id ordernumber status } }`, {
        n: page.id,
        k: back.searchParams.get('key'),
      });
      expect(shown.order).toEqual({ id: order.id, ordernumber: order.ordernumber, status: 'PAID' });
      // a spelling variant redirects to the canonical path, keeping the key; the id is still the number
      const variant = await resolve(`/order/${order.ordernumber.toLowerCase()}/`, back.search);
      expect(variant).toEqual({ type: 'ORDER', id: order.ordernumber, status: 301, location: `/order/${order.ordernumber}${back.search}` });
      // the host asks for the page's meta with the id it got
      const meta = await env().data(`query($id: ID) { pageMeta(type: ORDER, id: $id) { title robots } }`, { id: page.id });
      expect(meta.pageMeta).toMatchObject({ robots: 'noindex, nofollow' });
      expect((await env().gql(`{ pageMeta(type: ORDER, id: "${'x'.repeat(41)}") { title } }`)).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    });
  },
  { orderRateLimit: 1000 },
);

describeDrivers(
  'order rate limit',
  (env) => {
    it('limits createOrder per client IP while other clients are still served', async () => {
      const input = () => ({ idempotencyKey: randomUUID(), orderData: orderData(), items: [] });
      const from = (ip: string) => env().gql(CREATE, { input: input() }, { 'x-forwarded-for': ip });
      for (let i = 0; i < 3; i++) expect((await from('192.0.2.10')).errors).toBeUndefined();
      const limited = await from('192.0.2.10');
      expect(limited.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });
      expect(limited.errors?.[0]?.message).toMatch(/Слишком много/);
      // the proxy appends the real address: a spoofed first entry does not dodge the limit
      expect((await env().gql(CREATE, { input: input() }, { 'x-forwarded-for': '1.2.3.4, 192.0.2.10' })).errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
      expect((await from('192.0.2.11')).errors).toBeUndefined();
      expect((await env().data(`{ health }`)).health).toBe(true);
    });
  },
  { orderRateLimit: 3 },
);
