// Release storage in an S3-compatible bucket (RELEASES_S3_*), against a local S3 server (s3rver):
// an upload lands as objects a CDN can front (content types, an immutable cache for everything but
// the manifest), the manifest URL names the bucket's public address, a version is never written
// twice, a release the registry refuses leaves nothing behind, and retention deletes old releases.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { create } from 'tar';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestEnv, type TestEnv } from './test-env.ts';

const gate = vi.hoisted(() => ({ refuse: null as string | null }));
vi.mock('../src/registry/release-gate.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/registry/release-gate.ts')>();
  return {
    ...real,
    runReleaseChecks: async () => ({
      at: new Date().toISOString(),
      ok: gate.refuse === null,
      results: gate.refuse === null ? [] : [{ check: 'manifest', ok: false, reason: gate.refuse }],
    }),
  };
});

const OPS = 'test-ops-token-0123456789';
let env: TestEnv;
let server: S3rver;
let work: string;
let publicUrl = '';

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'release-s3-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(work, 's3'), configureBuckets: [{ name: 'releases', configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  publicUrl = `${endpoint}/releases`;
  // s3rver's own account
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  env = await createTestEnv('pglite', {
    opsToken: OPS,
    releases: {
      dir: undefined,
      s3: { bucket: 'releases', endpoint, region: 'us-east-1', publicUrl },
      keep: 2,
      maxUploadBytes: 256 * 1024,
      maxUnpackedBytes: 1024 * 1024,
      maxFiles: 50,
      publicUrls: { mf_catalog: `${publicUrl}/mf_catalog`, mf_product: `${publicUrl}/mf_product`, mf_cart: `${publicUrl}/mf_cart` },
    },
  });
});
afterAll(async () => {
  await env?.close();
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

async function archiveOf(marker: string): Promise<Buffer> {
  const dir = mkdtempSync(path.join(work, 'src-'));
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ id: 'mf_catalog', marker }));
  mkdirSync(path.join(dir, 'static', 'js'), { recursive: true });
  writeFileSync(path.join(dir, 'static', 'js', 'page.js'), `console.log(${JSON.stringify(marker)})`);
  writeFileSync(path.join(dir, 'static', 'page.css'), `.${marker} {}`);
  const chunks: Buffer[] = [];
  for await (const chunk of create({ cwd: dir, gzip: true, portable: true }, ['.']) as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}
const upload = async (version: string, marker: string) =>
  env.request(`/api/ops/registry/uploads/mf_catalog/${version}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/gzip', authorization: `Bearer ${OPS}` },
    body: (await archiveOf(marker)) as Uint8Array<ArrayBuffer>,
  });

it('stores a release as objects a CDN can serve, and names their public address in the registry', async () => {
  const res = await upload('0.1.0-s1', 'first');
  expect(res.status).toBe(200);
  const { manifestUrl } = (await res.json()) as { manifestUrl: string };
  expect(manifestUrl).toBe(`${publicUrl}/mf_catalog/0.1.0-s1/mf-manifest.json`);
  const manifest = await fetch(manifestUrl);
  expect(manifest.status).toBe(200);
  expect((await manifest.json()).marker).toBe('first');
  expect(manifest.headers.get('cache-control')).toBe('no-cache');
  const script = await fetch(`${publicUrl}/mf_catalog/0.1.0-s1/static/js/page.js`);
  expect([script.status, script.headers.get('cache-control')]).toEqual([200, 'public, max-age=31536000, immutable']);
  expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
  expect(await script.text()).toContain('first');
  expect((await fetch(`${publicUrl}/mf_catalog/0.1.0-s1/static/page.css`)).headers.get('content-type')).toMatch(/^text\/css/);
});

it('never writes a version twice', async () => {
  const again = await upload('0.1.0-s1', 'second');
  expect(again.status).toBe(409);
  expect(await (await fetch(`${publicUrl}/mf_catalog/0.1.0-s1/static/js/page.js`)).text()).toContain('first');
});

it('leaves nothing of a release the registry refuses', async () => {
  gate.refuse = 'манифест не загрузился';
  try {
    expect((await upload('0.1.0-s2', 'refused')).status).not.toBe(200);
  } finally {
    gate.refuse = null;
  }
  for (const file of ['mf-manifest.json', 'static/js/page.js']) expect((await fetch(`${publicUrl}/mf_catalog/0.1.0-s2/${file}`)).status).toBe(404);
});

it('retention deletes the objects of releases past the newest two', async () => {
  for (const version of ['0.1.0-s3', '0.1.0-s4']) expect((await upload(version, version)).status).toBe(200);
  expect((await fetch(`${publicUrl}/mf_catalog/0.1.0-s1/mf-manifest.json`)).status).toBe(404);
  expect((await fetch(`${publicUrl}/mf_catalog/0.1.0-s1/static/js/page.js`)).status).toBe(404);
  expect((await fetch(`${publicUrl}/mf_catalog/0.1.0-s4/mf-manifest.json`)).status).toBe(200);
});
