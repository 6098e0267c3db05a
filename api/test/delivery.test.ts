// Delivery through СДЭК: the API's real client code against a local fake of СДЭК's API v2
// (api/test/fakes/cdek.ts). What is asserted is what a shopper or the owner would see: each
// method's term before paying, the city's pickup points, the chosen point kept with the order,
// the refusals of a point that is not the city's, and that an outage of СДЭК never blocks an order.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rows } from '../src/db/database.ts';
import { type DeliveryConfig, loadDeliveryConfig } from '../src/delivery/delivery-config.ts';
import { CdekClient } from '../src/delivery/cdek-client.ts';
import { addDays, DeliveryService, moscowToday } from '../src/delivery/delivery-service.ts';
import { CDEK_NOTIFY_PATH } from '../src/delivery/shipments.ts';
import { changeOrderStatus } from '../src/orders/order-lifecycle.ts';
import { type FakeCdek, startFakeCdek } from './fakes/cdek.ts';
import { type FakeDadata, startFakeDadata } from './fakes/dadata.ts';
import { orderData } from './order-data.ts';
import { createTestEnv, type TestEnv } from './test-env.ts';

const OPTIONS = /* GraphQL */ `
  query D($city: String!) {
    deliveryOptions(city: $city) {
      city { code name fullName }
      pickupPoints
      carrierDown
      terms { method available minDays maxDays earliest latest fromCarrier }
    }
  }`;
const POINTS = /* GraphQL */ `
  query P($code: Int!, $search: String) {
    pickupPoints(cityCode: $code, search: $search) { total points { code name address workTime howToFind card cash dressingRoom } }
  }`;
const CREATE = /* GraphQL */ `
  mutation Create($input: CreateOrderInput!) {
    createOrder(input: $input) {
      success
      errors { field code message }
      order { id ordernumber accessKey address delivery { minDays maxDays earliest latest pickupPoint { code name address workTime } } }
    }
  }`;

const fail = (name: string, value: string, expected: string): never => {
  throw new Error(`${name}=${value}: ${expected}`);
};

function cdekConfig(fake: FakeCdek, over: Record<string, string> = {}): DeliveryConfig {
  return loadDeliveryConfig(
    {
      DELIVERY_PROVIDER: 'cdek',
      CDEK_CLIENT_ID: fake.clientId,
      CDEK_CLIENT_SECRET: fake.clientSecret,
      CDEK_API_URL: fake.url,
      CDEK_SHIPMENT_POINT: 'MSK1',
      CDEK_TIMEOUT_MS: '1500',
      ...over,
    },
    fail,
  );
}

describe('delivery through СДЭК (fake)', () => {
  let fake: FakeCdek;
  let env: TestEnv;
  let offerIds: string[] = [];
  let next = 0;

  beforeAll(async () => {
    fake = await startFakeCdek();
    env = await createTestEnv('pglite', { delivery: cdekConfig(fake), orderRateLimit: 100_000, deliveryRateLimit: 100_000 });
    const d = await env.data(`{ products(limit: 100) { items { offers { id stock } } } }`);
    offerIds = d.products.items.flatMap((p: { offers: { id: string; stock: number }[] }) => p.offers.filter((o) => o.stock >= 3).map((o) => o.id));
  });
  afterAll(async () => {
    await env?.close();
    await fake?.close();
  });
  beforeEach(() => fake.failNext(0));

  const place = (over: Record<string, unknown>) =>
    env.data(CREATE, {
      input: { idempotencyKey: randomUUID(), orderData: orderData(over), items: [{ offerId: offerIds[next++ % offerIds.length], quantity: 1 }] },
    });

  it('gives each method its term from СДЭК\'s tariffs, the handling day included, as Moscow dates', async () => {
    const { deliveryOptions: o } = await env.data(OPTIONS, { city: ' г. казань ' });
    expect(o.city).toEqual({ code: 424, name: 'Казань', fullName: 'Казань, Татарстан респ., Россия' });
    expect(o.pickupPoints).toBe(true);
    expect(o.carrierDown).toBe(false);
    const today = moscowToday(new Date());
    const byMethod = Object.fromEntries(o.terms.map((t: { method: string }) => [t.method, t]));
    // the fake's tariff to Казань: 2–4 days to a point, 2–5 to the door; plus one handling day
    expect(byMethod.CDEK_PICKUP).toEqual({ method: 'CDEK_PICKUP', available: true, minDays: 3, maxDays: 5, earliest: addDays(today, 3), latest: addDays(today, 5), fromCarrier: true });
    expect(byMethod.COURIER).toMatchObject({ minDays: 3, maxDays: 6, fromCarrier: true });
    // Почта России has no API here: the shop's estimate
    expect(byMethod.RUSSIAN_POST).toMatchObject({ minDays: 6, maxDays: 15, fromCarrier: false });
    // the tariffs were asked for the shop's city and the shopper's, with a parcel's size and weight
    const tariff = fake.requests.find((r) => r.path === '/v2/calculator/tariff');
    expect(tariff?.body).toMatchObject({ from_location: { code: 44 }, to_location: { code: 424 }, packages: [{ weight: 1500 }] });
  });

  it('knows a city only by its whole name, and then offers no pickup point', async () => {
    // «Казан» starts «Казань» and «Казанское»: neither is the city typed
    const { deliveryOptions: o } = await env.data(OPTIONS, { city: 'Казан' });
    expect(o).toMatchObject({ city: null, pickupPoints: false, carrierDown: false });
    expect(o.terms.map((t: { fromCarrier: boolean }) => t.fromCarrier)).toEqual([false, false, false]);
    // no СДЭК point there: the checkout says so on the method before it is chosen
    expect(o.terms.map((t: { method: string; available: boolean }) => [t.method, t.available])).toEqual([
      ['COURIER', true],
      ['CDEK_PICKUP', false],
      ['RUSSIAN_POST', true],
    ]);
  });

  it('lists the city\'s points, searchable by street, metro or code', async () => {
    const all = (await env.data(POINTS, { code: 424 })).pickupPoints;
    expect(all.total).toBe(4);
    expect(all.points[0]).toMatchObject({ code: 'KZN1', address: 'ул. Баумана, 44', workTime: expect.stringMatching(/\d\d:\d\d/), howToFind: expect.any(String) });
    const found = (await env.data(POINTS, { code: 424, search: 'победы' })).pickupPoints;
    expect(found.points.map((p: { code: string }) => p.code)).toEqual(['KZN2']);
    expect((await env.data(POINTS, { code: 424, search: 'kzn3' })).pickupPoints.points.map((p: { code: string }) => p.code)).toEqual(['KZN3']);
    expect((await env.data(POINTS, { code: 424, search: 'нет такой улицы' })).pickupPoints).toEqual({ total: 0, points: [] });
  });

  it('keeps the chosen point with the order: its address, hours and the promised dates', async () => {
    const res = (await place({ pickupPointCode: 'KZN2', address: 'что угодно' })).createOrder;
    expect(res.errors).toEqual([]);
    expect(res.order.address).toBe('пр-т Победы, 91');
    expect(res.order.delivery).toMatchObject({ minDays: 3, maxDays: 5, pickupPoint: { code: 'KZN2', address: 'пр-т Победы, 91', workTime: expect.any(String) } });
    const [stored] = await rows<{ delivery: { cost: number; tariffCode: number; pickupPoint: { verified: boolean } } }>(
      env.database.db,
      sql`SELECT delivery FROM orders WHERE id = ${Number(res.order.id)}`,
    );
    // what it costs the shop, for the desk; never shown to the shopper
    expect(stored?.delivery).toMatchObject({ cost: 390, tariffCode: 136, pickupPoint: { verified: true } });
  });

  it('refuses a pickup order without a point, with another city\'s point, or to a city СДЭК does not serve', async () => {
    expect((await place({})).createOrder.errors).toEqual([{ field: 'orderData.pickupPointCode', code: 'REQUIRED', message: 'Выберите пункт выдачи СДЭК' }]);
    expect((await place({ pickupPointCode: 'MSK1' })).createOrder.errors).toEqual([
      expect.objectContaining({ field: 'orderData.pickupPointCode', code: 'PICKUP_POINT_UNKNOWN' }),
    ]);
    expect((await place({ pickupPointCode: 'KZN1', city: 'Урюпинск' })).createOrder.errors).toEqual([
      expect.objectContaining({ field: 'orderData.city', code: 'DELIVERY_UNAVAILABLE' }),
    ]);
    expect((await place({ pickupPointCode: 'KZN1;DROP' })).createOrder.errors).toEqual([
      expect.objectContaining({ field: 'orderData.pickupPointCode', code: 'INVALID_FORMAT' }),
    ]);
    // the courier and the post take any city, with the shop's estimate
    const courier = (await place({ city: 'Урюпинск', deliveryMethod: 'COURIER', pickupPointCode: 'KZN1' })).createOrder;
    expect(courier.errors).toEqual([]);
    expect(courier.order.delivery).toMatchObject({ minDays: 3, maxDays: 6, pickupPoint: null });
    expect(courier.order.address).toBe(orderData().address);
  });

  it('takes the order while СДЭК is down: estimated terms, the point as typed and marked unverified', async () => {
    // a city asked of nobody yet: nothing kept to fall back on
    fake.failNext(1000, 503);
    const { deliveryOptions: o } = await env.data(OPTIONS, { city: 'Краснодар' });
    expect(o).toMatchObject({ city: null, pickupPoints: false, carrierDown: true });
    const res = (await place({ city: 'Краснодар', pickupPointCode: 'KRD1', address: 'ул. Красная, 113' })).createOrder;
    expect(res.errors).toEqual([]);
    expect(res.order.delivery.pickupPoint).toEqual({ code: 'KRD1', name: '', address: 'ул. Красная, 113', workTime: '' });
    const [stored] = await rows<{ delivery: { pickupPoint: { verified: boolean } } }>(env.database.db, sql`SELECT delivery FROM orders WHERE id = ${Number(res.order.id)}`);
    expect(stored?.delivery.pickupPoint.verified).toBe(false);
    // the points of a city asked before are still shown from what was kept
    expect((await env.data(POINTS, { code: 424 })).pickupPoints.total).toBe(4);
  });

  const markAssembled = async (id: number) => {
    expect((await changeOrderStatus(env.database.db, env.api.orderHooks, id, 'paid', 'sandbox')).ok).toBe(true);
    expect((await changeOrderStatus(env.database.db, env.api.orderHooks, id, 'assembled', 'ops-token')).ok).toBe(true);
  };
  const shipment = async (id: number) =>
    (
      await rows<{ state: string; attempts: number; last_error: string | null; carrier_uuid: string | null; carrier_number: string | null }>(
        env.database.db,
        sql`SELECT state, attempts, last_error, carrier_uuid, carrier_number FROM shipments WHERE order_id = ${id}`,
      )
    )[0];
  const orderRow = async (id: number) =>
    (await rows<{ status: string; tracking_number: string | null }>(env.database.db, sql`SELECT status, tracking_number FROM orders WHERE id = ${id}`))[0];
  const letter = async (id: number, kind: string) =>
    (await rows<{ subject: string; text: string }>(env.database.db, sql`SELECT subject, text FROM mail_outbox WHERE order_id = ${id} AND kind = ${kind}`))[0];
  const notify = (uuid: string, body: Record<string, unknown> = {}) =>
    env.request(CDEK_NOTIFY_PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'ORDER_STATUS', uuid, ...body }) });

  it('registers the parcel when the order is «собран», retrying an outage, and its number becomes the tracking number', async () => {
    const placed = (await place({ pickupPointCode: 'KZN2' })).createOrder.order;
    const id = Number(placed.id);
    await markAssembled(id);
    expect(await shipment(id)).toMatchObject({ state: 'pending', attempts: 0 });
    // СДЭК down: kept, retried later, the error visible
    fake.failNext(1, 503);
    expect(await env.api.registerShipments()).toBe(1);
    expect(await shipment(id)).toMatchObject({ state: 'pending', attempts: 1, last_error: expect.stringContaining('503') });
    // not due yet: nothing is tried before its time
    expect(await env.api.registerShipments()).toBe(0);
    await env.database.db.execute(sql`UPDATE shipments SET next_attempt_at = now() WHERE order_id = ${id}`);
    expect(await env.api.registerShipments()).toBe(1);
    const registered = await shipment(id);
    expect(registered).toMatchObject({ state: 'registered', last_error: null, carrier_number: expect.stringMatching(/^\d{10}$/) });
    const sent = [...fake.orders.values()].find((o) => o.number === placed.ordernumber);
    // to the chosen point, from the shop's office, with the recipient and nothing to collect
    expect(sent).toMatchObject({ tariff_code: 136, delivery_point: 'KZN2', recipient: { name: 'Иванов Иван Иванович', phones: [{ number: '+79123456789' }] } });
    expect(fake.requests.find((r) => r.path === '/v2/orders' && r.method === 'POST' && r.status === 202)?.body).toMatchObject({
      shipment_point: 'MSK1',
      packages: [{ items: [{ payment: { value: 0 }, amount: 1 }] }],
    });
    expect(await orderRow(id)).toEqual({ status: 'assembled', tracking_number: registered?.carrier_number });
    const { order } = await env.data('query O($n: String!, $k: String!) { order(number: $n, key: $k) { tracking { number url } } }', { n: placed.ordernumber, k: placed.accessKey });
    expect(order.tracking).toEqual({ number: registered?.carrier_number, url: `https://www.cdek.ru/ru/tracking/?order_id=${registered?.carrier_number}` });
  });

  it('moves the order by СДЭК\'s statuses, asked of СДЭК, each with its letter', async () => {
    const placed = (await place({ pickupPointCode: 'KZN1' })).createOrder.order;
    const id = Number(placed.id);
    await markAssembled(id);
    await env.api.registerShipments();
    const uuid = (await shipment(id))?.carrier_uuid as string;
    // a forged «delivered» while СДЭК says only «created»: nothing moves
    expect((await notify(uuid, { attributes: { code: 'DELIVERED' } })).status).toBe(200);
    expect((await orderRow(id))?.status).toBe('assembled');
    await fake.setStatus(uuid, 'RECEIVED_AT_SHIPMENT_WAREHOUSE');
    expect((await notify(uuid)).status).toBe(200);
    expect((await orderRow(id))?.status).toBe('shipped');
    const shipped = await letter(id, 'order-shipped');
    expect(shipped?.text).toContain(`Трек-номер посылки: ${(await shipment(id))?.carrier_number}`);
    await fake.setStatus(uuid, 'ACCEPTED_AT_PICK_UP_POINT');
    await notify(uuid);
    expect((await orderRow(id))?.status).toBe('ready');
    const ready = await letter(id, 'order-ready');
    expect(ready?.subject).toBe(`Заказ №${placed.ordernumber} ждёт вас в пункте выдачи`);
    expect(ready?.text).toContain('Казань, ул. Баумана, 44');
    expect(ready?.text).toContain('Часы работы: Пн-Пт 10:00-21:00');
    // a duplicate changes nothing and writes no second letter
    await notify(uuid);
    expect((await rows(env.database.db, sql`SELECT 1 FROM order_events WHERE order_id = ${id} AND to_status = 'ready'`)).length).toBe(1);
    await fake.setStatus(uuid, 'DELIVERED');
    await notify(uuid);
    expect((await orderRow(id))?.status).toBe('delivered');
    expect((await letter(id, 'order-delivered'))?.subject).toBe(`Заказ №${placed.ordernumber} получен`);
    const actors = await rows<{ actor: string }>(env.database.db, sql`SELECT actor FROM order_events WHERE order_id = ${id} AND to_status IN ('shipped', 'ready', 'delivered')`);
    expect(actors.map((a) => a.actor)).toEqual(['cdek', 'cdek', 'cdek']);
  });

  it('answers notifications it cannot act on as СДЭК expects', async () => {
    expect((await notify('00000000-0000-4000-8000-000000000000')).status).toBe(200);
    expect((await env.request(CDEK_NOTIFY_PATH, { method: 'POST', body: 'not json' })).status).toBe(400);
    expect((await env.request(CDEK_NOTIFY_PATH, { method: 'POST', body: JSON.stringify({ type: 'ORDER_STATUS', uuid: "x' OR 1=1" }) })).status).toBe(400);
    expect((await env.request(CDEK_NOTIFY_PATH, { method: 'GET' })).status).toBe(405);
  });

  it('keeps a shipment СДЭК refuses, with why, and registers no courier order twice', async () => {
    // taken while СДЭК was down: the point as typed, which СДЭК does not know
    fake.failNext(1000, 503);
    const refused = (await place({ city: 'Краснодар', pickupPointCode: 'KRD9', address: 'ул. Северная, 1' })).createOrder.order;
    fake.failNext(0);
    await markAssembled(Number(refused.id));
    await env.api.registerShipments();
    expect(await shipment(Number(refused.id))).toMatchObject({ state: 'failed', last_error: expect.stringContaining('KRD9') });
    // a courier order whose first registration's answer was lost: found by its number, not sent again
    const courier = (await place({ deliveryMethod: 'COURIER', address: 'ул. Пушкина, 5, кв. 1' })).createOrder.order;
    await markAssembled(Number(courier.id));
    await env.api.registerShipments();
    const first = await shipment(Number(courier.id));
    await env.database.db.execute(sql`UPDATE shipments SET state = 'pending', carrier_uuid = NULL, carrier_number = NULL, next_attempt_at = now() WHERE order_id = ${Number(courier.id)}`);
    await env.api.registerShipments();
    expect(await shipment(Number(courier.id))).toMatchObject({ state: 'registered', carrier_uuid: first?.carrier_uuid });
    expect([...fake.orders.values()].filter((o) => o.number === courier.ordernumber)).toHaveLength(1);
    expect([...fake.orders.values()].find((o) => o.number === courier.ordernumber)).toMatchObject({ tariff_code: 137, to_location: { code: 424, address: 'ул. Пушкина, 5, кв. 1' } });
  });

  it('counts СДЭК\'s working days from the first working day after handover when it gives no calendar days', async () => {
    fake.workingDaysOnly = true;
    try {
      const config = cdekConfig(fake);
      // Friday 4 December 2026, 10:00 in Moscow: handed over on Saturday, counted from Monday
      const friday = () => new Date('2026-12-04T07:00:00Z');
      const service = new DeliveryService(config, new CdekClient(config.cdek as NonNullable<DeliveryConfig['cdek']>), friday, () => {});
      const terms = Object.fromEntries((await service.options('Казань')).terms.map((t) => [t.method, t]));
      // the fake's 2–4 calendar days to a point are 1–3 working days: Tuesday to Thursday, never the Sunday
      expect(terms.CDEK_PICKUP).toMatchObject({ earliest: '2026-12-08', latest: '2026-12-10', minDays: 4, maxDays: 6, fromCarrier: true });
      // 2–5 to the door: 1–4 working days, Tuesday to Friday
      expect(terms.COURIER).toMatchObject({ earliest: '2026-12-08', latest: '2026-12-11', minDays: 4, maxDays: 7 });
      // the tariff was asked for the handover day
      expect(fake.requests.filter((r) => r.path === '/v2/calculator/tariff').at(-1)?.body).toMatchObject({ date: '2026-12-05T12:00:00+0300' });
      // СДЭК's calendar days, asked for the handover day, are taken as they are: 1–2 to a point in
      // Москва from Saturday is Sunday to Monday (its pickup points open at weekends; its working
      // days, 1–1, would say Tuesday)
      fake.workingDaysOnly = false;
      const calendar = new DeliveryService(config, new CdekClient(config.cdek as NonNullable<DeliveryConfig['cdek']>), friday, () => {});
      const pickup = (await calendar.options('Москва')).terms.find((t) => t.method === 'CDEK_PICKUP');
      expect(pickup).toMatchObject({ earliest: '2026-12-06', latest: '2026-12-07', minDays: 2, maxDays: 3 });
    } finally {
      fake.workingDaysOnly = false;
    }
  });

  it('asks for one token however many look-ups run at once', async () => {
    const before = fake.requests.filter((r) => r.path === '/v2/oauth/token').length;
    await Promise.all(['Москва', 'Санкт-Петербург', 'Нижний Новгород', 'Екатеринбург', 'Новосибирск'].map((city) => env.data(OPTIONS, { city })));
    expect(fake.requests.filter((r) => r.path === '/v2/oauth/token').length - before).toBeLessThanOrEqual(1);
  });
});

describe('delivery without a carrier API (DELIVERY_PROVIDER=manual)', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv('pglite');
  });
  afterAll(async () => env?.close());

  it('gives the estimates and takes a typed pickup address', async () => {
    const { deliveryOptions: o } = await env.data(OPTIONS, { city: 'Казань' });
    expect(o).toMatchObject({ city: null, pickupPoints: false, carrierDown: false });
    expect(o.terms.map((t: { minDays: number; maxDays: number }) => [t.minDays, t.maxDays])).toEqual([
      [3, 6],
      [4, 7],
      [6, 15],
    ]);
  });
});

describe('delivery settings', () => {
  it('refuses what would silently not work', () => {
    const load = (env: Record<string, string>) => () => loadDeliveryConfig(env, fail);
    expect(load({ DELIVERY_PROVIDER: 'boxberry' })).toThrow(/DELIVERY_PROVIDER/);
    expect(load({ CDEK_CLIENT_ID: 'abcd', CDEK_CLIENT_SECRET: 'efgh' })).toThrow(/DELIVERY_PROVIDER.*cdek/);
    expect(load({ DELIVERY_PROVIDER: 'cdek', CDEK_CLIENT_SECRET: 'efgh', CDEK_SHIPMENT_POINT: 'MSK1' })).toThrow(/CDEK_CLIENT_ID/);
    const full = { DELIVERY_PROVIDER: 'cdek', CDEK_CLIENT_ID: 'abcd', CDEK_CLIENT_SECRET: 'efghijk' };
    expect(load(full)).toThrow(/CDEK_SENDER_ADDRESS/);
    expect(load({ ...full, CDEK_SHIPMENT_POINT: 'MSK1', CDEK_API_URL: 'http://api.cdek.ru/v2' })).toThrow(/https/);
    expect(load({ DELIVERY_TERM_RUSSIAN_POST: '14-5' })).toThrow(/DELIVERY_TERM_RUSSIAN_POST/);
    expect(load({ ...full, CDEK_SENDER_ADDRESS: 'Москва, ул. Складская, 1' })().cdek).toMatchObject({ pickupTariff: 138, courierTariff: 139 });
    expect(load({ ...full, CDEK_SHIPMENT_POINT: 'MSK1' })().cdek).toMatchObject({ pickupTariff: 136, courierTariff: 137, apiUrl: 'https://api.cdek.ru/v2' });
    expect(load({ DELIVERY_TERM_RUSSIAN_POST: '7' })().estimates.RUSSIAN_POST).toEqual({ min: 7, max: 7 });
  });
});

describe('city and address suggestions (fake DaData)', () => {
  let fake: FakeDadata;
  let env: TestEnv;
  const SUGGEST = 'query S($kind: AddressKind!, $q: String!, $city: String) { addressSuggestions(kind: $kind, query: $q, city: $city) { value detail } }';
  beforeAll(async () => {
    fake = await startFakeDadata();
    const delivery = loadDeliveryConfig({ DADATA_API_KEY: fake.token, DADATA_API_URL: fake.url, DADATA_TIMEOUT_MS: '300' }, fail);
    env = await createTestEnv('pglite', { delivery, deliveryRateLimit: 100_000 });
  });
  afterAll(async () => {
    await env?.close();
    await fake?.close();
  });

  it('suggests Russian cities, then streets within the chosen city, with the key in the header', async () => {
    expect((await env.data(SUGGEST, { kind: 'CITY', q: 'каз' })).addressSuggestions).toEqual([
      { value: 'Казань', detail: 'Татарстан респ.' },
      { value: 'Казанское', detail: 'Тюменская обл.' },
    ]);
    expect((await env.data(SUGGEST, { kind: 'ADDRESS', q: 'баум', city: 'Казань' })).addressSuggestions).toEqual([{ value: 'ул. Баумана, 44', detail: 'Казань' }]);
    const sent = fake.requests.at(-1)?.body as { locations: unknown[]; restrict_value: boolean };
    expect(sent).toMatchObject({ locations: [{ country_iso_code: 'RU', city: 'Казань' }], restrict_value: true });
    // one letter asks nothing
    const before = fake.requests.length;
    expect((await env.data(SUGGEST, { kind: 'CITY', q: 'к' })).addressSuggestions).toEqual([]);
    expect(fake.requests.length).toBe(before);
  });

  it('answers nothing, quickly, when DaData fails or is slow: the fields stay plain text', async () => {
    fake.failNext(1, 503);
    expect((await env.data(SUGGEST, { kind: 'CITY', q: 'новос' })).addressSuggestions).toEqual([]);
    fake.delayNext(1, 2000);
    const started = Date.now();
    expect((await env.data(SUGGEST, { kind: 'CITY', q: 'екат' })).addressSuggestions).toEqual([]);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('is off without a key', async () => {
    const off = await createTestEnv('pglite', { deliveryRateLimit: 100_000 });
    try {
      expect((await off.data(SUGGEST, { kind: 'CITY', q: 'каз' })).addressSuggestions).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
