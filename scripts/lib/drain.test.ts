// A replica told to stop leaves the balancer first: from SIGTERM its readiness check answers 503
// for SHUTDOWN_DRAIN_MS while it still serves requests, then it closes and exits 0. The compiled
// API, release service and host server, as production runs them (npm test builds them first).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { COMPILED_CONDITIONS, freePort, ROOT, SERVER_ENTRIES, type Service, startService, waitForHttp } from './stack.ts';

const work = mkdtempSync(path.join(tmpdir(), 'shop-drain-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function start(name: string, entry: string, env: Record<string, string>): Service {
  return startService(name, process.execPath, ['--enable-source-maps', ...COMPILED_CONDITIONS, path.join(ROOT, entry)], {
    env: { ...env, SHUTDOWN_DRAIN_MS: '1500' },
    log: { dir: work },
  });
}

async function drains(service: Service, readyUrl: string, servedUrl: string): Promise<void> {
  await waitForHttp(readyUrl, service, 90_000);
  const { child } = service;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stoppedAt = Date.now();
  child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 200));
  // out of the balancer, still serving
  const ready = await fetch(readyUrl);
  expect(ready.status).toBe(503);
  expect(await ready.json()).toMatchObject({ ok: false });
  expect((await fetch(servedUrl)).status).toBe(200);
  expect(await exited).toBe(0);
  expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(1400);
}

it('the API answers 503 on /api/health while draining, serves meanwhile, then exits 0', async () => {
  const port = await freePort();
  const api = start('api', SERVER_ENTRIES.api, { API_PORT: String(port), PGLITE_DIR: path.join(work, 'pglite'), DATABASE_URL: '', OPS_TOKEN: '' });
  await drains(api, `http://127.0.0.1:${port}/api/health`, `http://127.0.0.1:${port}/api/images/brand/nike.svg`);
}, 120_000);

it('the host server answers 503 on /healthz while draining, serves meanwhile, then exits 0', async () => {
  const port = await freePort();
  const host = start('host', SERVER_ENTRIES.host, { HOST_PORT: String(port), REGISTRY_JSON: '{}', API_URL: 'http://127.0.0.1:9' });
  await drains(host, `http://127.0.0.1:${port}/healthz`, `http://127.0.0.1:${port}/robots.txt`);
}, 120_000);

it('the release service answers 503 on /healthz while draining, serves meanwhile, then exits 0', async () => {
  const port = await freePort();
  const release = start('release', SERVER_ENTRIES.release, {
    RELEASE_PORT: String(port),
    RELEASE_PGLITE_DIR: path.join(work, 'release-pglite'),
    DATABASE_URL: '',
    API_URL: 'http://127.0.0.1:9',
  });
  await drains(release, `http://127.0.0.1:${port}/healthz`, `http://127.0.0.1:${port}/api/registry`);
}, 120_000);
