// Guards progressive canaries: started without a share, a canary goes through CANARY_STEPS on its
// own while healthy and is promoted, each step an event by «система»; two replicas never take a
// step twice; a canary whose shoppers' reports fail is stopped at the third failed view and marked
// bad, while the release gate's own (preview) visits never count; a fixed share stays put; the
// settings are validated.
import { createServer, type Server } from 'node:http';
import { exposesOf } from '@shop/contracts/remotes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig, testConfig } from '../src/config.ts';
import { CanaryProgress, canaryRoundMs } from '../src/registry/canary-progress.ts';
import { TELEMETRY_PATH } from '../src/registry/health-routes.ts';
import { PREVIEW_COOKIE } from '../src/registry/preview-token.ts';
import { registryChanges } from '../src/registry/registry-repo.ts';
import { registryEvents, remoteReleases, remoteState } from '../src/registry/registry-tables.ts';
import { describeDrivers, type TestEnv } from './test-env.ts';

const TOKEN = 'test-ops-token-0123456789';
const PORT = 20_000 + Math.floor(Math.random() * 20_000);
const CDN = `http://127.0.0.1:${PORT}`;

/** The fake release storage: the host's manifest and mf_cart releases that pass the static gate. */
const files = new Map<string, string>();
const shared = [{ name: 'react', version: '19.3.1', singleton: true, requiredVersion: '^19.0.0' }];
files.set('/host/mf-manifest.json', JSON.stringify({ name: 'host', exposes: [], shared }));
function release(version: string): string {
  const names = Object.keys(exposesOf('mf_cart')).map((key) => key.replace(/^\.\//, ''));
  const exposes = names.map((name) => ({ name, path: `./${name}`, assets: { js: { sync: [`${name}.js`], async: [] }, css: { sync: [], async: [] } } }));
  const base = `/mf_cart/${version}`;
  files.set(`${base}/mf-manifest.json`, JSON.stringify({ name: 'mf_cart', metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } }, exposes, shared }));
  files.set(`${base}/remoteEntry.js`, '/* entry */');
  for (const name of names) files.set(`${base}/${name}.js`, '/* module */');
  return `${CDN}${base}/mf-manifest.json`;
}

let server: Server;
beforeAll(async () => {
  server = createServer((req, res) => {
    const body = files.get(req.url ?? '');
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
    res.end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(PORT, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const base = testConfig();
const overrides = (stepSeconds: number) => ({
  opsToken: TOKEN,
  release: { ...base.release, hostUrl: `${CDN}/host`, origins: [CDN], originsExplicit: true },
  health: { ...base.health, rateLimit: 10_000, minViews: 20, minFailures: 3, maxExtraErrorRate: 0.05, steps: [5, 25, 50], stepSeconds },
});

const ops = (env: TestEnv, route: string, body?: unknown) =>
  env.request(`/api/ops/registry${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

interface Status {
  name: string;
  active: { version: string } | null;
  canary: { version: string; percent: number; progressive: { steps: number[]; next: number | null; nextStepAt: string } | null } | null;
  releases: { version: string; status: string; health?: { views: number; errors: number } }[];
  history: { action: string; version: string | null; percent: number | null; by: string; note: string | null }[];
}
const cart = async (env: TestEnv) => ((await (await ops(env, '')).json()) as { remotes: Status[] }).remotes.find((r) => r.name === 'mf_cart') as Status;

/** A shopper's beacon: `views` good mounts and `failures` thrown ones of `version`; `cookie` as the host passes it on. */
const report = (env: TestEnv, version: string, views: number, failures: number, cookie?: string) =>
  env.request(TELEMETRY_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.50', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({
      items: [
        ...(views ? [{ remote: 'mf_cart', version, page: 'CART', kind: 'view', count: views }] : []),
        ...(failures ? [{ remote: 'mf_cart', version, page: 'CART', kind: 'render', count: failures }] : []),
      ],
    }),
  });

/** mf_cart with `active` active and `canary` published, through the gate as ops do it. */
async function start(env: TestEnv, active: string, canary: string) {
  for (const version of [active, canary]) expect((await ops(env, '/releases', { remote: 'mf_cart', version, manifestUrl: release(version) })).status).toBe(200);
  expect((await ops(env, '/activate', { remote: 'mf_cart', version: active })).status).toBe(200);
}

const until = async (what: () => Promise<boolean>, ms: number) => {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await what()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return what();
};

it('reads and validates the steps and the dwell; rounds run every few seconds, oftener with a short dwell', () => {
  expect(loadConfig({}).health).toMatchObject({ steps: [5, 25, 50], stepSeconds: 300, minFailures: 3 });
  expect(loadConfig({ CANARY_STEPS: '10, 50', CANARY_STEP_SECONDS: '2', CANARY_MIN_FAILURES: '5' }).health).toMatchObject({ steps: [10, 50], stepSeconds: 2, minFailures: 5 });
  for (const steps of ['50,25', '0,10', '5,100', 'a', '5,,25', '5.5']) expect(() => loadConfig({ CANARY_STEPS: steps }), steps).toThrow(/CANARY_STEPS/);
  expect(() => loadConfig({ CANARY_STEP_SECONDS: '0' })).toThrow(/CANARY_STEP_SECONDS/);
  expect(() => loadConfig({ CANARY_MIN_FAILURES: '0' })).toThrow(/CANARY_MIN_FAILURES/);
  expect(canaryRoundMs(300)).toBe(5000);
  expect(canaryRoundMs(1)).toBe(250);
});

describeDrivers(
  'progressive canary, short dwell',
  (env) => {
    it('a healthy canary started without a share goes 5 → 25 → 50 % and is promoted on its own, each step an event', async () => {
      await start(env(), '1.0.0-a', '1.1.0-b');
      const announced: string[] = [];
      const listen = (remote: string) => announced.push(remote);
      registryChanges.on('changed', listen);
      try {
        const started = Date.now();
        expect((await ops(env(), '/canary', { remote: 'mf_cart', version: '1.1.0-b' })).status).toBe(200);
        const first = await cart(env());
        expect(first.canary).toMatchObject({ version: '1.1.0-b', percent: 5, progressive: { steps: [5, 25, 50], next: 25 } });
        // shoppers on both releases, none failing
        await report(env(), '1.0.0-a', 40, 0);
        await report(env(), '1.1.0-b', 4, 0);
        expect(await until(async () => (await cart(env())).active?.version === '1.1.0-b', 15_000)).toBe(true);
        // three dwells of a second at least
        expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
        const after = await cart(env());
        expect(after.canary).toBeNull();
        const steps = after.history
          .filter((e) => e.version === '1.1.0-b')
          .reverse()
          .map((e) => `${e.action} ${e.percent ?? ''} ${e.by}`);
        expect(steps).toEqual(['publish  ops', 'canary 5 ops', 'canary-step 25 система', 'canary-step 50 система', 'promote 50 система']);
        expect(after.history.find((e) => e.action === 'canary-step')?.note).toMatch(/^1 с без сбоев: canary 0 ошибок из \d+, основной 0 ошибок из \d+$/);
        // the steps and the promotion were announced to the host servers
        expect(announced.filter((r) => r === 'mf_cart').length).toBeGreaterThanOrEqual(4);
      } finally {
        registryChanges.off('changed', listen);
      }
    });

    it('a canary with a share stays at it: no steps', async () => {
      await start(env(), '2.0.0-a', '2.1.0-b');
      expect((await ops(env(), '/canary', { remote: 'mf_cart', version: '2.1.0-b', percent: 10 })).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 2500));
      const status = await cart(env());
      expect(status.canary).toMatchObject({ version: '2.1.0-b', percent: 10, progressive: null });
      expect(status.history.filter((e) => e.action === 'canary-step' && e.version === '2.1.0-b')).toEqual([]);
      expect((await ops(env(), '/canary/stop', { remote: 'mf_cart' })).status).toBe(200);
    });
  },
  overrides(1),
);

describeDrivers(
  'progressive canary, stops',
  (env) => {
    it('a canary whose shoppers fail is stopped at the third failed view and marked bad; the gate’s preview visits never count', async () => {
      await start(env(), '3.0.0-a', '3.1.0-b');
      expect((await ops(env(), '/canary', { remote: 'mf_cart', version: '3.1.0-b' })).status).toBe(200);
      await report(env(), '3.0.0-a', 30, 0);
      // the gate's smoke (and a team's preview link) carry the preview cookie: not a shopper's, not counted
      expect((await report(env(), '3.1.0-b', 0, 10, `visitor_id=v; ${PREVIEW_COOKIE}=p1.x`)).status).toBe(204);
      expect((await cart(env())).canary?.version).toBe('3.1.0-b');
      // shoppers: one failed page view per report
      await report(env(), '3.1.0-b', 1, 1);
      await report(env(), '3.1.0-b', 0, 1);
      expect((await cart(env())).canary?.version).toBe('3.1.0-b');
      await report(env(), '3.1.0-b', 0, 1);
      const status = await cart(env());
      expect(status.canary).toBeNull();
      expect(status.active?.version).toBe('3.0.0-a');
      expect(status.releases.find((r) => r.version === '3.1.0-b')?.status).toBe('bad');
      expect(status.history[0]).toMatchObject({ action: 'canary-stop', version: '3.1.0-b', percent: 5, by: 'система', note: 'ошибки: canary 75 % (3 из 4) против 0 % у основного (0 из 30)' });
      // status shows each release's views and failures
      expect(status.releases.find((r) => r.version === '3.1.0-b')?.health).toEqual({ views: 1, errors: 3 });
      expect(status.releases.find((r) => r.version === '3.0.0-a')?.health).toEqual({ views: 30, errors: 0 });
    });

    it('two replicas’ rounds at once take a step once', async () => {
      await start(env(), '4.0.0-a', '4.1.0-b');
      expect((await ops(env(), '/canary', { remote: 'mf_cart', version: '4.1.0-b' })).status).toBe(200);
      const later = new Date(Date.now() + 3 * 3600_000);
      const [a, b] = await Promise.all([new CanaryProgress(env().database.db, env().config).round(later), new CanaryProgress(env().database.db, env().config).round(later)]);
      expect([...a, ...b]).toEqual([{ remote: 'mf_cart', version: '4.1.0-b', step: 25 }]);
      const events = await env().database.db.select().from(registryEvents).where(eq(registryEvents.action, 'canary-step'));
      expect(events.map((e) => `${e.version} ${e.percent}`)).toEqual(['4.1.0-b 25']);
      const [state] = await env().database.db.select().from(remoteState).where(eq(remoteState.remote, 'mf_cart'));
      expect(state).toMatchObject({ canaryPercent: 25, canaryAuto: true, canaryStepAt: later });
      // a stop by ops in between: the next round finds nothing to move
      expect((await ops(env(), '/canary/stop', { remote: 'mf_cart' })).status).toBe(200);
      expect(await new CanaryProgress(env().database.db, env().config).round(new Date(later.getTime() + 3 * 3600_000))).toEqual([]);
      const [release] = await env().database.db.select().from(remoteReleases).where(eq(remoteReleases.version, '4.1.0-b'));
      expect(release?.status).not.toBe('bad');
    });
  },
  // a dwell of an hour: only the test's own rounds take steps
  overrides(3600),
);
