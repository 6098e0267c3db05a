// Guards that every API replica on one PostgreSQL hears a catalogue change as it commits: the last
// unit of a product sold through replica A shows sold out through replica B within a second, with
// B's polling off, from B's cached answer (an import bumps the same version, announced the same
// way); a listening connection that is cut is opened again and says a change may have been missed.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { sql } from 'drizzle-orm';
import { CATALOG_VERSION } from '@shop/contracts/pages';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { rows } from '../src/db/database.ts';
import { listenForCatalogChanges } from '../src/catalog/catalog-changes.ts';
import { testConfig } from '../src/config.ts';
import { type Api, createApi } from '../src/http/app.ts';
import { createTestEnv, type TestEnv } from './test-env.ts';

const ORDER_DATA = { fullName: 'Соколова Ольга', phone: '+7 926 555-44-33', email: 'olga@example.ru', city: 'Тверь', address: 'ул. Советская, 5', deliveryMethod: 'COURIER', personalDataConsent: true, consentVersion: '2025-09-01' };
const LISTING = '{ products(limit: 100) { items { id inStock offers { id stock } } } }';
let env: TestEnv;
let a: Api;
let b: Api;

beforeAll(async () => {
  env = await createTestEnv('postgres');
  const replica = () =>
    createApi({ db: env.database.db, config: testConfig({ shopPublicUrl: 'https://shop.test', databaseUrl: env.databaseUrl }), catalogPollMs: 0, logging: false });
  [a, b] = await Promise.all([replica(), replica()]);
});
afterAll(async () => {
  a?.close();
  b?.close();
  await env?.close();
});

async function gql(api: Api, query: string, variables: Record<string, unknown> = {}) {
  const res = await api.fetch('http://localhost/api/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) }, {
    req: { socket: { remoteAddress: '198.51.100.70' } } as IncomingMessage,
  });
  return (await res.json()) as { data: any; errors?: unknown[] };
}
type Item = { id: string; inStock: boolean; offers: { id: string; stock: number }[] };
const itemOf = async (api: Api, id: string): Promise<Item> => (await gql(api, LISTING)).data.products.items.find((p: Item) => p.id === id);

/** Waits up to `ms` for `check` to hold, asking every 25 ms; the time it took, or null. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started <= ms) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return null;
}

it('the last unit sold through replica A shows sold out through replica B within a second', async () => {
  const items: Item[] = (await gql(b, LISTING)).data.products.items;
  const product = items.find((p) => p.inStock && p.offers.length > 0) as Item;
  const [last, ...rest] = product.offers;
  // one unit left of one size, the others sold out, before either replica caches anything
  await env.database.db.execute(sql`UPDATE offers SET stock = 0 WHERE id = ANY(${sql.param(rest.map((o) => Number(o.id)))}::int[])`);
  await env.database.db.execute(sql`UPDATE offers SET stock = 1 WHERE id = ${Number(last?.id)}`);
  await env.database.db.execute(sql`UPDATE catalog_meta SET version = version + 1`);
  expect(await within(1000, async () => (await itemOf(b, product.id)).inStock)).not.toBeNull();
  // B now answers from its cache; the order goes through A
  const placed = await gql(a, 'mutation($input: CreateOrderInput!) { createOrder(input: $input) { success } }', {
    input: { idempotencyKey: randomUUID(), orderData: ORDER_DATA, items: [{ offerId: last?.id, quantity: 1 }] },
  });
  expect(placed.data.createOrder.success).toBe(true);
  const took = await within(1000, async () => !(await itemOf(b, product.id)).inStock);
  expect(took, 'B still shows the product in stock after 1 s').not.toBeNull();
});

it('a listening connection that is cut comes back, and then hears changes again', async () => {
  let heard = 0;
  const warnings: string[] = [];
  const changes = await listenForCatalogChanges(env.databaseUrl as string, () => heard++, (line) => warnings.push(line));
  try {
    await env.database.db.execute(sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN catalog_changed' AND datname = current_database()`);
    // back within its first retry (1 s), it reports the gap as a change
    expect(await within(3000, async () => heard >= 1)).not.toBeNull();
    expect(warnings.join('\n')).toMatch(/opening it again/);
    const before = heard;
    await env.database.db.execute(sql`UPDATE catalog_meta SET version = version + 1`);
    expect(await within(1000, async () => heard > before)).not.toBeNull();
  } finally {
    await changes.close();
  }
});

describe('the catalogue version the host’s page cache keys pages by', () => {
  const versionOf = async (api: Api, headers: Record<string, string> = {}) =>
    ((await (await api.fetch(`http://localhost${CATALOG_VERSION.path}`, { headers })).json()) as { version: number }).version;

  it('is answered, and a caller that names a newer one makes a replica that has not heard of it read its own first', async () => {
    // a replica that neither listens nor polls: it learns of another's change only when asked so
    const deaf = await createApi({ db: env.database.db, config: testConfig({ shopPublicUrl: 'https://shop.test' }), catalogPollMs: 0, logging: false });
    try {
      const before = await versionOf(deaf);
      await env.database.db.execute(sql`UPDATE catalog_meta SET version = version + 1`);
      expect(await versionOf(deaf)).toBe(before);
      expect(await versionOf(deaf, { [CATALOG_VERSION.header]: String(before + 1) })).toBe(before + 1);
      // every GraphQL answer says the version it came from
      const answer = await deaf.fetch('http://localhost/api/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ __typename }' }) });
      expect(answer.headers.get(CATALOG_VERSION.header)).toBe(String(before + 1));
      // a made-up version far ahead only costs one read: the replica keeps the database's
      expect(await versionOf(deaf, { [CATALOG_VERSION.header]: '999999999' })).toBe(before + 1);
    } finally {
      deaf.close();
    }
  });

  it('with Redis, every replica that reads a new version announces it at once', async () => {
    const announcer = await createApi({
      db: env.database.db,
      config: testConfig({ shopPublicUrl: 'https://shop.test', databaseUrl: env.databaseUrl, redisUrl: inject('redisUrl') }),
      catalogPollMs: 0,
      logging: false,
    });
    const listener = new Redis(inject('redisUrl'));
    const heard: string[] = [];
    try {
      listener.on('message', (_channel: string, message: string) => heard.push(message));
      await listener.subscribe(CATALOG_VERSION.channel);
      await env.database.db.execute(sql`UPDATE catalog_meta SET version = version + 1`);
      const [row] = await rows<{ version: number }>(env.database.db, sql`SELECT version FROM catalog_meta WHERE id = 1`);
      expect(await within(1000, async () => heard.includes(String(row?.version)))).not.toBeNull();
    } finally {
      listener.disconnect();
      announcer.close();
    }
  });
});
