// The host check (npm run remotes -- check-host, and the host image's start): a host build is
// refused for what would break a release in the registry, and which releases it is held to.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { EXPOSED_MODULES } from '@shop/contracts/remotes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, latestRelease, ROOT } from '../lib/stack.ts';
import {
  checkHost,
  compareHostWithRelease,
  describeHostCheck,
  type HostBuild,
  type ReleaseRef,
  releasesToCheck,
} from './check-host.ts';
import type { RemoteStatus } from './ops-client.ts';

const run = promisify(execFile);

const shared = (name: string, version: string, extra: Record<string, unknown> = {}) => ({
  name,
  version,
  singleton: true,
  requiredVersion: `^${version}`,
  ...extra,
});
const rrd = (version: string) => shared('react-router-dom', version, { fallback: 'independent-packages/rrd.js' });

function host(version = '7.18.5', exports = ['Link', 'useSearchParams']): HostBuild {
  return {
    dist: '/host/dist',
    manifest: { name: 'host', exposes: [], shared: [shared('react', '19.3.1'), rrd(version)] },
    exports: { 'react-router-dom': exports },
  };
}
const catalog: ReleaseRef = {
  remote: 'mf_catalog',
  version: '0.1.0-2',
  manifestUrl: 'http://x/2/mf-manifest.json',
  role: 'active',
};
/** Every mf_catalog module the contract says the host loads (HomePage, ListingPage, ProductSlider…). */
const CATALOG_MODULES = EXPOSED_MODULES.filter((id) => id.startsWith('mf_catalog/')).map((id) =>
  id.slice('mf_catalog/'.length),
);
const catalogManifest = (exposes = CATALOG_MODULES) => ({
  name: 'mf_catalog',
  exposes: exposes.map((name) => ({ name: `./${name}` })),
  shared: [shared('react', '19.3.1'), rrd('7.18.5')],
});
const uses = { 'react-router-dom': ['Link', 'useSearchParams'] };

describe('compareHostWithRelease', () => {
  it('accepts a host that holds what the release uses', () => {
    expect(compareHostWithRelease(host(), catalog, catalogManifest(), uses)).toEqual([]);
  });

  it('refuses a tree-shaken copy without an export the release uses', () => {
    expect(compareHostWithRelease(host('7.18.5', ['Link']), catalog, catalogManifest(), uses)).toEqual([
      'использует useSearchParams из react-router-dom, которых нет в урезанной копии хоста: сначала выпустите хост с ними',
    ]);
  });

  it("refuses a singleton outside the release's range, or missing", () => {
    expect(compareHostWithRelease(host('7.10.0'), catalog, catalogManifest(), uses)).toEqual([
      'требует react-router-dom ^7.18.5, а у хоста 7.10.0',
    ]);
    expect(compareHostWithRelease(host('8.0.0'), catalog, catalogManifest(), uses)[0]).toMatch(
      /react-router-dom 7\.18\.5 несовместим с версией хоста 8\.0\.0/,
    );
    const noReact = host();
    noReact.manifest.shared = noReact.manifest.shared.filter((s) => s.name !== 'react');
    expect(compareHostWithRelease(noReact, catalog, catalogManifest(), uses)).toEqual([
      'хост не делит react: на странице окажется вторая копия',
    ]);
  });

  it("refuses a host that does not share a singleton the release's own manifest shares (whatever this checkout's list says)", () => {
    const release = catalogManifest();
    release.shared = [...release.shared, shared('zustand', '5.1.0'), shared('zustand/middleware', '5.1.0')];
    expect(compareHostWithRelease(host(), catalog, release, uses)).toEqual(['хост не делит zustand: на странице окажется вторая копия']);
    // the other way round: a host singleton the release does not share (the gate would refuse its rollback)
    const withZustand = host();
    withZustand.manifest.shared.push(shared('zustand', '5.1.0'));
    expect(compareHostWithRelease(withZustand, catalog, catalogManifest(), uses)).toEqual(['zustand не объявлен общим: на странице окажется вторая копия']);
    expect(compareHostWithRelease(withZustand, catalog, release, uses)).toEqual([]);
    // a singleton this checkout's list does not name (as when the host was built from a checkout that dropped it)
    const newer = catalogManifest();
    newer.shared = [...newer.shared, shared('jotai', '2.12.0')];
    expect(compareHostWithRelease(host(), catalog, newer, uses)).toEqual(['хост не делит jotai: на странице окажется вторая копия']);
  });

  it('refuses a tree-shaken copy beside a release that shares the library whole (the page would load it twice)', () => {
    const whole = catalogManifest();
    whole.shared = [shared('react', '19.3.1'), shared('react-router-dom', '7.18.5')];
    expect(compareHostWithRelease(host(), catalog, whole, uses)).toEqual([
      'react-router-dom подключён целиком, а копия хоста урезана (tree shaking): страница загрузит вторую копию',
    ]);
  });

  it("refuses a page table or contract module the active or canary release does not expose, not for a rollback target's", () => {
    expect(CATALOG_MODULES).toContain('ListingPage');
    const without = catalogManifest(CATALOG_MODULES.filter((name) => name !== 'ListingPage'));
    expect(compareHostWithRelease(host(), catalog, without, uses)).toEqual([
      'this host loads mf_catalog/ListingPage, which the release does not expose',
    ]);
    expect(compareHostWithRelease(host(), { ...catalog, role: 'canary' }, without, uses)).toHaveLength(1);
    expect(compareHostWithRelease(host(), { ...catalog, role: 'previous known-good' }, without, uses)).toEqual([]);
  });
});

describe('releasesToCheck', () => {
  const status = (extra: Partial<RemoteStatus> = {}): RemoteStatus => ({
    name: 'mf_catalog',
    active: { version: 'v3', manifestUrl: 'u3', activatedAt: '', activatedBy: '' },
    canary: { version: 'v4', manifestUrl: 'u4', percent: 10, activatedAt: '', activatedBy: '' },
    releases: ['v1', 'v2', 'v3', 'v4'].map((v) => ({
      version: v,
      manifestUrl: `u${v.slice(1)}`,
      createdAt: '',
      createdBy: '',
      ...(v === 'v2' ? { status: 'bad' } : {}),
    })),
    history: [
      { action: 'canary', version: 'v4', percent: 10, at: '', by: '' },
      { action: 'activate', version: 'v3', percent: null, at: '', by: '' },
      { action: 'rollback', version: 'v2', percent: null, at: '', by: '' },
      { action: 'activate', version: 'v1', percent: null, at: '', by: '' },
    ],
    ...extra,
  });

  it('holds the host to the active, the canary and the previous known-good release (skipping a bad one)', () => {
    expect(releasesToCheck([status()]).map((r) => `${r.version} ${r.role}`)).toEqual([
      'v3 active',
      'v4 canary',
      'v1 previous known-good',
    ]);
  });

  it('with the activation stack, holds it to the three releases rollbacks in a row go to', () => {
    const entry = (version: string, undone = false) => ({ version, at: '', by: 'ops', reason: 'activate', undone, status: '' });
    const releases = ['v1', 'v2', 'v3', 'v4', 'v5', 'v6', 'v7'].map((v) => ({
      version: v,
      manifestUrl: `u${v.slice(1)}`,
      createdAt: '',
      createdBy: '',
      status: v === 'v5' ? 'bad' : 'checked',
      pruned: v === 'v4',
    }));
    const stacked = status({
      active: { version: 'v7', manifestUrl: 'u7', activatedAt: '', activatedBy: '' },
      canary: null,
      releases,
      // v6 was rolled back from, v5 is bad, v4's files are gone: rollbacks go to v3, v2, v1
      stack: [entry('v7'), entry('v6', true), entry('v5'), entry('v4'), entry('v3'), entry('v2'), entry('v1')],
    });
    expect(releasesToCheck([stacked]).map((r) => `${r.version} ${r.role}`)).toEqual([
      'v7 active',
      'v3 previous known-good',
      'v2 previous known-good',
      'v1 previous known-good',
    ]);
  });

  it("takes the registry's own previous known-good when it names one", () => {
    const given = { ...status(), previous: { version: 'v2', manifestUrl: 'u2' } } as RemoteStatus;
    expect(releasesToCheck([given]).at(-1)).toMatchObject({ version: 'v2', role: 'previous known-good' });
  });
});

describe('the live releases, read from their servers', () => {
  const manifests = new Map<string, unknown>();
  let server: http.Server;
  let base = '';
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const body = manifests.get(request.url ?? '');
      response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body ?? {}));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => server?.close());

  /** mf_catalog with v2 active and v1 where a rollback goes, each served with its manifest and stats. */
  const registry = (v1: ReturnType<typeof catalogManifest>, v2: ReturnType<typeof catalogManifest>): RemoteStatus => {
    manifests.set('/v1/mf-manifest.json', v1);
    manifests.set('/v2/mf-manifest.json', v2);
    for (const v of ['v1', 'v2']) manifests.set(`/${v}/mf-stats.json`, { shared: [{ name: 'react-router-dom', usedExports: uses['react-router-dom'] }] });
    const url = (v: string) => `${base}/${v}/mf-manifest.json`;
    return {
      name: 'mf_catalog',
      active: { version: 'v2', manifestUrl: url('v2'), activatedAt: '', activatedBy: '' },
      canary: null,
      releases: ['v1', 'v2'].map((v) => ({ version: v, manifestUrl: url(v), createdAt: '', createdBy: '' })),
      history: [
        { action: 'activate', version: 'v2', percent: null, at: '', by: '' },
        { action: 'activate', version: 'v1', percent: null, at: '', by: '' },
      ],
    };
  };
  const withZustand = () => {
    const manifest = catalogManifest();
    manifest.shared.push(shared('zustand', '5.1.0'), shared('zustand/middleware', '5.1.0'));
    return manifest;
  };
  const zustandHost = () => {
    const build = host();
    build.manifest.shared.push(shared('zustand', '5.1.0'), shared('zustand/middleware', '5.1.0'));
    return build;
  };

  it('refuses a host build without zustand while the live releases share it as a singleton, naming each release', async () => {
    const result = await checkHost(host(), [registry(withZustand(), withZustand())]);
    expect(result.refused.map((r) => `${r.release.version} ${r.release.role}: ${r.reasons.join('; ')}`)).toEqual([
      'v2 active: хост не делит zustand: на странице окажется вторая копия',
      'v1 previous known-good: хост не делит zustand: на странице окажется вторая копия',
    ]);
    const report = describeHostCheck('/host/dist', result);
    expect(report).toMatch(/^refused: the host build \S+ would break releases in the registry:/);
    expect(report).toContain('mf_catalog v2 (active):\n    - хост не делит zustand: на странице окажется вторая копия');
    // the same releases and a host that shares zustand: deployable
    expect((await checkHost(zustandHost(), [registry(withZustand(), withZustand())])).refused).toEqual([]);
  });

  it("refuses a host build whose contract's modules the active release does not expose", async () => {
    const without = withZustand();
    without.exposes = without.exposes.filter((e) => e.name !== './ListingPage');
    const result = await checkHost(zustandHost(), [registry(withZustand(), without)]);
    expect(result.refused).toMatchObject([{ release: { version: 'v2', role: 'active' }, reasons: ['this host loads mf_catalog/ListingPage, which the release does not expose'] }]);
  });
});

describe('a release whose files are gone', () => {
  it('refuses the host as unchecked and says the release is missing, not that the host lacks something', async () => {
    // a port nothing listens on: the release's server is down (or its folder gone, which answers 404)
    const dead = await freePort();
    const status: RemoteStatus = {
      name: 'mf_catalog',
      active: {
        version: 'v1',
        manifestUrl: `http://127.0.0.1:${dead}/v1/mf-manifest.json`,
        activatedAt: '',
        activatedBy: '',
      },
      canary: null,
      releases: [
        { version: 'v1', manifestUrl: `http://127.0.0.1:${dead}/v1/mf-manifest.json`, createdAt: '', createdBy: '' },
      ],
      history: [{ action: 'activate', version: 'v1', percent: null, at: '', by: '' }],
    } as RemoteStatus;
    const result = await checkHost(host(), [status]);
    expect(result.refused).toMatchObject([{ release: { version: 'v1', role: 'active' }, loaded: false }]);
    const report = describeHostCheck('/host/dist', result);
    expect(report).toContain("could not be checked against the registry's releases");
    expect(report).toContain('its release folder is gone');
    expect(report).not.toContain('add what is missing to the host');
  });
});

// The host image's start (host/server-dist/checked-main.js, built by `npm run build`) against a
// registry serving the real mf-catalog build: a host build whose copy lacks useSearchParams
// does not start; the real one does.
const bundle = path.join(ROOT, 'host/server-dist/checked-main.js');
let catalogRelease = '';
try {
  catalogRelease = latestRelease('mf-catalog');
} catch {}
const ready = existsSync(bundle) && existsSync(path.join(ROOT, 'host/dist/mf-stats.json')) && !!catalogRelease;

describe.skipIf(!ready)('the host image refuses to start a host build that would break a remote', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'shop-check-host-'));
  let server: http.Server;
  let base = '';
  beforeAll(async () => {
    const releaseDir = path.join(ROOT, 'mf-catalog/dist', catalogRelease);
    server = http.createServer((request, response) => {
      const url = request.url ?? '/';
      if (url === '/api/registry') {
        response.setHeader('content-type', 'application/json');
        const manifestUrl = `${base}/r/mf-manifest.json`;
        return response.end(
          JSON.stringify({
            remotes: { mf_catalog: { active: { version: catalogRelease, manifestUrl }, canary: null } },
          }),
        );
      }
      const file = path.join(releaseDir, url.replace(/^\/r\//, ''));
      if (url.startsWith('/r/') && existsSync(file)) return response.end(readFileSync(file));
      response.statusCode = 404;
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    // the server itself stubbed beside a copy of the entry: the check is what is under test
    mkdirSync(path.join(work, 'server-dist'));
    mkdirSync(path.join(work, 'bad'));
    cpSync(bundle, path.join(work, 'server-dist/checked-main.js'));
    writeFileSync(path.join(work, 'server-dist/main.js'), "console.log('host server started');\n");
    // a host build whose react-router-dom copy lacks useSearchParams (as a too eagerly trimmed shared list once made)
    for (const file of ['mf-manifest.json', 'mf-stats.json'])
      cpSync(path.join(ROOT, 'host/dist', file), path.join(work, 'bad', file));
    const stats = JSON.parse(readFileSync(path.join(work, 'bad/mf-stats.json'), 'utf8'));
    for (const s of stats.shared) s.usedExports = s.usedExports?.filter((n: string) => n !== 'useSearchParams');
    writeFileSync(path.join(work, 'bad/mf-stats.json'), JSON.stringify(stats));
  });
  afterAll(() => {
    server?.close();
    rmSync(work, { recursive: true, force: true });
  });

  const start = async (dist: string) => {
    const env = { PATH: process.env.PATH, HOST_CHECK_REGISTRY: '1', API_URL: base, HOST_DIST_DIR: dist };
    try {
      const { stdout, stderr } = await run(process.execPath, [path.join(work, 'server-dist/checked-main.js')], {
        env,
        cwd: work,
      });
      return { code: 0, out: stdout + stderr };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, out: e.stdout + e.stderr };
    }
  };

  it('refuses the trimmed build with the reason, and the server is not started', async () => {
    const { code, out } = await start(path.join(work, 'bad'));
    expect(code, out).toBe(1);
    expect(out).toContain(`mf_catalog ${catalogRelease} (active):`);
    expect(out).toContain('использует useSearchParams из react-router-dom, которых нет в урезанной копии хоста');
    expect(out).toContain('The host server does not start with this build (HOST_CHECK_REGISTRY is set).');
    expect(out).not.toContain('host server started');
  });

  it('starts the real build after checking it', async () => {
    const { code, out } = await start(path.join(ROOT, 'host/dist'));
    expect(code, out).toBe(0);
    expect(out).toMatch(/compatible with 1 release\(s\) in the registry \(mf_catalog \S+ active\)/);
    expect(out).toContain('host server started');
  });
});
