// A team token does everything its own remote needs, through the real routes: upload, the
// operations' registration that `activate` and `canary` ask for first (the release service
// registers the release's own operations with its ops token), activate, canary, promote, canary
// stop and rollback — and nothing of another remote, nor token management.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { tokenHash } from '@shop/server-kit';
import { eq } from 'drizzle-orm';
import { create } from 'tar';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { releaseTokens } from '../src/registry/registry-tables.ts';
import { createTestEnv, DRIVERS, persistedOperations, type TestEnv } from './test-env.ts';

// The gate's own checks are tested with the registry; here every release passes them.
vi.mock('../src/registry/release-gate.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/registry/release-gate.ts')>();
  return { ...real, runReleaseChecks: async () => ({ at: new Date().toISOString(), ok: true, results: [] }) };
});

const OPS = 'test-ops-token-0123456789';
const TEAM = 'rt_catalog-ci-team-token-0123456789';
const operation = (body: string) => ({ id: createHash('sha256').update(body).digest('hex'), body, name: 'TeamQuery', type: 'query' });
const GOOD = operation('query TeamQuery { __typename }');

/** A release folder's tar.gz; `operations`: its persisted-operations.json (none: the file is missing). */
async function archive(root: string, version: string, operations?: { app: string; operations: unknown[] }): Promise<Buffer> {
  const dir = path.join(root, `src-${version}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ id: 'mf_catalog', version }));
  writeFileSync(path.join(dir, 'remoteEntry.js'), `/* ${version} */`);
  if (operations) writeFileSync(path.join(dir, 'persisted-operations.json'), JSON.stringify(operations));
  const chunks: Buffer[] = [];
  for await (const chunk of create({ cwd: dir, gzip: true, portable: true }, ['.']) as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe.each(DRIVERS)('a team token on its own remote [%s]', (driver) => {
  let env: TestEnv;
  let work: string;
  /** A remote's server for a release published by its URL (not uploaded): path → body. */
  let server: Server;
  let origin = '';
  const served = new Map<string, string>();
  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'release-team-'));
    server = createServer((req, res) => {
      const body = served.get(req.url ?? '');
      res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
      res.end(body ?? '{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    env = await createTestEnv(driver, {
      opsToken: OPS,
      releases: {
        dir: path.join(work, 'releases'),
        keep: 10,
        maxUploadBytes: 1024 * 1024,
        maxUnpackedBytes: 1024 * 1024,
        maxFiles: 50,
        publicUrls: { mf_catalog: 'https://catalog.cdn.test', mf_product: 'https://product.cdn.test', mf_cart: 'https://cart.cdn.test' },
      },
    });
    await env.database.db.insert(releaseTokens).values({ name: 'catalog-ci', remote: 'mf_catalog', tokenSha256: tokenHash(TEAM) });
  });
  afterAll(async () => {
    await env?.close();
    await new Promise((resolve) => server?.close(resolve));
    rmSync(work, { recursive: true, force: true });
  });

  const headers = { authorization: `Bearer ${TEAM}`, 'content-type': 'application/json' };
  const upload = async (version: string, operations: { app: string; operations: unknown[] } | null = { app: 'mf-catalog', operations: [GOOD] }) => {
    const res = await env.request(`/api/ops/registry/uploads/mf_catalog/${version}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${TEAM}`, 'content-type': 'application/gzip' },
      body: (await archive(work, version, operations ?? undefined)) as Uint8Array<ArrayBuffer>,
    });
    expect(res.status, version).toBe(200);
  };
  const post = (route: string, body: unknown, token = TEAM) =>
    env.request(`/api/ops/registry${route}`, { method: 'POST', headers: { ...headers, authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  const error = async (res: Response) => ((await res.json()) as { errors: { message: string; extensions: { code: string } }[] }).errors[0]!;
  const registered = async (id: string) => (await env.database.db.select().from(persistedOperations).where(eq(persistedOperations.id, id))).length;
  /** What the CLI's `activate` and `canary` ask first. */
  const operations = (version: string, remote = 'mf_catalog') => post('/operations', { remote, version });

  it('releases, activates, runs a canary, promotes, stops a canary and rolls back its own remote', async () => {
    await upload('1.0.0-a');
    // the API lost the release's operation since the upload: registering again brings it back
    await env.database.db.delete(persistedOperations).where(eq(persistedOperations.id, GOOD.id));
    const again = await operations('1.0.0-a');
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ remote: 'mf_catalog', version: '1.0.0-a', operations: 1 });
    expect(await registered(GOOD.id)).toBe(1);
    expect((await post('/activate', { remote: 'mf_catalog', version: '1.0.0-a' })).status).toBe(200);
    await upload('1.0.0-b');
    expect((await operations('1.0.0-b')).status).toBe(200);
    expect((await post('/canary', { remote: 'mf_catalog', version: '1.0.0-b', percent: 20 })).status).toBe(200);
    expect((await post('/promote', { remote: 'mf_catalog' })).status).toBe(200);
    await upload('1.0.0-c');
    expect((await operations('1.0.0-c')).status).toBe(200);
    expect((await post('/canary', { remote: 'mf_catalog', version: '1.0.0-c', percent: 10 })).status).toBe(200);
    expect((await post('/canary/stop', { remote: 'mf_catalog' })).status).toBe(200);
    const rolled = await post('/rollback', { remote: 'mf_catalog' });
    expect(rolled.status).toBe(200);
    expect(await rolled.json()).toMatchObject({ from: '1.0.0-b', to: '1.0.0-a' });
    const status = (await (await env.request('/api/ops/registry?remote=mf_catalog', { headers })).json()) as {
      remotes: { history: { action: string; by: string }[] }[];
    };
    expect(status.remotes[0]?.history.map((h) => `${h.action}:${h.by}`).slice(0, 7)).toEqual([
      'rollback:catalog-ci',
      'canary-stop:catalog-ci',
      'canary:catalog-ci',
      'publish:catalog-ci',
      'promote:catalog-ci',
      'canary:catalog-ci',
      'publish:catalog-ci',
    ]);
  });

  it('is refused (403) for another remote in every step, and for token management', async () => {
    for (const [route, body] of [
      ['/operations', { remote: 'mf_cart', version: '1.0.0-a' }],
      ['/activate', { remote: 'mf_cart', version: '1.0.0-a' }],
      ['/canary', { remote: 'mf_cart', version: '1.0.0-a', percent: 10 }],
      ['/canary/stop', { remote: 'mf_cart' }],
      ['/promote', { remote: 'mf_cart' }],
      ['/rollback', { remote: 'mf_cart' }],
    ] as const) {
      const res = await post(route, body);
      expect(res.status, route).toBe(403);
      const refused = await error(res);
      expect(refused.extensions.code).toBe('RELEASE_FORBIDDEN');
      expect(refused.message, route).toBe('Токен «catalog-ci» выпускает только mf_catalog, не mf_cart');
    }
    expect((await post('/tokens', { name: 'mine', remote: 'mf_catalog' })).status).toBe(403);
    expect((await post('/tokens/revoke', { name: 'catalog-ci' })).status).toBe(403);
    expect((await env.request('/api/ops/registry/tokens', { headers })).status).toBe(403);
    // a wrong token is a 401, as everywhere
    expect((await post('/operations', { remote: 'mf_catalog', version: '1.0.0-a' }, 'rt_guessed')).status).toBe(401);
  });

  it("registers only the release's own operations: none, another app's or a refused one refuse the activation step", async () => {
    await upload('1.1.0-none', null);
    const none = await operations('1.1.0-none');
    expect(none.status).toBe(409);
    expect((await error(none)).message).toContain('нет persisted-operations.json');
    await upload('1.1.0-cart', { app: 'mf-cart', operations: [GOOD] });
    const other = await operations('1.1.0-cart');
    expect(other.status).toBe(409);
    expect((await error(other)).message).toContain('для «mf-cart», а не mf-catalog');
    expect((await operations('1.1.0-unknown')).status).toBe(404);
    // a release published by its URL (a local build) is read beside its manifest
    const version = '1.1.0-url';
    const bad = operation('query TeamQuery { noSuchField }');
    served.set(`/${version}/persisted-operations.json`, JSON.stringify({ app: 'mf-catalog', operations: [bad] }));
    expect((await post('/releases', { remote: 'mf_catalog', version, manifestUrl: `${origin}/${version}/mf-manifest.json` })).status).toBe(200);
    const refused = await operations(version);
    expect(refused.status).toBe(400);
    expect((await error(refused)).extensions.code).toBe('OPERATIONS_REFUSED');
    expect(await registered(bad.id)).toBe(0);
    const fine = operation('query TeamFine { __typename }');
    served.set(`/${version}/persisted-operations.json`, JSON.stringify({ app: 'mf-catalog', operations: [fine] }));
    expect((await operations(version)).status).toBe(200);
    expect(await registered(fine.id)).toBe(1);
  });
});
