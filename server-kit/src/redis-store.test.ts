// Guards the limits shared through Redis: two processes (two clients here) counting one limit
// allow it once between them, a lockout seen by one is seen by the other, and while Redis does not
// answer each falls back to counting in its own memory rather than failing or letting all through.
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
// @ts-expect-error plain ESM script shared with the tests' setups
import { startRedis } from '../../scripts/redis.mjs';
import { createRateLimit, redisStore } from './rate-limit.ts';
import { connectRedis } from './redis.ts';

let redis: { url: string; stop(): Promise<void> };
const clients: Redis[] = [];
const warnings: string[] = [];

async function replica(limit: number, name = 'orders') {
  const said: string[] = [];
  const client = await connectRedis(redis.url, (line) => {
    said.push(line);
    warnings.push(line);
  });
  clients.push(client);
  return { client, said, limit: createRateLimit({ name, limit, store: redisStore(client, 'test') }) };
}

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await redis.stop();
});

it('two replicas count one limit: together they allow it once', async () => {
  // (and a client closed on purpose, as at shutdown, reports nothing)
  const closed = await replica(1);
  closed.client.disconnect();
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(warnings).toEqual([]);

  const [a, b] = await Promise.all([replica(5), replica(5)]);
  expect([a.client.status, b.client.status]).toEqual(['ready', 'ready']);
  const answers: number[] = [];
  for (let i = 0; i < 6; i++) answers.push(await (i % 2 ? b : a).limit.hit('10.0.0.1'));
  expect(answers.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
  expect(answers[5]).toBeGreaterThan(0);
  expect(await a.limit.hit('10.0.0.2')).toBe(0);
  // a lockout counted by one replica holds on the other
  expect(await b.limit.blockedFor('10.0.0.1')).toBeGreaterThan(0);
  expect(await b.limit.blockedFor('10.0.0.2')).toBe(0);
});

it('while Redis does not answer, each replica counts in its own memory and says so once', async () => {
  const a = await replica(2, 'lookups');
  await redis.stop();
  await new Promise<void>((resolve) => (a.client.status === 'ready' ? a.client.once('close', () => resolve()) : resolve()));
  const answers = [await a.limit.hit('10.0.0.3'), await a.limit.hit('10.0.0.3'), await a.limit.hit('10.0.0.3')];
  expect(answers.slice(0, 2)).toEqual([0, 0]);
  expect(answers[2]).toBeGreaterThan(0);
  await vi.waitFor(() => expect(a.said.filter((w) => w.includes('does not answer'))).toHaveLength(1), { timeout: 5000 });
  // reconnect attempts go on, but it said so once
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(a.said).toHaveLength(1);
});
