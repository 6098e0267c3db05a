// Guards the registry of remote releases: who may change it (ops token, team tokens scoped to one
// remote, the actor taken from the token), the server-side release gate (origin, manifest, files,
// exposes = contracts table, singletons vs the live host), the activation stack (rollback goes
// further back each time, never to a bad or refused release), canaries (stop, rollback stops the
// canary only, promote of a 0 % canary needs force), and a record of every change.
import { createServer, type Server } from 'node:http';
import { exposesOf } from '@shop/contracts/remotes';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testConfig } from '../src/config.ts';
import { describeDrivers } from './test-env.ts';

const TOKEN = 'test-ops-token-0123456789';
const PORT = 20_000 + Math.floor(Math.random() * 20_000);
const CDN = `http://127.0.0.1:${PORT}`;

/** What the fake release storage serves: path → JSON or text; anything else is 404. */
const files = new Map<string, string>();
const singletons = (react = '19.3.1') => [
  { name: 'react', version: react, singleton: true, requiredVersion: `^${react.split('.')[0]}.0.0` },
  { name: 'zustand', version: '5.1.0', singleton: true, requiredVersion: '^5.1.0' },
];
files.set('/host/mf-manifest.json', JSON.stringify({ name: 'host', exposes: [], shared: singletons() }));

/**
 * Puts a mf_cart release on the fake storage: every exposed module of the table, remoteEntry.js, one file each;
 * `ssr`: the manifest names a server entry (server/remoteEntry.js), there or (`missing`) not.
 */
function release(version: string, options: { exposes?: string[]; react?: string; withoutEntry?: boolean; ssr?: 'present' | 'missing' } = {}) {
  const names = options.exposes ?? Object.keys(exposesOf('mf_cart')).map((key) => key.replace(/^\.\//, ''));
  const exposes = names.map((name) => ({ name, path: `./${name}`, assets: { js: { sync: [`${name}.js`], async: [] }, css: { sync: [], async: [] } } }));
  const base = `/mf_cart/${version}`;
  const ssrRemoteEntry = options.ssr ? { ssrRemoteEntry: { name: 'remoteEntry.js', path: 'server', type: 'commonjs-module' } } : {};
  files.set(`${base}/mf-manifest.json`, JSON.stringify({ name: 'mf_cart', metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' }, ...ssrRemoteEntry }, exposes, shared: singletons(options.react) }));
  if (!options.withoutEntry) files.set(`${base}/remoteEntry.js`, '/* entry */');
  if (options.ssr === 'present') files.set(`${base}/server/remoteEntry.js`, '/* server entry */');
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

const release_ = { ...testConfig().release, hostUrl: `${CDN}/host`, origins: [CDN], originsExplicit: true };

interface Status {
  name: string;
  active: { version: string; activatedBy: string } | null;
  canary: { version: string; percent: number } | null;
  stack: { version: string; reason: string; undone: boolean; by: string }[];
  releases: { version: string; status: string; checks: { ok: boolean; results: { check: string; ok: boolean }[] } | null; createdBy: string }[];
  history: { action: string; version: string | null; by: string; note: string | null }[];
}

describeDrivers(
  'remote registry',
  (env) => {
    const ops = (route: string, body?: unknown, token = TOKEN) =>
      env().request(`/api/ops/registry${route}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const publicState = async () => ((await (await env().request('/api/registry')).json()) as { remotes: Record<string, unknown> }).remotes;
    const cart = async () => ((await (await ops('?remote=mf_cart')).json()) as { remotes: Status[] }).remotes[0] as Status;
    const publish = (version: string, manifestUrl = release(version), token = TOKEN) => ops('/releases', { remote: 'mf_cart', version, manifestUrl, by: 'spoofed' }, token);
    const reasons = async (res: Response) => ((await res.json()) as { errors: { message: string; extensions: { code: string; reasons?: string[] } }[] }).errors[0];

    it('refuses every change without the right token, and reads stay public', async () => {
      expect((await publish('1.0.0-a', release('1.0.0-a'), '')).status).toBe(401);
      expect((await publish('1.0.0-a', release('1.0.0-a'), 'wrong')).status).toBe(401);
      expect((await ops('')).status).toBe(200);
      expect((await env().request('/api/registry')).headers.get('cache-control')).toBe('no-store');
      expect(await publicState()).toEqual({});
    });

    it('publishes immutable releases, activates one, and records the token name as the actor, never the client`s `by`', async () => {
      const first = await publish('1.0.0-a');
      expect(first.status, JSON.stringify(await first.clone().json())).toBe(200);
      expect((await publish('1.0.0-a')).status).toBe(200);
      const changed = await publish('1.0.0-a', release('other'));
      expect(changed.status).toBe(400);
      expect((await reasons(changed))?.message).toContain('релизы неизменяемы');
      expect((await ops('/activate', { remote: 'mf_cart', version: '1.0.0-a', by: 'ops-anna' })).status).toBe(200);
      expect(await publicState()).toEqual({ mf_cart: { active: { version: '1.0.0-a', manifestUrl: release('1.0.0-a') }, canary: null } });
      const status = await cart();
      expect(status.active?.activatedBy).toBe('ops');
      expect(status.history.map((h) => `${h.action}:${h.by}`)).toEqual(['activate:ops', 'publish:ops']);
      expect(status.releases[0]?.status).toBe('checked');
      expect(status.releases[0]?.checks?.results.map((r) => `${r.check}:${r.ok}`)).toEqual(
        expect.arrayContaining(['origin:true', 'manifest:true', 'files:true', 'exposes:true', 'singletons:true']),
      );
    });

    it('team tokens: issued by ops once (only the hash kept), scoped to one remote, the name is the actor, revocable', async () => {
      const added = await ops('/tokens', { name: 'cart-ci', remote: 'mf_cart' });
      expect(added.status).toBe(200);
      const { token } = ((await added.json()) as { token: { token: string } }).token;
      expect(token).toMatch(/^rt_/);
      expect((await ops('/tokens', { name: 'cart-ci', remote: 'mf_cart' })).status).toBe(400);
      const list = JSON.stringify(await (await ops('/tokens')).json());
      expect(list).toContain('cart-ci');
      expect(list).not.toContain(token);
      // the team publishes its own remote, as itself
      expect((await publish('1.0.1-t', release('1.0.1-t'), token)).status).toBe(200);
      expect((await cart()).releases.find((r) => r.version === '1.0.1-t')?.createdBy).toBe('cart-ci');
      // another remote, the token list and new tokens are not its business
      const other = await ops('/activate', { remote: 'mf_catalog', version: '1.0.0-a' }, token);
      expect(other.status).toBe(403);
      expect((await reasons(other))?.extensions.code).toBe('RELEASE_FORBIDDEN');
      expect((await ops('/tokens', undefined, token)).status).toBe(403);
      expect((await ops('/tokens', { name: 'x', remote: null }, token)).status).toBe(403);
      expect((await ops('', undefined, token)).status).toBe(403);
      expect((await ops('?remote=mf_cart', undefined, token)).status).toBe(200);
      // a team token cannot pose as ops
      expect((await ops('/tokens', { name: 'ops', remote: null })).status).toBe(400);
      expect((await ops('/tokens/revoke', { name: 'cart-ci' })).status).toBe(200);
      expect((await publish('1.0.2-t', release('1.0.2-t'), token)).status).toBe(401);
    });

    it('refuses releases the gate fails (409 with Russian reasons), records why, and changes nothing else', async () => {
      const before = await publicState();
      const cases: [string, string, string][] = [
        ['2.0.0-noentry', release('2.0.0-noentry', { withoutEntry: true }), 'files'],
        // the manifest names a server entry the release folder does not hold
        ['2.0.0-noserver', release('2.0.0-noserver', { ssr: 'missing' }), 'files'],
        ['2.0.0-missing', release('2.0.0-missing', { exposes: ['CartPage'] }), 'exposes'],
        ['2.0.0-react18', release('2.0.0-react18', { react: '18.3.1' }), 'singletons'],
        ['2.0.0-404', `${CDN}/mf_cart/nothing-here/mf-manifest.json`, 'manifest'],
        ['2.0.0-evil', 'https://cdn.attacker.example/x/mf-manifest.json', 'origin'],
      ];
      for (const [version, url, check] of cases) {
        const res = await publish(version, url);
        expect(res.status, version).toBe(409);
        const error = await reasons(res);
        expect(error?.extensions.code).toBe('RELEASE_REFUSED');
        expect(error?.extensions.reasons?.some((r) => r.startsWith(`${check}:`)), `${version}: ${error?.message}`).toBe(true);
        expect(error?.message).toMatch(/отклонён/);
        // a refused release is never activated
        expect((await ops('/activate', { remote: 'mf_cart', version })).status).toBe(409);
      }
      expect(await publicState()).toEqual(before);
      const status = await cart();
      expect(status.releases.find((r) => r.version === '2.0.0-noentry')?.status).toBe('refused');
      const refused = status.history.find((h) => h.action === 'refused' && h.version === '2.0.0-noentry');
      expect(refused?.note).toContain('remoteEntry.js');
      const noServer = status.history.find((h) => h.action === 'refused' && h.version === '2.0.0-noserver');
      expect(noServer?.note).toContain('/mf_cart/2.0.0-noserver/server/remoteEntry.js (HTTP 404)');
    });

    it('a release with its server entry passes the files check; one without ssrRemoteEntry (older, browser-only) still does', async () => {
      const withServer = await publish('2.1.0-ssr', release('2.1.0-ssr', { ssr: 'present' }));
      expect(withServer.status, JSON.stringify(await withServer.clone().json())).toBe(200);
      const checks = (await cart()).releases.find((r) => r.version === '2.1.0-ssr')?.checks?.results;
      expect(checks?.find((r) => r.check === 'files')?.ok).toBe(true);
      // the others in this file (no ssrRemoteEntry) were accepted above: 1.0.0-a is checked
      expect((await cart()).releases.find((r) => r.version === '1.0.0-a')?.status).toBe('checked');
    });

    it('rollback goes back through the activation stack, marking each rolled-back release bad', async () => {
      for (const v of ['3.0.0-a', '3.0.0-b', '3.0.0-c']) {
        expect((await publish(v)).status).toBe(200);
        expect((await ops('/activate', { remote: 'mf_cart', version: v })).status).toBe(200);
      }
      const first = (await (await ops('/rollback', { remote: 'mf_cart' })).json()) as { from: string; to: string };
      expect(first).toMatchObject({ from: '3.0.0-c', to: '3.0.0-b' });
      const second = (await (await ops('/rollback', { remote: 'mf_cart' })).json()) as { from: string; to: string };
      expect(second).toMatchObject({ from: '3.0.0-b', to: '3.0.0-a' });
      const status = await cart();
      expect(status.active?.version).toBe('3.0.0-a');
      expect(status.releases.filter((r) => r.status === 'bad').map((r) => r.version).sort()).toEqual(['3.0.0-b', '3.0.0-c']);
      expect(status.stack.slice(0, 4).map((a) => `${a.version}:${a.reason}:${a.undone ? 'undone' : 'live'}`)).toEqual([
        '3.0.0-a:rollback:live',
        '3.0.0-b:rollback:undone',
        '3.0.0-c:activate:undone',
        '3.0.0-b:activate:undone',
      ]);
      expect(status.history.slice(0, 2).map((h) => `${h.action}:${h.version}:${h.note}`)).toEqual([
        'rollback:3.0.0-a:с 3.0.0-b (помечен bad) на 3.0.0-a',
        'rollback:3.0.0-b:с 3.0.0-c (помечен bad) на 3.0.0-b',
      ]);
      // a third goes further back (to 1.0.0-a), never to a bad or refused one
      expect(((await (await ops('/rollback', { remote: 'mf_cart' })).json()) as { to: string }).to).toBe('1.0.0-a');
      // `activate` takes any listed release that is not refused, a bad one too
      expect((await ops('/activate', { remote: 'mf_cart', version: '3.0.0-c' })).status).toBe(200);
    });

    it('canary: never touches the active release; rollback and canary stop end it; promote re-checks and needs force at 0 %', async () => {
      await publish('4.0.0-d');
      expect((await ops('/canary', { remote: 'mf_cart', version: '4.0.0-d', percent: 120 })).status).toBe(400);
      expect((await ops('/canary', { remote: 'mf_cart', version: '4.0.0-d', percent: 25 })).status).toBe(200);
      expect((await publicState()).mf_cart).toEqual({
        active: { version: '3.0.0-c', manifestUrl: release('3.0.0-c') },
        canary: { version: '4.0.0-d', manifestUrl: release('4.0.0-d'), percent: 25 },
      });
      // rollback during a canary stops the canary only
      const rolled = (await (await ops('/rollback', { remote: 'mf_cart' })).json()) as { stoppedCanary: string };
      expect(rolled.stoppedCanary).toBe('4.0.0-d');
      expect((await publicState()).mf_cart).toEqual({ active: { version: '3.0.0-c', manifestUrl: release('3.0.0-c') }, canary: null });
      expect((await cart()).releases.find((r) => r.version === '4.0.0-d')?.status).toBe('bad');
      // canary stop
      await publish('4.0.1-e');
      expect((await ops('/canary', { remote: 'mf_cart', version: '4.0.1-e', percent: 10 })).status).toBe(200);
      expect((await ops('/canary/stop', { remote: 'mf_cart' })).status).toBe(200);
      expect(((await publicState()).mf_cart as { canary: unknown }).canary).toBeNull();
      expect((await ops('/canary/stop', { remote: 'mf_cart' })).status).toBe(400);
      expect((await cart()).history[0]).toMatchObject({ action: 'canary-stop', version: '4.0.1-e', by: 'ops' });
      // promote of a 0 % canary needs force
      expect((await ops('/canary', { remote: 'mf_cart', version: '4.0.1-e', percent: 0 })).status).toBe(200);
      const zero = await ops('/promote', { remote: 'mf_cart' });
      expect(zero.status).toBe(400);
      expect((await reasons(zero))?.message).toContain('--force');
      // promote re-runs the gate: a file gone since the canary refuses it
      files.delete('/mf_cart/4.0.1-e/remoteEntry.js');
      expect((await ops('/promote', { remote: 'mf_cart', force: true })).status).toBe(409);
      files.set('/mf_cart/4.0.1-e/remoteEntry.js', '/* entry */');
      await publish('4.0.2-f');
      expect((await ops('/canary', { remote: 'mf_cart', version: '4.0.2-f', percent: 0 })).status).toBe(200);
      expect((await ops('/promote', { remote: 'mf_cart', force: true })).status).toBe(200);
      const status = await cart();
      expect(status.active?.version).toBe('4.0.2-f');
      expect(status.stack[0]).toMatchObject({ version: '4.0.2-f', reason: 'promote' });
      expect(status.history[0]).toMatchObject({ action: 'promote', note: 'canary на 0 %, --force' });
    });

    it('rejects malformed changes with a reason', async () => {
      const res = await ops('/releases', { remote: 'evil; drop table', version: '../x', manifestUrl: 'javascript:alert(1)', by: '' });
      expect(res.status).toBe(400);
      const error = await reasons(res);
      expect(error?.extensions.code).toBe('BAD_REQUEST');
      expect(error?.message).toMatch(/remote/);
      expect((await ops('/nope', {})).status).toBe(404);
    });
  },
  { opsToken: TOKEN, release: release_ },
);

describeDrivers('remote registry without an ops token configured', (env) => {
  it('refuses every ops action', async () => {
    const res = await env().request('/api/ops/registry', { headers: { authorization: 'Bearer anything' } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ errors: [{ message: 'Ops-доступ выключен: у API не задан OPS_TOKEN', extensions: { code: 'OPS_DISABLED' } }] });
  });
});
