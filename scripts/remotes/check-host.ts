/**
 * `npm run remotes -- check-host [--dist host/dist]`: checks a host build against the remote
 * releases the registry may put in front of shoppers — each remote's active release, its
 * canary and its previous known-good releases (the three rollbacks in a row go back to) — before
 * the host is deployed. A host build is refused (exit 1, the reasons per remote and version) when:
 *  - its tree-shaken copy of graphql or react-router-dom lacks an export a release uses (the
 *    page runs the host's copy: the release's pages would throw, and every later activation or
 *    rollback of that remote would be refused by the remote-side check);
 *  - a singleton's version does not satisfy a release's required range (or is another major),
 *    or the host does not share a singleton the release's own manifest shares (or the release
 *    does not share one the host does, which the gate would refuse on its rollback);
 *  - its page table or contract (@shop/contracts: EXPOSED_MODULES, the pages' modules) names a
 *    module the active or canary release does not expose.
 * The shared-library rules are the release gate's own (@shop/release/release-rules), asked from
 * the host's side. The registry comes from the release service (RELEASE_URL, the ops token); the releases' mf-manifest.json and
 * mf-stats.json from their servers. `npm start` runs it before the shop is announced
 * (scripts/lib/stack.ts), the host image before its server starts (checked-host-start.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { internalUrl, parseOriginMap } from '@shop/contracts/origin-map';
import { PAGES } from '@shop/contracts/pages';
import { EXPOSED_MODULES } from '@shop/contracts/remotes';
import { type ManifestShared, type SharedExports, sharedProblems } from '@shop/release/release-rules';
import { releaseBase, opsToken, type RemoteStatus, registryApi } from './ops-client.ts';
import { rollbackTargets } from './status-format.ts';

interface Manifest {
  name: string;
  exposes: { name: string }[];
  shared: ManifestShared[];
}

export interface HostBuild {
  dist: string;
  manifest: Manifest;
  exports: SharedExports;
}

/** A release the host must live with, and why it matters. */
export interface ReleaseRef {
  remote: string;
  version: string;
  manifestUrl: string;
  role: 'active' | 'canary' | 'previous known-good';
}

export interface HostCheckResult {
  checked: ReleaseRef[];
  /**
   * One entry per refused release: its reasons. Empty: the host build may be deployed. `loaded`
   * false: the release's manifest did not load, so nothing was compared (the fault is the release's
   * files or server, not the host build).
   */
  refused: { release: ReleaseRef; reasons: string[]; loaded: boolean }[];
  /** Releases that did not load: a previous known-good one fails its rollback anyway, whatever the host (and any, with unreachableOk). */
  unreachable: { release: ReleaseRef; reason: string }[];
  ms: number;
}

export function readHostBuild(dist: string): HostBuild {
  const read = (file: string) => {
    try {
      return JSON.parse(readFileSync(path.join(dist, file), 'utf8'));
    } catch {
      throw new Error(
        `${path.join(dist, file)} is missing or unreadable: build the host first (npm run build -w @shop/host)`,
      );
    }
  };
  const manifest = read('mf-manifest.json') as Manifest;
  const stats = read('mf-stats.json') as { shared?: { name: string; usedExports?: string[] }[] };
  return {
    dist,
    manifest,
    exports: Object.fromEntries((stats.shared ?? []).map((s) => [s.name, s.usedExports ?? []])),
  };
}

const ACTIVATING = new Set(['activate', 'promote', 'rollback']);

/** How many rollbacks in a row the host must not block: retention keeps as many targets (release-retention.ts). */
const ROLLBACK_DEPTH = 3;

/**
 * Active, canary and previous known-good releases of each remote. The previous known-good ones
 * are the registry's own answer when it gives one (`previous`), else the releases ROLLBACK_DEPTH
 * rollbacks in a row go to (the activation stack, as the registry walks it), else (a status
 * without the stack) the newest earlier activation in the history that is not the active release
 * and not marked bad or refused.
 */
export function releasesToCheck(remotes: RemoteStatus[]): ReleaseRef[] {
  const refs: ReleaseRef[] = [];
  for (const remote of remotes) {
    const releases = remote.releases as (RemoteStatus['releases'][number] & { status?: string })[];
    const urlOf = (version: string) => releases.find((r) => r.version === version)?.manifestUrl;
    if (remote.active)
      refs.push({
        remote: remote.name,
        version: remote.active.version,
        manifestUrl: remote.active.manifestUrl,
        role: 'active',
      });
    if (remote.canary)
      refs.push({
        remote: remote.name,
        version: remote.canary.version,
        manifestUrl: remote.canary.manifestUrl,
        role: 'canary',
      });
    const given = (remote as { previous?: { version: string; manifestUrl?: string } | null }).previous;
    const usable = (version: string) =>
      !['bad', 'refused'].includes(releases.find((r) => r.version === version)?.status ?? '');
    const fromHistory = () =>
      remote.history.find(
        (e) => ACTIVATING.has(e.action) && e.version && e.version !== remote.active?.version && usable(e.version),
      )?.version;
    const previous = given?.version
      ? [given.version]
      : remote.stack?.length
        ? rollbackTargets(remote, ROLLBACK_DEPTH)
        : [fromHistory()].filter((v): v is string => !!v);
    for (const version of previous) {
      const url = (given?.version === version && given.manifestUrl) || urlOf(version);
      if (url && !refs.some((r) => r.remote === remote.name && r.version === version)) {
        refs.push({ remote: remote.name, version, manifestUrl: url, role: 'previous known-good' });
      }
    }
  }
  return refs;
}

/** The contract's modules of one remote the host loads: EXPOSED_MODULES and the page table's. */
function modulesUsedOf(remote: string): string[] {
  const fromPages = Object.values(PAGES)
    .map((row) => row.module as string | null)
    .filter((id): id is string => !!id);
  return [...new Set([...EXPOSED_MODULES, ...fromPages])]
    .filter((id) => id.startsWith(`${remote}/`))
    .map((id) => id.slice(remote.length + 1));
}

/** The packages a build's manifest shares as singletons (a subpath, `react-dom/client`, is shared only where imported). */
function sharedSingletons(manifest: Pick<Manifest, 'shared'>): string[] {
  return (manifest.shared ?? []).filter((s) => s.singleton !== false && /^(@[^/]+\/)?[^/@]+$/.test(s.name)).map((s) => s.name);
}

/**
 * What in this host build would break the release; an empty list means none. The shared
 * libraries by the release gate's own rules, asked from the host's side, over the singletons the
 * release's own manifest shares (not this checkout's list, which the host was built from) and
 * the host's: each must be shared by both, at a version the release accepts, with every export
 * it uses in the host's tree-shaken copies (a host singleton the release does not share would
 * also make the gate refuse its rollback).
 */
export function compareHostWithRelease(
  host: HostBuild,
  release: ReleaseRef,
  manifest: Manifest,
  releaseExports: SharedExports | undefined,
): string[] {
  const singletons = [...new Set([...sharedSingletons(manifest), ...sharedSingletons(host.manifest)])];
  const problems = sharedProblems(manifest, host.manifest, { candidate: releaseExports, host: host.exports }, singletons);
  // A host that loads a module the release does not expose breaks that page at once; the
  // previous known-good release is checked by the remote-side check when it is rolled back to.
  if (release.role !== 'previous known-good') {
    const exposed = new Set(manifest.exposes.map((e) => e.name.replace(/^\.\//, '')));
    for (const name of modulesUsedOf(release.remote)) {
      if (!exposed.has(name)) problems.push(`this host loads ${release.remote}/${name}, which the release does not expose`);
    }
  }
  return problems;
}

/** The release's public URL as this tool reaches it (RELEASE_CHECK_ORIGIN_MAP, @shop/contracts/origin-map). */
function reachableUrl(url: string): string {
  return internalUrl(parseOriginMap(process.env.RELEASE_CHECK_ORIGIN_MAP), url);
}

async function fetchJson(publicUrl: string): Promise<unknown> {
  const url = reachableUrl(publicUrl);
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(5000), cache: 'no-store' });
  } catch (error) {
    throw new Error(`${url} did not load: ${(error as Error).message}`);
  }
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
  return response.json().catch(() => {
    throw new Error(`${url} is not JSON`);
  });
}

function fetchManifest(manifestUrl: string): Promise<Manifest> {
  return fetchJson(manifestUrl) as Promise<Manifest>;
}

async function fetchStats(manifestUrl: string): Promise<SharedExports | undefined> {
  try {
    const stats = (await fetchJson(new URL('mf-stats.json', manifestUrl).href)) as {
      shared?: { name: string; usedExports?: string[] }[];
    };
    return Object.fromEntries((stats.shared ?? []).map((s) => [s.name, s.usedExports ?? []]));
  } catch {
    return undefined;
  }
}

/**
 * Checks a host build against the releases in `remotes` (the registry's status). `unreachableOk`
 * (a host server's own check at start, `--unreachable-ok`): a release whose manifest does not
 * load is noted, not refused (the server cannot tell a gone release from its own network).
 */
export async function checkHost(
  host: HostBuild,
  remotes: RemoteStatus[],
  options: { unreachableOk?: boolean } = {},
): Promise<HostCheckResult> {
  const started = Date.now();
  const checked = releasesToCheck(remotes);
  const refused: HostCheckResult['refused'] = [];
  const unreachable: HostCheckResult['unreachable'] = [];
  await Promise.all(
    checked.map(async (release) => {
      let manifest: Manifest;
      try {
        manifest = await fetchManifest(release.manifestUrl);
      } catch (error) {
        // An active or canary release that does not load cannot be vouched for: refused. A
        // previous known-good one that is gone fails its rollback whatever the host: noted.
        if (release.role === 'previous known-good' || options.unreachableOk) {
          unreachable.push({ release, reason: (error as Error).message });
        } else {
          refused.push({ release, reasons: [`cannot check it: ${(error as Error).message}`], loaded: false });
        }
        return;
      }
      const reasons = compareHostWithRelease(host, release, manifest, await fetchStats(release.manifestUrl));
      if (reasons.length) refused.push({ release, reasons, loaded: true });
    }),
  );
  refused.sort((a, b) => checked.indexOf(a.release) - checked.indexOf(b.release));
  return { checked, refused, unreachable, ms: Date.now() - started };
}

/** The report lines of a check; the first line says the verdict. */
export function describeHostCheck(dist: string, result: HostCheckResult): string {
  const where = path.relative(process.cwd(), dist) || dist;
  const gone = result.unreachable.map(
    ({ release, reason }) => `\n  (not checked: ${release.remote} ${release.version} ${release.role}: ${reason})`,
  );
  if (!result.refused.length) {
    const ok = result.checked.filter((r) => !result.unreachable.some((u) => u.release === r));
    return `The host build ${where} is compatible with ${ok.length} release(s) in the registry (${ok
      .map((r) => `${r.remote} ${r.version} ${r.role}`)
      .join('; ')}), checked in ${result.ms} ms.${gone.join('')}`;
  }
  // a release that loaded and differs: the host's fault; one that did not load: the release's
  const breaks = result.refused.some((r) => r.loaded);
  const unloaded = result.refused.some((r) => !r.loaded);
  const lines = [
    breaks
      ? `refused: the host build ${where} would break releases in the registry:`
      : `refused: the host build ${where} could not be checked against the registry's releases:`,
  ];
  for (const { release, reasons } of result.refused) {
    lines.push(`  ${release.remote} ${release.version} (${release.role}):`);
    for (const reason of reasons) lines.push(`    - ${reason}`);
  }
  if (breaks) {
    lines.push(
      'Do not deploy it: add what is missing to the host (scripts/lib/federation-shared.ts, the contracts) and build it again.',
    );
  }
  if (unloaded) {
    lines.push(
      'A release whose manifest does not load was not compared with the host: its server is down or its release folder is gone (a database from another checkout or an old backup names releases this machine does not have). Bring it back, or activate a release that loads (npm run remotes -- status, then activate), and check again.',
    );
  }
  return lines.join('\n');
}

/** `npm run remotes -- check-host [[--dist] <dir>]`: exit code 0 (deployable) or 1 (refused). */
export async function runCheckHost(args: string[]): Promise<number> {
  const at = args.indexOf('--dist');
  // `--dist <dir>`, or the folder as the first argument (`check-host host/dist`)
  const given = at >= 0 ? args[at + 1] : args.find((arg) => !arg.startsWith('--'));
  const dist = path.resolve(given || path.join(import.meta.dirname, '..', '..', 'host', 'dist'));
  const host = readHostBuild(dist);
  const { remotes, note } = await registryStatus();
  const result = await checkHost(host, remotes, { unreachableOk: args.includes('--unreachable-ok') });
  const report = describeHostCheck(dist, result) + (note ? `\n(${note})` : '');
  if (result.refused.length) console.error(report);
  else console.log(report);
  return result.refused.length ? 1 : 0;
}

/**
 * The registry with the ops token (active, canary, history: the previous known-good release);
 * without one (a host server's own check at start), the public registry's active and canary.
 */
async function registryStatus(): Promise<{ remotes: RemoteStatus[]; note?: string }> {
  let token = '';
  try {
    token = opsToken();
  } catch {
    // no token: the public registry below
  }
  if (token) return registryApi().status();
  type Entry = { version: string; manifestUrl: string };
  const answer = (await fetchJson(`${releaseBase()}/api/registry`).catch((error: Error) => {
    throw new Error(`the registry did not load (${error.message}); is the release service running?`);
  })) as { remotes?: Record<string, { active?: Entry | null; canary?: (Entry & { percent: number }) | null }> };
  const remotes = Object.entries(answer.remotes ?? {}).map(([name, r]) => ({
    name,
    active: r.active ? { ...r.active, activatedAt: '', activatedBy: '' } : null,
    canary: r.canary ? { ...r.canary, activatedAt: '', activatedBy: '' } : null,
    releases: [],
    history: [],
  }));
  return {
    remotes,
    note: 'no ops token: checked against the public registry, so the previous known-good releases were not',
  };
}
