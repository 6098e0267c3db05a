// With REDIS_URL a host server reads the registry again the moment the release service announces
// a change, however long its cache time; without an announcement it keeps its cached registry.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REGISTRY_CHANGED_CHANNEL } from '@shop/contracts/release-plane';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
// @ts-expect-error plain ESM script shared with the tests' setups
import { startRedis } from '../../scripts/redis.mjs';
import { redisAnnouncements } from './announcements.ts';
import { apiRegistry } from './registry.ts';

let redis: { url: string; stop(): Promise<void> };
let server: Server;
let base = '';
let active = '1.0.0-a';
const registryAnswer = () => ({ remotes: { mf_cart: { active: { version: active, manifestUrl: `http://cdn.test/mf_cart/${active}/mf-manifest.json` }, canary: null } } });

beforeAll(async () => {
  redis = await startRedis();
  server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(registryAnswer())));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await redis.stop();
});

it('every host replica reads a switched registry within a second of the announcement, its cache time notwithstanding', async () => {
  const replicas = [redisAnnouncements(redis.url, () => {}), redisAnnouncements(redis.url, () => {})];
  const sources = replicas.map((announcements) => apiRegistry(base, 60_000, (onChange) => announcements.on(REGISTRY_CHANGED_CHANNEL, onChange)));
  const publisher = new Redis(redis.url);
  try {
    // both subscriptions in place (a subscription that comes up counts as a change)
    await expect.poll(async () => (await publisher.pubsub('NUMSUB', REGISTRY_CHANGED_CHANNEL))[1], { timeout: 2000 }).toBe(2);
    for (const read of sources) expect((await read()).mf_cart?.active.version).toBe('1.0.0-a');
    active = '1.1.0-b';
    // not announced: the cache holds
    for (const read of sources) expect((await read()).mf_cart?.active.version).toBe('1.0.0-a');
    const announced = Date.now();
    await publisher.publish(REGISTRY_CHANGED_CHANNEL, 'mf_cart');
    for (const read of sources) {
      await expect.poll(async () => (await read()).mf_cart?.active.version, { timeout: 1000, interval: 20 }).toBe('1.1.0-b');
    }
    expect(Date.now() - announced).toBeLessThan(1000);
  } finally {
    publisher.disconnect();
    for (const replica of replicas) replica.close();
  }
});
