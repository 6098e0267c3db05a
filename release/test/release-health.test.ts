// Guards health per release: browsers' reports of remote mounts are validated, rate limited and
// counted per minute (never a preview browser's, the release smoke's among them); a release's
// error rate over the window; the registry status shows it; a canary that errs more than the
// active release by the margin is stopped, marked bad, and the stop recorded with both rates.
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { testConfig } from '../src/config.ts';
import { canaryTooBad, HealthRepo, releaseHealth, stopNote } from '../src/registry/health-repo.ts';
import { MAX_COUNT, MAX_ITEMS, TELEMETRY_PATH } from '../src/registry/health-routes.ts';
import { PREVIEW_COOKIE } from '../src/registry/preview-token.ts';
import { registryEvents, remoteHealth, remoteReleases, remoteState } from '../src/registry/registry-tables.ts';
import { describeDrivers, type TestEnv } from './test-env.ts';

const TOKEN = 'test-ops-token-0123456789';
const health = { ...testConfig().health, rateLimit: 1000, minViews: 20, minFailures: 3, maxExtraErrorRate: 0.05, windowMinutes: 10 };
const manifest = (remote: string, v: string) => `http://cdn.test/${remote}/${v}/mf-manifest.json`;

type Item = { remote: string; version: string; page: string; kind: string; count: number };
const post = (env: TestEnv, body: unknown, client = '203.0.113.7') =>
  env.request(TELEMETRY_PATH, {
    method: 'POST',
    // what navigator.sendBeacon sends for a Blob of type application/json
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const item = (over: Partial<Item> = {}): Item => ({ remote: 'mf_catalog', version: '1.0.0-a', page: 'HOME', kind: 'view', count: 1, ...over });

/** Releases and state written directly: these tests are about health, not the release gate. */
async function seed(env: TestEnv, remote: string, active: string, canary?: string) {
  const db = env.database.db;
  for (const version of [active, canary].filter(Boolean) as string[]) {
    await db.insert(remoteReleases).values({ remote, version, manifestUrl: manifest(remote, version), createdBy: 'test' }).onConflictDoNothing();
  }
  const values = { activeVersion: active, activatedAt: new Date(), activatedBy: 'test', canaryVersion: canary ?? null, canaryPercent: canary ? 50 : null, canaryAt: canary ? new Date() : null, canaryBy: canary ? 'test' : null };
  await db.insert(remoteState).values({ remote, ...values }).onConflictDoUpdate({ target: remoteState.remote, set: values });
}

const errorOf = async (res: Response) => ((await res.json()) as { errors: { message: string; extensions: { code: string } }[] }).errors[0];

it('the error rate is (load + render) / (view + load + render), and the stop rule needs enough reports or failures and more than the margin', () => {
  expect(releaseHealth({ view: 12, load: 3, render: 5 })).toEqual({ views: 12, loadErrors: 3, renderErrors: 5, errors: 8, rate: 0.4 });
  expect(releaseHealth({}).rate).toBe(0);
  expect(releaseHealth({ render: 4 }).rate).toBe(1);
  const config = { minViews: 20, minFailures: 3, maxExtraErrorRate: 0.05 };
  const active = releaseHealth({ view: 99, render: 1 });
  expect(canaryTooBad(releaseHealth({ view: 12, render: 8 }), active, config)).toBe(true);
  // 19 reports and 2 failures: not enough to judge
  expect(canaryTooBad(releaseHealth({ view: 17, render: 2 }), active, config)).toBe(false);
  // 3 failures are enough, however few the views, when they exceed the active's rate by the margin
  expect(canaryTooBad(releaseHealth({ render: 3 }), active, config)).toBe(true);
  expect(canaryTooBad(releaseHealth({ view: 1, load: 1, render: 2 }), releaseHealth({}), config)).toBe(true);
  // 3 failures among many good views: within the margin
  expect(canaryTooBad(releaseHealth({ view: 197, render: 3 }), active, config)).toBe(false);
  // 5 % against 1 %: within the margin
  expect(canaryTooBad(releaseHealth({ view: 95, render: 5 }), active, config)).toBe(false);
  expect(canaryTooBad(releaseHealth({ view: 93, render: 7 }), active, config)).toBe(true);
  expect(stopNote(releaseHealth({ view: 12, render: 8 }), active)).toBe('ошибки: canary 40 % (8 из 20) против 1 % у основного (1 из 100)');
});

describeDrivers(
  'health per release',
  (env) => {
    it('accepts a valid batch (204) and counts it per minute, summing equal lines and later batches', async () => {
      await seed(env(), 'mf_catalog', '1.0.0-a');
      const res = await post(env(), { items: [item(), item({ count: 2 }), item({ kind: 'render' }), item({ page: 'SEARCH', kind: 'load', count: 3 })] });
      expect(res.status).toBe(204);
      expect((await post(env(), { items: [item({ count: 4 })] })).status).toBe(204);
      const rows = await env().database.db.select().from(remoteHealth).where(eq(remoteHealth.remote, 'mf_catalog'));
      const counts = Object.fromEntries(rows.map((r) => [`${r.pageType}:${r.kind}`, r.count]));
      expect(counts).toEqual({ 'HOME:view': 7, 'HOME:render': 1, 'SEARCH:load': 3 });
      expect(new Set(rows.map((r) => r.minute.getTime() % 60_000))).toEqual(new Set([0]));
      // another minute is another row; both fall in the window
      const repo = new HealthRepo(env().database.db, health);
      await repo.record([{ remote: 'mf_catalog', version: '1.0.0-a', pageType: 'HOME', kind: 'view', count: 10 }], new Date(Date.now() + 60_000));
      expect((await env().database.db.select().from(remoteHealth).where(eq(remoteHealth.remote, 'mf_catalog'))).length).toBe(4);
      const now = (await repo.window(new Date(Date.now() + 60_000))).get('mf_catalog')?.get('1.0.0-a');
      expect(now).toEqual({ views: 17, loadErrors: 3, renderErrors: 1, errors: 4, rate: 4 / 21 });
      // counts older than the window no longer count
      const later = (await repo.window(new Date(Date.now() + 10 * 60_000))).get('mf_catalog')?.get('1.0.0-a');
      expect(later?.views).toBe(10);
    });

    it('refuses what is not a report of a known remote, release, page type and kind, in the one error shape', async () => {
      const bodies: unknown[] = [
        'not json',
        {},
        { items: [] },
        { items: [item({ remote: 'mf_evil' })] },
        { items: [item({ version: '9.9.9-unknown' })] },
        { items: [item({ version: '../../etc' })] },
        { items: [item({ page: 'ADMIN' })] },
        { items: [item({ kind: 'click' })] },
        { items: [item({ count: 0 })] },
        { items: [item({ count: MAX_COUNT + 1 })] },
        { items: [item({ count: 1.5 })] },
        { items: Array.from({ length: MAX_ITEMS + 1 }, () => item()) },
        { items: [{ ...item(), email: 'a@b.ru' }] },
      ];
      for (const body of bodies) {
        const res = await post(env(), body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect((await errorOf(res))?.extensions.code).toBe('BAD_REQUEST');
      }
      expect((await errorOf(await post(env(), { items: [item({ version: '9.9.9-unknown' })] })))?.message).toContain('нет таких релизов: mf_catalog 9.9.9-unknown');
      expect((await env().request(TELEMETRY_PATH)).status).toBe(405);
      // nothing refused was counted
      const rows = await env().database.db.select().from(remoteHealth).where(eq(remoteHealth.version, '9.9.9-unknown'));
      expect(rows).toEqual([]);
    });

    it('shows views, errors and the rate of the active and canary releases in the registry status', async () => {
      await seed(env(), 'mf_product', '2.0.0-a', '2.1.0-b');
      // one error in ten for the canary, below CANARY_MIN_VIEWS: counted, not stopped
      await post(env(), { items: [item({ remote: 'mf_product', version: '2.0.0-a', page: 'PRODUCT', count: 8 }), item({ remote: 'mf_product', version: '2.1.0-b', page: 'PRODUCT', count: 9 }), item({ remote: 'mf_product', version: '2.1.0-b', page: 'PRODUCT', kind: 'load' })] });
      const res = await env().request('/api/ops/registry', { headers: { authorization: `Bearer ${TOKEN}` } });
      const product = ((await res.json()) as { remotes: { name: string; canary: unknown; health: unknown }[] }).remotes.find((r) => r.name === 'mf_product');
      expect(product?.canary).not.toBeNull();
      expect(product?.health).toEqual({
        windowMinutes: 10,
        active: { views: 8, loadErrors: 0, renderErrors: 0, errors: 0, rate: 0 },
        canary: { views: 9, loadErrors: 1, renderErrors: 0, errors: 1, rate: 0.1 },
      });
    });

    it('stops a canary that errs more than the active release by the margin, marks it bad and records why', async () => {
      await seed(env(), 'mf_cart', '3.0.0-a', '3.1.0-b');
      const r = (version: string, kind: string, count: number) => item({ remote: 'mf_cart', version, page: 'CART', kind, count });
      await post(env(), { items: [r('3.0.0-a', 'view', 99), r('3.0.0-a', 'render', 1), r('3.1.0-b', 'view', 12), r('3.1.0-b', 'render', 2)] });
      // 14 reports, 2 failures: not yet
      let [state] = await env().database.db.select().from(remoteState).where(eq(remoteState.remote, 'mf_cart'));
      expect(state?.canaryVersion).toBe('3.1.0-b');
      expect((await post(env(), { items: [r('3.1.0-b', 'load', 1)] })).status).toBe(204);
      [state] = await env().database.db.select().from(remoteState).where(eq(remoteState.remote, 'mf_cart'));
      expect(state?.canaryVersion).toBeNull();
      expect(state?.activeVersion).toBe('3.0.0-a');
      const [release] = await env().database.db.select().from(remoteReleases).where(eq(remoteReleases.version, '3.1.0-b'));
      expect(release?.status).toBe('bad');
      const events = await env().database.db.select().from(registryEvents).where(eq(registryEvents.remote, 'mf_cart'));
      const stop = events.at(-1);
      expect(stop?.by).toBe('система');
      expect(stop?.version).toBe('3.1.0-b');
      // the third failed view is enough
      expect(stop?.note).toBe('ошибки: canary 20 % (3 из 15) против 1 % у основного (1 из 100)');
      // more reports of the stopped canary change nothing and stop nothing again
      expect((await post(env(), { items: [r('3.1.0-b', 'render', 5)] })).status).toBe(204);
      expect((await env().database.db.select().from(registryEvents).where(eq(registryEvents.remote, 'mf_cart'))).length).toBe(events.length);
    });

    it('counts nothing a preview browser reports (the smoke’s pages, a team’s preview link), so it never moves a canary', async () => {
      await seed(env(), 'mf_catalog', '5.0.0-a', '5.1.0-b');
      const r = (version: string, kind: string, count: number) => item({ version, kind, count });
      const body = JSON.stringify({ items: [r('5.0.0-a', 'view', 40), r('5.1.0-b', 'view', 10), r('5.1.0-b', 'render', 30)] });
      // the beacon as the host passes it on: the browser's cookies, the preview cookie among them
      const res = await env().request(TELEMETRY_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9', cookie: `visitor_id=v1; ${PREVIEW_COOKIE}=p1.anything` },
        body,
      });
      expect(res.status).toBe(204);
      expect(await env().database.db.select().from(remoteHealth).where(eq(remoteHealth.version, '5.1.0-b'))).toEqual([]);
      const [state] = await env().database.db.select().from(remoteState).where(eq(remoteState.remote, 'mf_catalog'));
      expect(state?.canaryVersion).toBe('5.1.0-b');
      // the same batch from a shopper counts (and stops that canary)
      expect((await post(env(), JSON.parse(body), '203.0.113.9')).status).toBe(204);
      expect((await env().database.db.select().from(remoteHealth).where(eq(remoteHealth.version, '5.1.0-b'))).length).toBe(2);
      const [after] = await env().database.db.select().from(remoteState).where(eq(remoteState.remote, 'mf_catalog'));
      expect(after?.canaryVersion).toBeNull();
    });

  },
  { opsToken: TOKEN, health },
);

describeDrivers(
  'health per release, rate limit',
  (env) => {
    it('limits reports per client per minute (429 with Retry-After), each client on its own budget', async () => {
      await seed(env(), 'mf_catalog', '1.0.0-a');
      const body = { items: [item()] };
      for (let i = 0; i < 3; i++) expect((await post(env(), body, '198.51.100.1')).status).toBe(204);
      const refused = await post(env(), body, '198.51.100.1');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await errorOf(refused))?.extensions.code).toBe('RATE_LIMITED');
      expect((await post(env(), body, '198.51.100.2')).status).toBe(204);
      const [row] = await env().database.db.select().from(remoteHealth).where(eq(remoteHealth.remote, 'mf_catalog'));
      expect(row?.count).toBe(4);
    });

    it('leaves a canary whose rate is within the margin', async () => {
      await seed(env(), 'mf_product', '4.0.0-a', '4.1.0-b');
      const r = (version: string, kind: string, count: number) => item({ remote: 'mf_product', version, page: 'PRODUCT', kind, count });
      await post(env(), { items: [r('4.0.0-a', 'view', 98), r('4.0.0-a', 'load', 2), r('4.1.0-b', 'view', 94), r('4.1.0-b', 'render', 6)] });
      const [state] = await env().database.db.select().from(remoteState).where(eq(remoteState.remote, 'mf_product'));
      expect(state?.canaryVersion).toBe('4.1.0-b');
    });
  },
  { health: { ...health, rateLimit: 3 } },
);

describeDrivers('health per remote', (env) => {
  it('/api/health/remotes says per remote whether its active manifest answers (503 when one does not)', async () => {
    const { createServer } = await import('node:http');
    const server = createServer((req, res) => {
      res.writeHead(req.url?.endsWith('/mf-manifest.json') ? 200 : 404, { 'content-type': 'application/json' });
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const db = env().database.db;
      await db.insert(remoteReleases).values({ remote: 'mf_catalog', version: '5.0.0-up', manifestUrl: `http://127.0.0.1:${port}/5.0.0-up/mf-manifest.json`, createdBy: 'test' });
      await db.insert(remoteState).values({ remote: 'mf_catalog', activeVersion: '5.0.0-up' });
      let res = await env().request('/api/health/remotes');
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ ok: true, remotes: { mf_catalog: { version: '5.0.0-up', ok: true, status: 200 } } });
      await db.insert(remoteReleases).values({ remote: 'mf_cart', version: '5.0.0-down', manifestUrl: `http://127.0.0.1:${port}/5.0.0-down/missing.json`, createdBy: 'test' });
      await db.insert(remoteState).values({ remote: 'mf_cart', activeVersion: '5.0.0-down' });
      res = await env().request('/api/health/remotes');
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ ok: false, remotes: { mf_catalog: { ok: true }, mf_cart: { ok: false, status: 404 } } });
    } finally {
      server.close();
    }
  });
});
