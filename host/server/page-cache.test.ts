// The host's page cache: what it keeps, for whom, how long, and what makes it render again.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script shared with the tests' setups
import { startRedis } from '../../scripts/redis.mjs';
import { type Answer, createPageCache, memoryPageStore, normalisedQuery, type PageStore, redisPageStore, storedBody } from './page-cache.ts';

const home = '<!doctype html><html lang="ru"><title>Главная</title><p>Кроссовки Nike Air Max 90 — 12 990 ₽</p></html>';
const releases = { mf_catalog: 'http://cdn/mf_catalog/1.0.0-a/mf-manifest.json', mf_cart: 'http://cdn/mf_cart/1.0.0-a/mf-manifest.json' };

function setup(store: PageStore = memoryPageStore(1024 * 1024)) {
  const clock = { now: 1_000_000, version: 7 as number | null };
  const renders: string[] = [];
  const cache = createPageCache({ store, freshMs: 60_000, staleMs: 600_000, version: () => clock.version, build: 'b1', now: () => clock.now });
  const render =
    (body = home, extra: Partial<Answer> = {}) =>
    async (): Promise<Answer> => {
      renders.push(body);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', 'server-timing': 'render;dur=120' };
      return { status: 200, headers, body, cacheable: true, ...extra };
    };
  return { cache, clock, renders, render };
}

async function html(page: Parameters<typeof storedBody>[0], accept = 'gzip, deflate, br') {
  return (await storedBody(page, accept)).body;
}

describe('a page for anyone', () => {
  it('is rendered once for shoppers who ask at the same time, then served as stored', async () => {
    const { cache, renders, render } = setup();
    const key = cache.keyOf('/', '', releases) as string;
    const first = await Promise.all(Array.from({ length: 20 }, () => cache.miss(key, false, render())));
    expect(renders).toHaveLength(1);
    expect(first.every((result) => result.page !== null)).toBe(true);
    const found = await cache.lookup(key);
    expect(found?.fresh).toBe(true);
    const plain = await storedBody(found!.page, undefined);
    expect([plain.encoding, plain.body.toString()]).toEqual([null, home]);
    expect((await storedBody(found!.page, 'gzip, deflate, br')).encoding).toBe('br');
    expect((await storedBody(found!.page, 'br;q=0, gzip')).encoding).toBe('gzip');
    expect((await html(found!.page)).length).toBeLessThan(home.length * 2);
    // a stored page does not claim the first render's timings
    expect(Object.keys(found!.page.headers)).not.toContain('server-timing');
  });

  it('is another page after a catalogue change, a release switch, for another query spelling or another path', async () => {
    const { cache, clock } = setup();
    const key = cache.keyOf('/catalog/obuv', '?brand=nike', releases);
    expect(cache.keyOf('/catalog/obuv', '?brand=nike', { ...releases })).toBe(key);
    // one spelling per query
    expect(cache.keyOf('/search', '?q=air+max', releases)).toBe(cache.keyOf('/search', '?q=air%20max', releases));
    expect(cache.keyOf('/catalog/obuv', '?brand=nike&', releases)).toBe(key);
    expect(cache.keyOf('/catalog/obuv', '?brand=adidas', releases)).not.toBe(key);
    expect(cache.keyOf('/catalog/odezhda', '?brand=nike', releases)).not.toBe(key);
    // a canary visitor's set of releases
    expect(cache.keyOf('/catalog/obuv', '?brand=nike', { ...releases, mf_catalog: 'http://cdn/mf_catalog/1.1.0-b/mf-manifest.json' })).not.toBe(key);
    clock.version = 8;
    expect(cache.keyOf('/catalog/obuv', '?brand=nike', releases)).not.toBe(key);
    // the API has not told the version yet: nothing can be keyed
    clock.version = null;
    expect(cache.keyOf('/catalog/obuv', '?brand=nike', releases)).toBeNull();
  });

  it('is served stale once it is older than its fresh time, while one render replaces it', async () => {
    const { cache, clock, renders, render } = setup();
    const key = cache.keyOf('/', '', releases) as string;
    await cache.miss(key, false, render('<p>было</p>'));
    clock.now += 61_000;
    const stale = await cache.lookup(key);
    expect(stale?.fresh).toBe(false);
    expect((await html(stale!.page, '')).toString()).toBe('<p>было</p>');
    cache.revalidate(key, render('<p>стало</p>'));
    cache.revalidate(key, render('<p>стало</p>'));
    await expect.poll(async () => (await cache.lookup(key))?.fresh).toBe(true);
    expect(renders).toEqual(['<p>было</p>', '<p>стало</p>']);
    expect((await html((await cache.lookup(key))!.page, '')).toString()).toBe('<p>стало</p>');
    // past the stale time too: gone
    clock.now += 60_000 + 600_001;
    expect(await cache.lookup(key)).toBeNull();
  });

  it('is stored under a query only when it is asked for a second time', async () => {
    const { cache, render } = setup();
    const key = cache.keyOf('/search', '?q=nike', releases) as string;
    expect((await cache.miss(key, true, render())).page).toBeNull();
    expect(await cache.lookup(key)).toBeNull();
    expect((await cache.miss(key, true, render())).page).not.toBeNull();
    expect(await cache.lookup(key)).not.toBeNull();
  });
});

describe('never stored', () => {
  it.each([
    ['a page private to one shopper', { cacheable: false }],
    ['a page that sets a cookie', { headers: { 'Set-Cookie': 'session=1' } }],
    ['a not-found page', { status: 404 }],
    ['the shell while the API is away', { status: 503 }],
  ])('%s', async (_label, extra) => {
    const { cache, renders, render } = setup();
    const key = cache.keyOf('/product/x', '', releases) as string;
    const { answer, page } = await cache.miss(key, false, render(home, extra as Partial<Answer>));
    expect(page).toBeNull();
    expect(answer.body).toBe(home);
    expect(await cache.lookup(key)).toBeNull();
    await cache.miss(key, false, render(home, extra as Partial<Answer>));
    expect(renders).toHaveLength(2);
  });
});

describe('in Redis, for every host replica', () => {
  let redis: { url: string; stop(): Promise<void> };
  let clients: Redis[] = [];
  beforeAll(async () => {
    redis = await startRedis();
    clients = [new Redis(redis.url), new Redis(redis.url)];
  }, 120_000);
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await redis?.stop();
  });

  it('a page one replica rendered is served by the other', async () => {
    const a = setup(redisPageStore(clients[0] as Redis));
    const b = setup(redisPageStore(clients[1] as Redis));
    const key = a.cache.keyOf('/', '', releases) as string;
    expect(b.cache.keyOf('/', '', releases)).toBe(key);
    await a.cache.miss(key, false, a.render());
    const found = await b.cache.lookup(key);
    expect((await html(found!.page, '')).toString()).toBe(home);
    expect(b.renders).toEqual([]);
  });

  it('Redis away: a miss, and the page is still rendered', async () => {
    const gone = new Redis('redis://127.0.0.1:1', { enableOfflineQueue: false, maxRetriesPerRequest: 0, lazyConnect: true, retryStrategy: () => null });
    gone.on('error', () => undefined);
    const { cache, renders, render } = setup(redisPageStore(gone));
    const key = cache.keyOf('/', '', releases) as string;
    expect(await cache.lookup(key)).toBeNull();
    expect((await cache.miss(key, false, render())).answer.body).toBe(home);
    expect(renders).toHaveLength(1);
    gone.disconnect();
  });
});

it('a query keeps its order and loses only its spelling', () => {
  expect(normalisedQuery('?b=2&a=1')).toBe('b=2&a=1');
  expect(normalisedQuery('?q=%D0%BA%D0%B5%D0%B4%D1%8B')).toBe(normalisedQuery('?q=кеды'));
  expect(normalisedQuery('?')).toBe('');
});
