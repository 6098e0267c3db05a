// Rollback always has somewhere to go: a team uploads more releases than RELEASE_KEEP, refused,
// bad and good ones mixed, through the real routes with its own token; retention prunes the
// refused and bad ones first and never the releases a rollback walks to, so repeated rollbacks
// reach the shop's first good release, skipping every refused and bad one on the way.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { tokenHash } from '@shop/server-kit';
import { create } from 'tar';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { releaseTokens } from '../src/registry/registry-tables.ts';
import { createTestEnv, DRIVERS, type TestEnv } from './test-env.ts';

// The gate's own checks are tested with the registry; here it refuses the versions a test names
// (after their upload: a smoke refusal at activation).
const gate = vi.hoisted(() => ({ refuse: new Set<string>() }));
vi.mock('../src/registry/release-gate.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/registry/release-gate.ts')>();
  return {
    ...real,
    runReleaseChecks: async (release: { version: string }) => {
      const refused = gate.refuse.has(release.version);
      return {
        at: new Date().toISOString(),
        ok: !refused,
        results: refused ? [{ check: 'smoke', ok: false, reason: 'страница упала в Chromium' }] : [],
      };
    },
  };
});

const OPS = 'test-ops-token-0123456789';
const TEAM = 'rt_catalog-team-token-rollback-0123456789';
const KEEP = 4;

async function archive(root: string, version: string): Promise<Buffer> {
  const dir = path.join(root, `src-${version}`);
  mkdirSync(path.join(dir, 'static'), { recursive: true });
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ id: 'mf_catalog', version }));
  writeFileSync(path.join(dir, 'remoteEntry.js'), `/* ${version} */`);
  writeFileSync(path.join(dir, 'static', 'page.js'), `/* ${version} */`);
  const chunks: Buffer[] = [];
  for await (const chunk of create({ cwd: dir, gzip: true, portable: true }, ['.']) as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe.each(DRIVERS)('rollback after more releases than RELEASE_KEEP [%s]', (driver) => {
  let env: TestEnv;
  let work: string;
  let storage: string;
  beforeAll(async () => {
    gate.refuse.clear();
    work = mkdtempSync(path.join(tmpdir(), 'release-rollback-'));
    storage = path.join(work, 'releases');
    env = await createTestEnv(driver, {
      opsToken: OPS,
      releases: {
        dir: storage,
        keep: KEEP,
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
    rmSync(work, { recursive: true, force: true });
  });

  const auth = { authorization: `Bearer ${TEAM}` };
  /** Uploads a release with the team's token; returns the versions retention pruned. */
  const upload = async (version: string) => {
    const res = await env.request(`/api/ops/registry/uploads/mf_catalog/${version}`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/gzip' },
      body: (await archive(work, version)) as Uint8Array<ArrayBuffer>,
    });
    expect(res.status, version).toBe(200);
    return ((await res.json()) as { pruned: string[] }).pruned;
  };
  const ops = (route: string, body: unknown) =>
    env.request(`/api/ops/registry${route}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const activate = (version: string) => ops('/activate', { remote: 'mf_catalog', version });
  const rollback = async () => {
    const res = await ops('/rollback', { remote: 'mf_catalog' });
    return { status: res.status, body: (await res.json()) as { from?: string; to?: string; errors?: { message: string }[] } };
  };
  const stored = (version: string) => existsSync(path.join(storage, 'mf_catalog', version, 'mf-manifest.json'));
  const active = async () => {
    const res = await env.request('/api/registry');
    return ((await res.json()) as { remotes: Record<string, { active: { version: string } }> }).remotes.mf_catalog?.active.version;
  };

  it('prunes refused and bad releases first, keeps every rollback target, and rollbacks walk back to the first good release', async () => {
    // g1 is the shop's first good release, g2 the next; p0 is published and never activated
    expect(await upload('1.0.0-g1')).toEqual([]);
    expect((await activate('1.0.0-g1')).status).toBe(200);
    expect(await upload('1.0.0-g2')).toEqual([]);
    expect((await activate('1.0.0-g2')).status).toBe(200);
    expect(await upload('1.0.0-p0')).toEqual([]);
    // r1 is refused by the smoke at activation: its files stay (a team may preview why)
    expect(await upload('1.0.0-r1')).toEqual([]);
    gate.refuse.add('1.0.0-r1');
    expect((await activate('1.0.0-r1')).status).toBe(409);
    expect(stored('1.0.0-r1')).toBe(true);
    // one over the keep count: the refused r1 goes before p0, though p0 is older
    expect(await upload('1.0.0-q1')).toEqual(['1.0.0-r1']);
    expect((await activate('1.0.0-q1')).status).toBe(200);
    // p0 is neither newest, active nor a rollback target
    expect(await upload('1.0.0-x1')).toEqual(['1.0.0-p0']);
    expect((await activate('1.0.0-x1')).status).toBe(200);
    // x1 is rolled back from at once: marked bad, and pruned (bad before good) with the next upload
    expect((await rollback()).body).toMatchObject({ from: '1.0.0-x1', to: '1.0.0-q1' });
    expect(await upload('1.0.0-r2')).toEqual(['1.0.0-x1']);
    gate.refuse.add('1.0.0-r2');
    expect((await activate('1.0.0-r2')).status).toBe(409);
    expect(await upload('1.0.0-r3')).toEqual(['1.0.0-r2']);
    gate.refuse.add('1.0.0-r3');
    expect((await activate('1.0.0-r3')).status).toBe(409);
    // b1 passes the gate and goes live, broken
    expect(await upload('1.0.0-b1')).toEqual(['1.0.0-r3']);
    expect((await activate('1.0.0-b1')).status).toBe(200);
    // nine releases with a keep count of four; the active and its three rollback targets are stored
    expect(['g1', 'g2', 'q1', 'b1'].map((v) => stored(`1.0.0-${v}`))).toEqual([true, true, true, true]);
    expect(['p0', 'r1', 'x1', 'r2', 'r3'].map((v) => stored(`1.0.0-${v}`))).toEqual([false, false, false, false, false]);

    // q1's files no longer pass the gate: the rollback to it is refused and b1 stays live…
    gate.refuse.add('1.0.0-q1');
    const refused = await rollback();
    expect(refused.status).toBe(409);
    expect(await active()).toBe('1.0.0-b1');
    // …and the next rollback skips the refused q1 (and the bad x1, the refused r1–r3)
    expect((await rollback()).body).toMatchObject({ from: '1.0.0-b1', to: '1.0.0-g2' });
    expect((await rollback()).body).toMatchObject({ from: '1.0.0-g2', to: '1.0.0-g1' });
    expect(await active()).toBe('1.0.0-g1');
    // the first good release is the end of the walk
    const end = await rollback();
    expect(end.status).toBe(400);
    expect(end.body.errors?.[0]?.message).toContain('нет более раннего исправного релиза');
    expect(await active()).toBe('1.0.0-g1');
  });
});
