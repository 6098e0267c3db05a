// `npm start`'s shape, for real: the built API, remote servers and host under startStack's
// supervisor. A remote's server that is stopped is restarted while the host keeps serving
// pages; one in a crash loop is given up alone (the host still serves) and the README runbook's
// command starts it again; a server started by hand is left alone by the supervisor; a restart
// keeps the registry's active release (F14); the host build is checked before it serves.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRegistryClient } from '../remotes/ops-client.ts';
import {
  freePorts,
  latestRelease,
  localRegistry,
  type Ports,
  REMOTES,
  type RemoteName,
  ROOT,
  SERVER_ENTRIES,
  type Service,
  type Stack,
  startService,
  startStack,
} from './stack.ts';

const built =
  existsSync(path.join(ROOT, SERVER_ENTRIES.api)) &&
  existsSync(path.join(ROOT, SERVER_ENTRIES.host)) &&
  existsSync(path.join(ROOT, 'host/dist/mf-stats.json')) &&
  REMOTES.every((r) => {
    try {
      return !!latestRelease(r.dir);
    } catch {
      return false;
    }
  });

const work = mkdtempSync(path.join(tmpdir(), 'shop-remote-restart-'));
const cleanup: (() => Promise<void> | void)[] = [];
/** Servers the tests start by hand (the runbook's command), stopped before a restart. */
const handStarted: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const step of [...handStarted, ...cleanup.reverse()]) await step();
  rmSync(work, { recursive: true, force: true });
});

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function status(url: string): Promise<number> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(3000) })).status;
  } catch {
    return 0;
  }
}

const OPS_TOKEN = 'remote-restart-test-token';

function start(ports: Ports, notes: string[], versionsOf: Partial<Record<RemoteName, string>> = {}): Promise<Stack> {
  const versions = Object.fromEntries(
    REMOTES.map((r) => [r.name, versionsOf[r.name] ?? latestRelease(r.dir)]),
  ) as Record<RemoteName, string>;
  return startStack({
    ports,
    registry: localRegistry(ports, versions),
    opsToken: OPS_TOKEN,
    pgliteDir: path.join(work, 'pglite'),
    releasesDir: path.join(work, 'releases'),
    log: { dir: path.join(work, 'logs') },
    // the browser smoke before activations is tested on its own
    env: { REGISTRY_TTL_MS: '0', RELEASE_SMOKE: 'off' },
    keepActive: true,
    checkHost: true,
    note: (line) => notes.push(line),
  });
}

describe.skipIf(!built)('npm start keeps the shop up while a remote server is down', () => {
  let ports: Ports;
  let stack: Stack;
  const lines: string[] = [];
  const gaveUp: { reason: string; service: string }[] = [];
  const notes: string[] = [];
  const service = (dir: string) => stack.services.find((s) => s.name === dir) as Service;
  const homePage = () => `http://127.0.0.1:${ports.host}/`;

  it('starts, the host build checked against the registry first', async () => {
    ports = await freePorts();
    stack = await start(ports, notes);
    cleanup.push(() => stack.stop());
    stack.supervise({
      initialDelayMs: 1500,
      maxRestarts: 1,
      windowMs: 60_000,
      log: (line) => lines.push(line),
      onGiveUp: (reason, s) => gaveUp.push({ reason, service: s.name }),
    });
    expect(notes.join('\n')).toMatch(
      /The host build host\/dist is compatible with \d+ release\(s\) in the registry \(.*mf_catalog/,
    );
    // the first page renders cold (the remotes' server code loads): on 2 cores shared with the
    // other test files it has taken more than one 3 s try
    await until(async () => (await status(homePage())) === 200, 30_000, 'the home page to answer 200');
  }, 180_000);

  it('restarts a stopped remote server with backoff while the host keeps serving pages', async () => {
    const catalog = service('mf-catalog');
    const first = catalog.child.pid!;
    process.kill(-first, 'SIGTERM');
    await until(() => catalog.child.exitCode !== null || catalog.child.pid !== first, 5000, 'mf-catalog to stop');
    // the host answers pages while the remote is down (its areas fail in the browser, not the page)
    expect(await status(homePage())).toBe(200);
    expect(await status(`http://127.0.0.1:${ports.host}/catalog/obuv`)).toBeLessThan(500);
    await until(() => lines.some((l) => l.startsWith('mf-catalog answers again')), 20_000, 'the restart');
    expect(lines[0]).toMatch(/^mf-catalog stopped unexpectedly \(exit code 0\); restarting it in 1\.5 s/);
    expect(catalog.child.pid).not.toBe(first);
    const active = localRegistry(ports, { mf_catalog: latestRelease('mf-catalog') } as never).mf_catalog!;
    expect(await status(active.replace('localhost', '127.0.0.1'))).toBe(200);
    expect(gaveUp).toEqual([]);
    // the API and the host were never touched
    expect(lines.filter((l) => /^(api|host) /.test(l))).toEqual([]);
  }, 60_000);

  it('gives a crash-looping remote up alone; the runbook command starts it again', async () => {
    const catalog = service('mf-catalog');
    process.kill(-catalog.child.pid!, 'SIGKILL');
    await until(() => gaveUp.length > 0, 10_000, 'the supervisor to give up');
    expect(gaveUp[0]!.service).toBe('mf-catalog');
    expect(gaveUp[0]!.reason).toMatch(/^mf-catalog stopped unexpectedly \(killed by SIGKILL\) after 1 restarts/);
    const health = `http://127.0.0.1:${ports.mf_catalog}/healthz`;
    expect(await status(health)).toBe(0);
    expect(await status(homePage())).toBe(200);
    // README runbook, step 3, as written: PORT=<port> node scripts/serve-remote.mjs <remote>/dist <release storage>
    const byHand = spawn(
      process.execPath,
      ['scripts/serve-remote.mjs', 'mf-catalog/dist', path.join(work, 'releases/mf_catalog')],
      {
        cwd: ROOT,
        env: { ...process.env, PORT: String(ports.mf_catalog) },
        detached: true,
        stdio: 'ignore',
      },
    );
    handStarted.push(() => {
      try {
        process.kill(-byHand.pid!, 'SIGKILL');
      } catch {}
    });
    await until(async () => (await status(health)) === 200, 10_000, 'the hand-started server');
    expect(await status(homePage())).toBe(200);
  }, 60_000);

  it('leaves a server started by hand alone instead of racing it for the port', async () => {
    const cart = service('mf-cart');
    const first = cart.child.pid!;
    const health = `http://127.0.0.1:${ports.mf_cart}/healthz`;
    // stopped, and started by hand before the supervisor's 1.5 s are up
    process.kill(-first, 'SIGTERM');
    await until(() => cart.child.exitCode !== null, 5000, 'mf-cart to stop');
    const byHand = startService('mf-cart-by-hand', process.execPath, ['scripts/serve-remote.mjs', 'mf-cart/dist'], {
      env: { PORT: String(ports.mf_cart) },
      log: { dir: path.join(work, 'logs') },
    });
    handStarted.push(() => byHand.stop());
    await until(
      () => lines.some((l) => l.includes('leaves it alone') || l.startsWith('mf-cart answers again')),
      10_000,
      'the supervisor',
    );
    expect(lines.find((l) => l.startsWith('mf-cart '))).toMatch(/stopped unexpectedly/);
    expect(lines.some((l) => l.startsWith('mf-cart answers at') && l.endsWith('the supervisor leaves it alone'))).toBe(
      true,
    );
    expect(cart.child.pid).toBe(first);
    expect(byHand.child.exitCode).toBe(null);
    expect(await status(health)).toBe(200);
  }, 30_000);

  it('a restart keeps a release ops chose (a rollback) and activates the new build otherwise (F14)', async () => {
    const api = createRegistryClient({ base: `http://127.0.0.1:${ports.release}`, token: OPS_TOKEN, by: 'test' });
    const statusOf = async (name: string) => (await api.status()).remotes.find((r) => r.name === name)!;
    /** A copy of a remote's build under another version, older by its time (latestRelease stays the real build). */
    const copy = (dir: string, version: string, stamp: string) => {
      const other = version.replace(/[-+]\d+$/, `+${stamp}`);
      const to = path.join(ROOT, dir, 'dist', other);
      cpSync(path.join(ROOT, dir, 'dist', version), to, { recursive: true });
      utimesSync(path.join(to, 'mf-manifest.json'), new Date('1999-01-01'), new Date('1999-01-01'));
      cleanup.push(() => rmSync(to, { recursive: true, force: true }));
      return other;
    };
    const urlOf = (name: RemoteName, version: string) => localRegistry(ports, { [name]: version } as never)[name]!;
    const a = (await statusOf('mf_product')).active!.version;
    // a release b, then ops roll back to a
    const b = copy('mf-product', a, '19990101000001');
    await api.publish('mf_product', b, urlOf('mf_product', b));
    await api.activate('mf_product', b);
    await api.activate('mf_product', a);
    // the next start's new builds
    const c = copy('mf-product', a, '19990101000002');
    const cartActive = (await statusOf('mf_cart')).active!.version;
    const d = copy('mf-cart', cartActive, '19990101000003');

    await stack.stop();
    for (const stop of handStarted.splice(0)) await stop();
    notes.length = 0;
    stack = await start(ports, notes, { mf_product: c, mf_cart: d });
    cleanup.push(() => stack.stop());
    const product = await statusOf('mf_product');
    expect(product.active!.version).toBe(a);
    expect(product.releases.map((r) => r.version)).toContain(c);
    expect(notes.join('\n')).toContain(
      `mf_product: the registry's active release ${a} is kept (chosen by a rollback, an activation or with a canary running); the new build ${c} is only published`,
    );
    // mf_cart's active release was the newest, nobody chose it: the new build replaces it, as before
    expect((await statusOf('mf_cart')).active!.version).toBe(d);
    expect(notes.join('\n')).not.toContain('mf_cart: the registry');
    // the host check ran against what is active now
    expect(notes.join('\n')).toContain(`mf_product ${a} active`);
  }, 180_000);
});
