// `npm start`'s forgiving start-up, for real: the built servers under startStack with
// `supervision`. The API crashes once before it is ready and is restarted; the release service
// crashes on the first publish, so the first activation fails: startStack still resolves, the
// shop serves, and the background retry ends with the builds active.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
  type Stack,
  startStack,
} from './stack.ts';

const built =
  existsSync(path.join(ROOT, SERVER_ENTRIES.api)) &&
  existsSync(path.join(ROOT, SERVER_ENTRIES.release)) &&
  existsSync(path.join(ROOT, SERVER_ENTRIES.host)) &&
  REMOTES.every((r) => {
    try {
      return !!latestRelease(r.dir);
    } catch {
      return false;
    }
  });

const work = mkdtempSync(path.join(tmpdir(), 'shop-startup-retry-'));
const cleanup: (() => Promise<void> | void)[] = [];
const entries = { api: process.env.SHOP_API_ENTRY, release: process.env.SHOP_RELEASE_ENTRY };
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
  process.env.SHOP_API_ENTRY = entries.api ?? '';
  process.env.SHOP_RELEASE_ENTRY = entries.release ?? '';
  rmSync(work, { recursive: true, force: true });
}, 60_000);

/** A server entry that runs the real one, crashing once first (before it listens, or on its first matching request). */
function crashingOnce(name: string, entry: string, onRequest?: string): string {
  const file = path.join(work, `${name}-crashes-once.mjs`);
  const marker = path.join(work, `${name}.crashed`);
  const real = path.join(ROOT, entry);
  writeFileSync(
    file,
    `import { existsSync, writeFileSync } from 'node:fs';
import http from 'node:http';
const crash = () => { writeFileSync(${JSON.stringify(marker)}, ''); console.error('Error: ${name} crashes once (test)'); process.exit(7); };
if (${JSON.stringify(!onRequest)} && !existsSync(${JSON.stringify(marker)})) crash();
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, request, ...rest) {
  if (event === 'request' && ${JSON.stringify(onRequest ?? '')} && request.url.startsWith(${JSON.stringify(onRequest ?? '')}) && !existsSync(${JSON.stringify(marker)})) crash();
  return emit.call(this, event, request, ...rest);
};
await import(${JSON.stringify(new URL(`file://${real}`).href)});
`,
  );
  return path.relative(ROOT, file);
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const OPS_TOKEN = 'startup-retry-test-token';

describe.skipIf(!built)('npm start forgives a slow or crashing start-up', () => {
  let ports: Ports;
  let stack: Stack;
  const notes: string[] = [];
  const supervisor: string[] = [];
  const gaveUp: string[] = [];
  const versions = Object.fromEntries(REMOTES.map((r) => [r.name, built ? latestRelease(r.dir) : ''])) as Record<
    RemoteName,
    string
  >;

  it('restarts the API that crashed before it was ready, and resolves though the first activation failed', async () => {
    ports = await freePorts();
    process.env.SHOP_API_ENTRY = crashingOnce('api', SERVER_ENTRIES.api);
    process.env.SHOP_RELEASE_ENTRY = crashingOnce('release', SERVER_ENTRIES.release, '/api/ops/registry/releases');
    stack = await startStack({
      ports,
      registry: localRegistry(ports, versions),
      opsToken: OPS_TOKEN,
      pgliteDir: path.join(work, 'pglite'),
      releasesDir: path.join(work, 'releases'),
      log: { dir: path.join(work, 'logs') },
      env: { REGISTRY_TTL_MS: '0', RELEASE_SMOKE: 'off' },
      keepActive: true,
      checkHost: true,
      note: (line) => notes.push(line),
      supervision: { initialDelayMs: 200, log: (line) => supervisor.push(line), onGiveUp: (reason) => gaveUp.push(reason) },
    });
    cleanup.push(() => stack.stop());
    expect(supervisor.join('\n')).toMatch(/^api stopped unexpectedly \(exit code 7; last error line: Error: api crashes once/m);
    expect(supervisor.join('\n')).toMatch(/^release stopped unexpectedly \(exit code 7/m);
    const failed = notes.find((l) => l.startsWith('Start-up check failed'));
    expect(failed).toMatch(/activating mf_\w+ .*did not answer/);
    expect(failed).toMatch(/The shop keeps running and serves (nothing for mf_catalog yet|whatever the registry had active before)/);
    expect(failed).toMatch(/Retrying in 5 s\.$/);
    // the shop serves meanwhile
    expect((await fetch(`http://127.0.0.1:${ports.host}/`)).status).toBe(200);
    expect(gaveUp).toEqual([]);
  }, 400_000);

  it('ends with the new builds active after the retry', async () => {
    await until(() => notes.some((l) => l.startsWith('Start-up checks passed on retry')), 120_000, 'the retry');
    const registry = createRegistryClient({ base: `http://127.0.0.1:${ports.release}`, token: OPS_TOKEN, by: 'test' });
    const remotes = (await registry.status()).remotes;
    for (const r of REMOTES) expect(remotes.find((s) => s.name === r.name)?.active?.version).toBe(versions[r.name]);
    expect(notes.join('\n')).toMatch(/The host build host\/dist is compatible with/);
    expect((await fetch(`http://127.0.0.1:${ports.host}/`)).status).toBe(200);
  }, 150_000);
});
