// Guards createOrder during a database outage: the shopper gets a coded error with a clear
// Russian message (not a masked «Unexpected error.»), nothing half-stored, and once the database
// is back the same idempotency key places exactly one order. PostgreSQL goes out of reach
// through a TCP proxy that drops every connection and refuses new ones; PGlite's queries fail
// the way a closed instance's do.
import { randomUUID } from 'node:crypto';
import { createServer, type Server, type Socket, connect } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, rows } from '../src/db/database.ts';
import { createTestEnv, DRIVERS, type Driver, type GqlResponse, type TestEnv } from './test-env.ts';

const CREATE = `mutation($input: CreateOrderInput!) { createOrder(input: $input) { success errors { code } order { id ordernumber totalPrice } } }`;
const orderData = {
  fullName: 'Смирнова Ольга Петровна',
  phone: '+7 (921) 555-44-33',
  email: 'olga@example.ru',
  city: 'Санкт-Петербург',
  address: 'Невский пр., д. 10, кв. 5',
  deliveryMethod: 'COURIER',
  personalDataConsent: true,
  consentVersion: '2025-09-01',
};

/** A TCP proxy to PostgreSQL whose link can be cut (every connection dropped, new ones refused) and restored. */
class CuttableProxy {
  private server: Server | null = null;
  private sockets = new Set<Socket>();
  port = 0;
  target = { host: '127.0.0.1', port: 0 };

  async up() {
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  async down() {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    await new Promise((resolve) => server?.close(resolve));
  }
}

describe.each(DRIVERS)('createOrder during a database outage [%s]', (driver: Driver) => {
  let env: TestEnv;
  let proxy: CuttableProxy | null = null;
  let outage: { start(): Promise<void>; end(): Promise<void> };

  beforeAll(async () => {
    if (driver === 'postgres') {
      const p = new CuttableProxy();
      await p.up();
      proxy = p;
      env = await createTestEnv(driver, { orderRateLimit: 1000 }, (url) => {
        const u = new URL(url);
        p.target = { host: u.hostname, port: Number(u.port) };
        u.hostname = '127.0.0.1';
        u.port = String(p.port);
        return u.toString();
      });
      outage = { start: () => p.down(), end: () => p.up() };
    } else {
      env = await createTestEnv(driver, { orderRateLimit: 1000 });
      const pglite = env.database.pglite as unknown as Record<string, unknown>;
      const closed = async () => {
        throw new Error('PGlite is closed');
      };
      outage = {
        async start() {
          for (const m of ['query', 'exec', 'transaction']) pglite[m] = closed;
        },
        async end() {
          for (const m of ['query', 'exec', 'transaction']) delete pglite[m];
        },
      };
    }
  });
  afterAll(async () => {
    await env?.close();
    await proxy?.down();
  });

  it('answers SERVICE_UNAVAILABLE in Russian while the database is out of reach; the retry with the same key places exactly one order', async () => {
    const d = await env.data(`{ products(limit: 20) { items { offers { id stock } } } }`);
    const offer = d.products.items.flatMap((p: { offers: { id: string; stock: number }[] }) => p.offers).find((o: { stock: number }) => o.stock > 0);
    const input = { idempotencyKey: randomUUID(), orderData, items: [{ offerId: offer.id, quantity: 1 }] };

    await outage.start();
    let during: GqlResponse<{ createOrder: unknown } | null>;
    try {
      during = await env.gql<{ createOrder: unknown } | null>(CREATE, { input });
    } finally {
      await outage.end();
    }
    expect(during.status).toBeLessThan(500);
    expect(during.data?.createOrder ?? null).toBeNull();
    expect(during.errors?.[0]?.extensions).toMatchObject({ code: 'SERVICE_UNAVAILABLE', retryAfter: 60 });
    expect(during.errors?.[0]?.message).toBe('Сервис временно недоступен, попробуйте ещё раз через минуту');

    // back online: the client retries with the same key
    const retry = await env.gql(CREATE, { input });
    expect(retry.errors).toBeUndefined();
    expect(retry.data.createOrder.success).toBe(true);
    const again = await env.gql(CREATE, { input });
    expect(again.data.createOrder.order.ordernumber).toBe(retry.data.createOrder.order.ordernumber);
    const [stored] = await rows<{ n: number }>(env.database.db, sql`SELECT count(*)::int AS n FROM orders WHERE idempotency_key = ${input.idempotencyKey}`);
    expect(stored?.n).toBe(1);
  });

  it('still masks errors that are not an outage', async () => {
    expect(isDatabaseUnavailable(new Error('duplicate key value violates unique constraint'))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }) }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
  });
});
