// The publish endpoint a team's CI uploads a release to (registry/upload-routes.ts): who may
// upload what, archives that try to escape release storage or blow it up, immutable versions,
// all-or-nothing unpacking, and the retention rule that prunes old releases but never the
// newest, the active, the canary or the releases a rollback goes to.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { create } from 'tar';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registryEvents, releaseTokens, remoteActivations, remoteReleases, remoteState } from '../src/registry/registry-tables.ts';
import { persistedOperations } from './test-env.ts';
import { tokenHash as sha256 } from '@shop/server-kit';
import { createTestEnv, DRIVERS, type TestEnv } from './test-env.ts';

// The registry's own checks (release-checks.ts: manifest reachable, exposes, singletons…) are
// tested with the registry; here the gate passes, or refuses when a test says so.
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
const CATALOG_TEAM = 'rt_catalog-team-token-0123456789';
const CART_TEAM = 'rt_cart-team-token-0123456789';
const MAX_UPLOAD = 256 * 1024;

async function pack(cwd: string, entries: string[], options: { preservePaths?: boolean; gzip?: boolean } = {}): Promise<Buffer> {
  const stream = create({ cwd, gzip: options.gzip ?? true, portable: true, preservePaths: options.preservePaths ?? false }, entries);
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A release folder like a build's: manifest, entry, a chunk with a marker. */
function releaseFolder(root: string, marker: string, extra: (dir: string) => void = () => {}): string {
  const dir = mkdtempSync(path.join(root, 'src-'));
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ id: 'mf_catalog', marker }));
  writeFileSync(path.join(dir, 'remoteEntry.js'), `/* ${marker} */`);
  mkdirSync(path.join(dir, 'static', 'js'), { recursive: true });
  writeFileSync(path.join(dir, 'static', 'js', 'page.js'), `console.log(${JSON.stringify(marker)})`);
  extra(dir);
  return dir;
}

describe.each(DRIVERS)('release uploads [%s]', (driver) => {
  let env: TestEnv;
  let storage: string;
  let work: string;
  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'release-upload-'));
    storage = path.join(work, 'releases');
    env = await createTestEnv(driver, {
      opsToken: OPS,
      releases: {
        dir: storage,
        keep: 2,
        maxUploadBytes: MAX_UPLOAD,
        maxUnpackedBytes: 1024 * 1024,
        maxFiles: 50,
        publicUrls: { mf_catalog: 'https://catalog.cdn.test', mf_product: 'https://product.cdn.test', mf_cart: 'https://cart.cdn.test' },
      },
    });
    await env.database.db.insert(releaseTokens).values([
      { name: 'catalog-team', remote: 'mf_catalog', tokenSha256: sha256(CATALOG_TEAM) },
      { name: 'cart-team', remote: 'mf_cart', tokenSha256: sha256(CART_TEAM) },
    ]);
  });
  afterAll(async () => {
    await env?.close();
    rmSync(work, { recursive: true, force: true });
  });

  const upload = (remote: string, version: string, body: Uint8Array | null, token: string | null = CATALOG_TEAM, meta?: unknown) =>
    env.request(`/api/ops/registry/uploads/${remote}/${version}`, {
      method: 'PUT',
      headers: {
        'content-type': 'application/gzip',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(meta ? { 'x-release-meta': Buffer.from(JSON.stringify(meta)).toString('base64url') } : {}),
      },
      ...(body ? { body: body as Uint8Array<ArrayBuffer> } : {}),
    });
  const rows = (version: string) =>
    env.database.db.select().from(remoteReleases).where(and(eq(remoteReleases.remote, 'mf_catalog'), eq(remoteReleases.version, version)));
  const catalogDir = () => path.join(storage, 'mf_catalog');
  const leftovers = () => (existsSync(catalogDir()) ? readdirSync(catalogDir()).filter((n) => n.startsWith('.')) : []);
  const message = async (res: Response) => ((await res.json()) as { errors: { message: string; extensions: { code: string } }[] }).errors[0]!;

  it('takes a release from its team token, stores it under its version and records the build metadata with the token as actor', async () => {
    // a file the archive marks private (0600) is stored readable for the static server
    const archive = await pack(releaseFolder(work, 'first', (d) => chmodSync(path.join(d, 'static', 'js', 'page.js'), 0o600)), ['.']);
    const meta = { commit: 'abc1234', author: 'Анна <anna@team.test>', builtAt: '2026-11-24T01:00:00Z', notes: 'Новый заголовок', by: 'someone-else' };
    // the CLI's version: semver with the build as metadata, its `+` sent as %2B
    const res = await upload('mf-catalog', '0.1.0%2B20261130-a1', archive, CATALOG_TEAM, meta);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { manifestUrl: string; actor: string };
    expect(body.manifestUrl).toBe('https://catalog.cdn.test/0.1.0%2B20261130-a1/mf-manifest.json');
    expect(body.actor).toBe('catalog-team');
    expect(JSON.parse(readFileSync(path.join(catalogDir(), '0.1.0+20261130-a1', 'mf-manifest.json'), 'utf8')).marker).toBe('first');
    expect(readFileSync(path.join(catalogDir(), '0.1.0+20261130-a1', 'static', 'js', 'page.js'), 'utf8')).toContain('first');
    expect(statSync(path.join(catalogDir(), '0.1.0+20261130-a1', 'static', 'js', 'page.js')).mode & 0o777).toBe(0o644);
    const [row] = await rows('0.1.0+20261130-a1');
    expect(row?.createdBy).toBe('catalog-team');
    expect(row?.manifestUrl).toBe('https://catalog.cdn.test/0.1.0%2B20261130-a1/mf-manifest.json');
    expect(row?.meta).toEqual({ version: '0.1.0+20261130-a1', commit: 'abc1234', author: 'Анна <anna@team.test>', builtAt: '2026-11-24T01:00:00Z', notes: 'Новый заголовок' });
    const events = await env.database.db.select().from(registryEvents).where(eq(registryEvents.version, '0.1.0+20261130-a1'));
    expect(events.map((e) => `${e.action}:${e.by}`)).toEqual(['publish:catalog-team']);
    expect(leftovers()).toEqual([]);
  });

  it('refuses a missing or wrong token (401) and another remote\'s team token (403), storing nothing', async () => {
    const archive = await pack(releaseFolder(work, 'intruder'), ['.']);
    expect((await upload('mf_catalog', '0.1.0-x1', archive, null)).status).toBe(401);
    expect((await upload('mf_catalog', '0.1.0-x1', archive, 'rt_guessed')).status).toBe(401);
    const other = await upload('mf_catalog', '0.1.0-x1', archive, CART_TEAM);
    expect(other.status).toBe(403);
    expect((await message(other)).extensions.code).toBe('RELEASE_FORBIDDEN');
    expect(existsSync(path.join(catalogDir(), '0.1.0-x1'))).toBe(false);
    expect(await rows('0.1.0-x1')).toEqual([]);
    // the ops token may release any remote
    expect((await upload('mf_cart', '0.1.0-ops', archive, OPS)).status).toBe(200);
    expect(existsSync(path.join(storage, 'mf_cart', '0.1.0-ops', 'mf-manifest.json'))).toBe(true);
    // an unknown remote or a version that is not one path segment
    expect((await upload('mf_unknown', '0.1.0-x1', archive)).status).toBe(404);
    expect((await upload('mf_catalog', '..', archive)).status).toBe(404);
    expect((await upload('mf_catalog', '.hidden', archive)).status).toBe(400);
    // a version that is no semver
    for (const version of ['v2', '1.0', '0.1.0+a..b', '0.1.0%20b', `0.1.0+${'a'.repeat(60)}`]) {
      const refused = await upload('mf_catalog', version, archive);
      expect(refused.status, version).toBe(400);
      expect((await message(refused)).message, version).toContain('semver');
    }
  });

  it('refuses a version that exists: releases are immutable, the stored files stay as they were', async () => {
    const res = await upload('mf_catalog', '0.1.0+20261130-a1', await pack(releaseFolder(work, 'replacement'), ['.']));
    expect(res.status).toBe(409);
    expect((await message(res)).message).toContain('неизменяемы');
    expect(JSON.parse(readFileSync(path.join(catalogDir(), '0.1.0+20261130-a1', 'mf-manifest.json'), 'utf8')).marker).toBe('first');
  });

  it('refuses archives that climb out, name absolute paths, carry links or hidden files, or lack a manifest — whole, writing nothing', async () => {
    const outside = path.join(work, 'outside');
    mkdirSync(outside);
    const src = releaseFolder(outside, 'evil');
    writeFileSync(path.join(outside, 'escape.txt'), 'pwned');
    const climbing = await pack(src, ['.', '../escape.txt'], { preservePaths: true });
    const absolute = await pack(src, ['.', path.join(outside, 'escape.txt')], { preservePaths: true });
    const linked = await pack(releaseFolder(work, 'link', (d) => symlinkSync('/etc/passwd', path.join(d, 'static', 'passwd'))), ['.']);
    const hidden = await pack(releaseFolder(work, 'hidden', (d) => writeFileSync(path.join(d, '.env'), 'SECRET=1')), ['.']);
    const noManifest = await pack(releaseFolder(work, 'none', (d) => rmSync(path.join(d, 'mf-manifest.json'))), ['.']);
    const cases: [string, Buffer, string][] = [
      ['0.1.0-climb', climbing, 'выходит из папки'],
      ['0.1.0-abs', absolute, 'абсолютный путь'],
      ['0.1.0-link', linked, 'SymbolicLink'],
      ['0.1.0-hidden', hidden, 'скрытый файл'],
      ['0.1.0-nomanifest', noManifest, 'mf-manifest.json'],
      ['0.1.0-garbage', Buffer.from('not a tarball at all'), 'архив'],
    ];
    for (const [version, archive, reason] of cases) {
      const res = await upload('mf_catalog', version, archive);
      expect(res.status, version).toBe(400);
      expect((await message(res)).message, version).toContain(reason);
      expect(existsSync(path.join(catalogDir(), version)), version).toBe(false);
      expect(await rows(version), version).toEqual([]);
    }
    expect(existsSync(path.join(storage, 'escape.txt'))).toBe(false);
    expect(existsSync(path.join(storage, 'mf_catalog', 'escape.txt'))).toBe(false);
    expect(leftovers()).toEqual([]);
  });

  it('refuses a body over the upload limit (413), a release that unpacks too large, or too many files', async () => {
    const big = await pack(releaseFolder(work, 'big', (d) => writeFileSync(path.join(d, 'static', 'noise.bin'), randomBytes(MAX_UPLOAD * 2))), ['.']);
    expect(big.byteLength).toBeGreaterThan(MAX_UPLOAD);
    expect((await upload('mf_catalog', '0.1.0-big', big)).status).toBe(413);
    // 4 MB of zeros: a few KB packed, over the 1 MB unpacked limit (a gzip bomb)
    const bomb = await pack(releaseFolder(work, 'bomb', (d) => writeFileSync(path.join(d, 'static', 'zeros.bin'), Buffer.alloc(4 * 1024 * 1024))), ['.']);
    expect(bomb.byteLength).toBeLessThan(MAX_UPLOAD);
    const bombed = await upload('mf_catalog', '0.1.0-bomb', bomb);
    expect(bombed.status).toBe(400);
    expect((await message(bombed)).message).toContain('больше 1 МБ');
    const many = await pack(releaseFolder(work, 'many', (d) => {
      for (let i = 0; i < 60; i++) writeFileSync(path.join(d, 'static', `f${i}.js`), '1');
    }), ['.']);
    const crowded = await upload('mf_catalog', '0.1.0-many', many);
    expect(crowded.status).toBe(400);
    expect((await message(crowded)).message).toContain('больше 50 файлов');
    for (const v of ['0.1.0-big', '0.1.0-bomb', '0.1.0-many']) expect(existsSync(path.join(catalogDir(), v))).toBe(false);
    expect(leftovers()).toEqual([]);
  });

  it('lands two uploads of one version at once as one release: the other is refused, never mixed', async () => {
    const [a, b] = await Promise.all([
      upload('mf_catalog', '0.1.0-race', await pack(releaseFolder(work, 'race-a'), ['.'])),
      upload('mf_catalog', '0.1.0-race', await pack(releaseFolder(work, 'race-b'), ['.'])),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const marker = JSON.parse(readFileSync(path.join(catalogDir(), '0.1.0-race', 'mf-manifest.json'), 'utf8')).marker;
    expect(readFileSync(path.join(catalogDir(), '0.1.0-race', 'remoteEntry.js'), 'utf8')).toContain(marker);
    expect(leftovers()).toEqual([]);
  });

  it("registers the release's trusted documents with it, and refuses the release (no files, no row) when one is refused", async () => {
    const operation = (body: string) => ({ id: createHash('sha256').update(body).digest('hex'), body, name: 'T', type: 'query' });
    const withOperations = (ops: unknown[]) =>
      pack(releaseFolder(work, 'ops', (d) => writeFileSync(path.join(d, 'persisted-operations.json'), JSON.stringify({ app: 'mf-catalog', operations: ops }))), ['.']);
    const refused = await upload('mf_catalog', '0.1.0-badops', await withOperations([operation('query T { noSuchField }')]));
    expect(refused.status).toBe(400);
    expect((await message(refused)).extensions.code).toBe('OPERATIONS_REFUSED');
    expect(existsSync(path.join(catalogDir(), '0.1.0-badops'))).toBe(false);
    expect(await rows('0.1.0-badops')).toEqual([]);
    const good = operation('query T { __typename }');
    expect((await upload('mf_catalog', '0.1.0-goodops', await withOperations([good]))).status).toBe(200);
    const registered = await env.database.db.select().from(persistedOperations).where(eq(persistedOperations.id, good.id));
    expect(registered.length).toBe(1);
  });

  it('removes the files of a release the registry refuses at publish: nothing refused stays servable', async () => {
    gate.refuse = 'манифест не загрузился';
    try {
      const res = await upload('mf_catalog', '0.1.0-refused', await pack(releaseFolder(work, 'refused'), ['.']));
      expect(res.status).toBe(409);
      expect((await message(res)).message).toContain('манифест не загрузился');
    } finally {
      gate.refuse = null;
    }
    expect(existsSync(path.join(catalogDir(), '0.1.0-refused'))).toBe(false);
    const [row] = await rows('0.1.0-refused');
    expect(row?.status).toBe('refused');
    expect(row?.pruned).toBe(true);
    expect(leftovers()).toEqual([]);
  });

  it('keeps RELEASE_KEEP releases besides the newest, the active, the canary and the rollback targets; pruned rows stay', async () => {
    const db = env.database.db;
    const publish = async (version: string) => {
      const res = await upload('mf_product', version, await pack(releaseFolder(work, version), ['.']), OPS);
      expect(res.status, version).toBe(200);
      return ((await res.json()) as { pruned: string[] }).pruned;
    };
    const product = (v: string) => existsSync(path.join(storage, 'mf_product', v, 'mf-manifest.json'));
    for (const v of ['1.0.0-1', '1.0.0-2']) expect(await publish(v)).toEqual([]);
    // 1 was active, then 2 (active now)
    await db.insert(remoteActivations).values([
      { remote: 'mf_product', version: '1.0.0-1', by: 'ops', reason: 'activate', at: new Date(Date.now() - 60_000) },
      { remote: 'mf_product', version: '1.0.0-2', by: 'ops', reason: 'activate' },
    ]);
    await db.insert(remoteState).values({ remote: 'mf_product', activeVersion: '1.0.0-2', activatedAt: new Date(), activatedBy: 'ops' });
    // keep = 2, but 3 is the newest, 2 the active and 1 where a rollback goes
    expect(await publish('1.0.0-3')).toEqual([]);
    // 3 becomes the canary
    await db.update(remoteState).set({ canaryVersion: '1.0.0-3', canaryPercent: 10, canaryAt: new Date(), canaryBy: 'ops' }).where(eq(remoteState.remote, 'mf_product'));
    expect(await publish('1.0.0-4')).toEqual([]);
    // 4 is neither: it goes once 5 is the newest
    expect(await publish('1.0.0-5')).toEqual(['1.0.0-4']);
    expect(await publish('1.0.0-6')).toEqual(['1.0.0-5']);
    expect(['1', '2', '3', '6'].map((n) => product(`1.0.0-${n}`))).toEqual([true, true, true, true]);
    expect(product('1.0.0-4')).toBe(false);
    const [four] = await db.select().from(remoteReleases).where(and(eq(remoteReleases.remote, 'mf_product'), eq(remoteReleases.version, '1.0.0-4')));
    expect(four?.pruned).toBe(true);
    // 1 marked bad: no longer where a rollback would go, so the next publish prunes it, and 6 (neither newest, active, canary nor a rollback target)
    await db.update(remoteReleases).set({ status: 'bad' }).where(and(eq(remoteReleases.remote, 'mf_product'), eq(remoteReleases.version, '1.0.0-1')));
    expect((await publish('1.0.0-7')).sort()).toEqual(['1.0.0-1', '1.0.0-6']);
    expect(['1', '2', '3', '6', '7'].map((n) => product(`1.0.0-${n}`))).toEqual([false, true, true, false, true]);
    // a pruned version stays taken: its row is the history
    expect((await upload('mf_product', '1.0.0-4', await pack(releaseFolder(work, 'again'), ['.']), OPS)).status).toBe(409);
  });
});
