// Guards the limits replicas share through Redis (REDIS_URL): two API processes on one database
// (two createApi here, each with its own Redis connection) allow a client the same number of orders
// as one does, and wrong tokens counted by one are throttled on the other.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type Api, createApi } from '../src/http/app.ts';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { testConfig } from '../src/config.ts';
import { createTestEnv, type TestEnv } from './test-env.ts';

const CREATE = 'mutation($input: CreateOrderInput!) { createOrder(input: $input) { success errors { code } } }';
const ORDER_DATA = { fullName: 'Соколова Ольга', phone: '+7 926 555-44-33', email: 'olga@example.ru', city: 'Тверь', address: 'ул. Советская, 5', deliveryMethod: 'COURIER', personalDataConsent: true, consentVersion: '2025-09-01' };
const OPS_TOKEN = 'ops-token-for-tests-0123456789abcdef';
const LIMITS = { orderRateLimit: 4, opsTokenFailureLimit: 3, opsToken: OPS_TOKEN };
let env: TestEnv;
let replicaB: Api;

beforeAll(async () => {
  env = await createTestEnv('pglite', { ...LIMITS, redisUrl: inject('redisUrl') });
  replicaB = await createApi({ db: env.database.db, config: testConfig({ shopPublicUrl: 'https://shop.test', ...LIMITS, redisUrl: inject('redisUrl') }), catalogPollMs: 0, logging: false });
});
afterAll(async () => {
  replicaB?.close();
  await env?.close();
});

// a peer of its own per run: the Redis of the test run outlives one file
const peer = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
const send = (api: Api, path: string, init: RequestInit, from: string) =>
  api.fetch(`http://localhost${path}`, init, { req: { socket: { remoteAddress: from } } as IncomingMessage });
async function order(api: Api, from: string): Promise<string> {
  const res = await send(api, '/api/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: CREATE, variables: { input: { idempotencyKey: randomUUID(), orderData: ORDER_DATA, items: [] } } }),
  }, from);
  const body = (await res.json()) as { data?: { createOrder?: { errors?: { code: string }[] } }; errors?: { extensions?: { code?: string } }[] };
  // an empty cart is refused after the limit has counted it
  return body.errors?.[0]?.extensions?.code ?? body.data?.createOrder?.errors?.[0]?.code ?? 'no answer';
}

it('the order limit allows a client the same total through one replica or two', async () => {
  const one = peer();
  const throughOne = [];
  for (let i = 0; i < 6; i++) throughOne.push(await order(env.api, one));
  const two = `${one}0`.replace(/\.(\d+)0$/, (_, n) => `.${(Number(n) % 250) + 1}`);
  const throughTwo = [];
  for (let i = 0; i < 6; i++) throughTwo.push(await order(i % 2 ? replicaB : env.api, two));
  expect(throughOne.filter((code) => code === 'RATE_LIMITED')).toHaveLength(2);
  expect(throughTwo.filter((code) => code === 'RATE_LIMITED')).toHaveLength(2);
  expect(throughTwo.slice(4)).toEqual(['RATE_LIMITED', 'RATE_LIMITED']);
});

it('wrong tokens counted by one replica are throttled on the other; the right token still passes', async () => {
  const from = peer();
  const ops = (api: Api, token: string) =>
    send(api, '/api/ops/operations', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' }, from);
  for (const guess of ['wrong', 'wrong again', 'still wrong']) expect((await ops(env.api, guess)).status).toBe(401);
  const throttled = await ops(replicaB, 'one more guess');
  expect(throttled.status).toBe(429);
  expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(800);
  // past the token check: the empty body is what it refuses
  expect((await ops(replicaB, OPS_TOKEN)).status).toBe(400);
});
