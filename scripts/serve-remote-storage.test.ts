// The remote server serves its local builds and its release storage as one (npm start: <remote>/dist
// and .data/releases/<remote>, where the API unpacks uploads), and never a hidden path: an upload
// being unpacked (.incoming-*) is not servable until it is renamed into place.
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type Service, startService, waitForHttp } from './lib/stack.ts';

let dir = '';
let base = '';
let server: Service;

function release(folder: string, marker: string) {
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'mf-manifest.json'), JSON.stringify({ marker }));
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'shop-remote-storage-'));
  release(path.join(dir, 'dist', '0.1.0-local'), 'local build');
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = startService('remote', process.execPath, ['scripts/serve-remote.mjs', path.join(dir, 'dist'), path.join(dir, 'storage')], {
    env: { PORT: String(port) },
    log: { dir: path.join(dir, 'logs') },
  });
  await waitForHttp(`${base}/healthz`, server, 10_000, true);
});

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const get = async (route: string) => {
  const response = await fetch(`${base}${route}`);
  return { status: response.status, text: await response.text() };
};

describe('remote server with release storage', () => {
  it('serves a local build and an uploaded release side by side, the upload as soon as it is renamed into place', async () => {
    expect((await get('/0.1.0-local/mf-manifest.json')).text).toContain('local build');
    // the storage folder did not exist when the server started
    const incoming = path.join(dir, 'storage', '.incoming-0.1.0-up-1a2b3c');
    release(incoming, 'uploaded');
    expect((await get('/.incoming-0.1.0-up-1a2b3c/mf-manifest.json')).status).toBe(404);
    expect((await get('/%2Eincoming-0.1.0-up-1a2b3c/mf-manifest.json')).status).toBe(404);
    expect((await get('/0.1.0-up/mf-manifest.json')).status).toBe(404);
    renameSync(incoming, path.join(dir, 'storage', '0.1.0-up'));
    expect((await get('/0.1.0-up/mf-manifest.json')).text).toContain('uploaded');
    expect(JSON.parse((await get('/healthz')).text)).toEqual({ ok: true, releases: 2 });
  });

  it('never serves a hidden file inside a release either', async () => {
    writeFileSync(path.join(dir, 'storage', '0.1.0-up', '.env'), 'SECRET=1');
    expect((await get('/0.1.0-up/.env')).status).toBe(404);
  });
});
