// The remote server's /healthz (docker-compose's health check, npm start's supervisor): healthy
// only while its folder holds a release it can serve, so an empty or broken volume is reported.
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type Service, startService, waitForHttp } from './lib/stack.ts';

let dir = '';
let url = '';
let server: Service;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'shop-remote-health-'));
  const port = await freePort();
  url = `http://127.0.0.1:${port}/healthz`;
  server = startService('remote', process.execPath, ['scripts/serve-remote.mjs', path.join(dir, 'releases')], {
    env: { PORT: String(port) },
    log: { dir: path.join(dir, 'logs') },
  });
  await waitForHttp(url, server, 10_000, true);
});

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const status = async () => (await fetch(url)).status;

describe('remote server /healthz', () => {
  it('is 503 while the folder is missing, empty, or holds only broken releases, 200 once a release is readable', async () => {
    expect(await status()).toBe(503);
    const releases = path.join(dir, 'releases');
    mkdirSync(releases);
    expect(await status()).toBe(503);
    // a half-written release (partial upload) does not count
    mkdirSync(path.join(releases, '0.1.0-1'));
    writeFileSync(path.join(releases, '0.1.0-1', 'mf-manifest.json'), '{"name": "mf_cat');
    mkdirSync(path.join(releases, 'independent-packages'));
    expect(await status()).toBe(503);
    mkdirSync(path.join(releases, '0.1.0-2'));
    writeFileSync(path.join(releases, '0.1.0-2', 'mf-manifest.json'), '{"name":"mf_catalog"}');
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, releases: 1 });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  // (a chmod 000 folder is still readable by root, which CI runs as: a file in the folder's place fails for everyone)
  it('is 503 when the folder cannot be read, 200 again once it is back', async () => {
    const releases = path.join(dir, 'releases');
    renameSync(releases, `${releases}.away`);
    writeFileSync(releases, 'not a folder');
    try {
      expect(await status()).toBe(503);
    } finally {
      rmSync(releases);
      renameSync(`${releases}.away`, releases);
    }
    expect(await status()).toBe(200);
  });
});
