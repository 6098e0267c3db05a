// Guards who the API thinks is asking, and the per-client budgets built on it: X-Forwarded-For moves nobody unless it comes from a trusted
// proxy; an IPv6 /64 is one client; order look-ups (each alias), wrong ops tokens and sandbox
// payment attempts run out. `peer` below is the socket address the API sees.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/database.ts';
import { clientIp, normalizeIp, rateLimitKey, TrustedProxies } from '@shop/server-kit';
import type { IncomingMessage } from 'node:http';
import { describeDrivers } from './test-env.ts';

const CREATE = `mutation($input: CreateOrderInput!) { createOrder(input: $input) { success errors { code } order { id ordernumber accessKey } } }`;
const orderData = {
  fullName: 'Соколова Ольга Петровна',
  phone: '+7 926 555-44-33',
  email: 'olga@example.ru',
  city: 'Тверь',
  address: 'ул. Советская, д. 5',
  deliveryMethod: 'COURIER',
  personalDataConsent: true,
  consentVersion: '2025-09-01',
};
const OPS_TOKEN = 'ops-token-for-tests-0123456789abcdef';

describe('clientIp and rateLimitKey', () => {
  const proxies = new TrustedProxies(['127.0.0.1/8', '::1', '10.20.0.0/16']);
  const ip = (peer: string, xff?: string) =>
    clientIp(new Request('http://api/', { headers: xff === undefined ? {} : { 'x-forwarded-for': xff } }), { socket: { remoteAddress: peer } } as IncomingMessage, proxies);

  it('believes X-Forwarded-For only from a trusted peer, taking the right-most hop that is not a proxy', () => {
    expect(ip('198.51.100.7', '203.0.113.1')).toBe('198.51.100.7');
    expect(ip('2001:db8::5', '127.0.0.1')).toBe('2001:db8::5');
    expect(ip('127.0.0.1', '6.6.6.6, 203.0.113.50')).toBe('203.0.113.50');
    expect(ip('::ffff:127.0.0.1', '203.0.113.50, 10.20.3.4, 127.0.0.2')).toBe('203.0.113.50');
    expect(ip('::1', '2001:db8:aa::1')).toBe('2001:db8:aa::1');
    // not an IP: the walk stops at the last proven address
    expect(ip('127.0.0.1', '203.0.113.9, <script>3</script>')).toBe('127.0.0.1');
    expect(ip('127.0.0.1', '203.0.113.9:4431')).toBe('127.0.0.1');
    expect(ip('10.20.0.9', 'unknown, 10.20.0.1')).toBe('10.20.0.1');
    expect(ip('127.0.0.1')).toBe('127.0.0.1');
    expect(ip('::ffff:198.51.100.7', '1.1.1.1')).toBe('198.51.100.7');
    // a client's 12 KB of its own entries changes nothing: the proxy's entry is the right-most
    const padding = Array.from({ length: 1500 }, (_, i) => `10.1.${i % 250}.7`).join(', ');
    expect(ip('127.0.0.1', `${padding}, 203.0.113.60`)).toBe('203.0.113.60');
    expect(ip('127.0.0.1', `${padding}, 127.0.0.1, 127.0.0.1, 10.20.0.2`)).toBe('10.1.249.7');
    expect(ip('127.0.0.1', ', ,')).toBe('127.0.0.1');
  });

  it('counts IPv6 per /64 and IPv4-mapped IPv6 as IPv4', () => {
    expect(rateLimitKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(rateLimitKey('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(rateLimitKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(rateLimitKey('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(rateLimitKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(rateLimitKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(rateLimitKey('203.0.113.5')).toBe('203.0.113.5');
    expect(normalizeIp(' ::FFFF:10.0.0.1 ')).toBe('10.0.0.1');
  });
});

describeDrivers(
  'client identity and per-client budgets',
  (env) => {
    let offerId = '';
    beforeAll(async () => {
      const d = await env().data(`{ products(limit: 30) { items { offers { id stock } } } }`);
      offerId = d.products.items.flatMap((p: { offers: { id: string; stock: number }[] }) => p.offers).find((o: { stock: number }) => o.stock > 5).id;
      // every stored order takes a unit off free stock: these tests are about budgets, not stock
      await env().database.db.execute(sql`UPDATE offers SET stock = 1000 WHERE id = ${Number(offerId)}`);
    });
    const gql = async (peer: string, query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
      const res = await env().request(
        '/api/graphql',
        { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query, variables }) },
        peer,
      );
      return { status: res.status, ...((await res.json()) as { data?: any; errors?: { message: string; extensions?: Record<string, unknown> }[] }) };
    };
    const order = (peer: string, xff?: string) =>
      gql(peer, CREATE, { input: { idempotencyKey: randomUUID(), orderData, items: [{ offerId, quantity: 1 }] } }, xff === undefined ? {} : { 'x-forwarded-for': xff });
    const consentIps = async (ids: string[]) =>
      (await rows<{ ip: string }>(env().database.db, sql`SELECT client_ip AS ip FROM order_consents WHERE order_id = ANY(${sql.param(ids.map(Number))}::int[]) ORDER BY order_id`)).map((r) => r.ip);

    it('a client reaching the API directly cannot move its identity with X-Forwarded-For', async () => {
      const peer = '198.51.100.7';
      const spoofs = ['203.0.113.1', '127.0.0.1', '10.0.0.1, 203.0.113.2', '<script>3</script>', '2001:db8::1', 'unknown'];
      const results = [];
      for (const xff of spoofs) results.push(await order(peer, xff));
      const served = results.filter((r) => r.data?.createOrder?.success);
      // the budget of one client (3), whatever the header said; the rest are limited
      expect(served).toHaveLength(3);
      for (const r of results.slice(3)) expect(r.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
      // the 152-ФЗ consent record holds the proven address, never the header's text
      expect(await consentIps(served.map((r) => r.data.createOrder.order.id))).toEqual([peer, peer, peer]);
      // the same client over IPv4-mapped IPv6 is the same client
      expect((await order(`::ffff:${peer}`, '192.0.2.200')).errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
      // another direct client is its own budget
      expect((await order('198.51.100.8', '198.51.100.7')).data?.createOrder?.success).toBe(true);
    });

    it('through a trusted proxy (the host on loopback) the right-most hop it did not add is the client', async () => {
      const a = await order('127.0.0.1', '6.6.6.6, 203.0.113.50');
      const b = await order('::ffff:127.0.0.1', '203.0.113.51, 127.0.0.1');
      const c = await order('::1', '2001:db8:77::5');
      const ids = [a, b, c].map((r) => r.data.createOrder.order.id);
      expect(await consentIps(ids)).toEqual(['203.0.113.50', '203.0.113.51', '2001:db8:77::5']);
      // a forged left-hand entry does not dodge the limit of the real client behind the proxy
      await order('127.0.0.1', '203.0.113.50');
      await order('127.0.0.1', '203.0.113.50');
      expect((await order('127.0.0.1', '192.0.2.1, 203.0.113.50')).errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    });

    it('rotating addresses inside one IPv6 /64 does not reset the budget; another /64 is another client', async () => {
      const inside = ['2001:db8:4:5::1', '2001:db8:4:5::2', '2001:db8:4:5:ffff:ffff:ffff:fffe', '2001:db8:4:5:1234::9', '2001:0db8:0004:0005::77'];
      const results = [];
      for (const peer of inside) results.push(await order(peer));
      expect(results.map((r) => (r.data?.createOrder?.success ? 'ok' : r.errors?.[0]?.extensions?.code))).toEqual([
        'ok',
        'ok',
        'ok',
        'RATE_LIMITED',
        'RATE_LIMITED',
      ]);
      expect((await order('2001:db8:4:6::1')).data?.createOrder?.success).toBe(true);
      // the consent record keeps the full address, not the /64
      expect(await consentIps([results[2]?.data.createOrder.order.id])).toEqual(['2001:db8:4:5:ffff:ffff:ffff:fffe']);
    });

    it('order look-ups are budgeted per client, every alias counting; order pages reveal nothing without the key', async () => {
      const peer = '192.0.2.44';
      const placed = (await order('192.0.2.45')).data.createOrder.order;
      // two requests of 12 aliased guesses each: 24 look-ups against a budget of 20, so the
      // first request runs whole and the second has its last 4 aliases RATE_LIMITED
      const aliases = Array.from({ length: 12 }, (_, i) => `o${i}: order(number: "SH-${'ABCDEFGHJK'[i % 10]}2345", key: "guess-${i}") { id }`).join('\n');
      const first = await gql(peer, `{ ${aliases} }`);
      expect(first.errors).toBeUndefined();
      const burst = await gql(peer, `{ ${aliases} }`);
      expect(burst.status).toBeLessThan(500);
      expect(burst.errors?.map((e) => e.extensions?.code)).toEqual(Array(4).fill('RATE_LIMITED'));
      expect(burst.errors?.[0]?.message).toMatch(/Слишком много запросов/);
      expect(Object.values(burst.data ?? {}).filter((v) => v === null)).toHaveLength(12);
      // the budget is spent: the right key does not help, nor does paymentInfo or a forged header
      const q = `query($n: String!, $k: String!) { order(number: $n, key: $k) { id } }`;
      expect((await gql(peer, q, { n: placed.ordernumber, k: placed.accessKey })).errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });
      expect((await gql(peer, `{ paymentInfo(id: "${placed.id}", key: "x") { id } }`, {}, { 'x-forwarded-for': '203.0.113.99' })).errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
      // another client is served
      expect((await gql('192.0.2.46', q, { n: placed.ordernumber, k: placed.accessKey })).data.order.id).toBe(placed.id);
      // /order/<number> answers alike for an existing and a made-up order: no existence oracle
      const pages = await gql(peer, `{ a: resolvePage(path: "/order/${placed.ordernumber}") { type id status } b: resolvePage(path: "/order/SH-ZZZZZ") { type id status } }`);
      expect(pages.data).toEqual({ a: { type: 'ORDER', id: placed.ordernumber, status: 404 }, b: { type: 'ORDER', id: 'SH-ZZZZZ', status: 404 } });
    });

    it("throttles a client's wrong ops tokens (429 + Retry-After), never the right token from the same address", async () => {
      const ops = (peer: string, token: string, xff?: string) =>
        env().request('/api/ops/registry', { headers: { authorization: `Bearer ${token}`, ...(xff ? { 'x-forwarded-for': xff } : {}) } }, peer);
      const peer = '198.51.100.30';
      for (const guess of ['wrong', `${OPS_TOKEN}x`, OPS_TOKEN.slice(0, -1)]) expect((await ops(peer, guess)).status).toBe(401);
      const throttled = await ops(peer, 'another guess');
      expect(throttled.status).toBe(429);
      expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(800);
      expect(await throttled.json()).toMatchObject({ errors: [{ message: expect.stringMatching(/Слишком много попыток/), extensions: { code: 'TOO_MANY_FAILURES' } }] });
      // the right token from the same address still works, and does not lift the throttle
      expect((await ops(peer, OPS_TOKEN)).status).toBe(200);
      expect((await ops(peer, 'wrong')).status).toBe(429);
      // a forged X-Forwarded-For from the same peer is the same client
      expect((await ops(peer, 'wrong', '203.0.113.77')).status).toBe(429);
      // through the host, each real client has its own count
      for (let i = 0; i < 3; i++) await ops('127.0.0.1', 'nope', '203.0.113.31');
      expect((await ops('127.0.0.1', 'nope', '203.0.113.31')).status).toBe(429);
      expect((await ops('127.0.0.1', 'nope', '203.0.113.32')).status).toBe(401);
      expect((await ops('127.0.0.1', OPS_TOKEN, '203.0.113.31')).status).toBe(200);
    });

    it('throttles sandbox payment attempts per client', async () => {
      const placed = (await order('192.0.2.60')).data.createOrder.order;
      const peer = '198.51.100.40';
      const statuses = [];
      for (let i = 0; i < 7; i++) statuses.push((await env().request(`/api/sandbox/pay/${placed.id}?key=guess${i}`, {}, peer)).status);
      expect(statuses).toEqual([404, 404, 404, 404, 404, 429, 429]);
      const limited = await env().request(`/api/sandbox/pay/${placed.id}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `key=${placed.accessKey}` }, peer);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await limited.text()).toContain('Слишком много попыток');
      // not paid by the locked-out client; the shopper (another client) still pays
      const paid = await env().request(
        `/api/sandbox/pay/${placed.id}`,
        { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `key=${placed.accessKey}`, redirect: 'manual' },
        '192.0.2.60',
      );
      expect(paid.status).toBe(303);
    });
  },
  { orderRateLimit: 3, orderLookupRateLimit: 20, sandboxRateLimit: 5, opsTokenFailureLimit: 3, opsToken: OPS_TOKEN },
);
