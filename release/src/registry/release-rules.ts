/**
 * What a remote's release must satisfy against the contracts table and the host's build: the
 * one copy of the rules, used by the registry's server-side checks (release-checks.ts) and by
 * the tooling (check-candidate.ts re-exports it; check-host.ts asks it of a host build). Pure: the
 * manifests are fetched by the caller.
 */
import { EXPOSED_MODULES } from '@shop/contracts/remotes';
import semver from 'semver';

export interface ManifestShared {
  name: string;
  version: string;
  singleton?: boolean;
  requiredVersion?: string;
  /** Set when the build ships the package tree-shaken (TREE_SHAKEN_SHARED in scripts/lib/federation-shared.ts). */
  fallback?: string;
}
export interface ManifestAssets {
  js?: { sync?: string[]; async?: string[] };
  css?: { sync?: string[]; async?: string[] };
}
export interface Manifest {
  name: string;
  metaData?: {
    publicPath?: string;
    remoteEntry?: { name: string; path?: string };
    /** The Node build the page server renders with (`server/remoteEntry.js`); an older release has none and renders in the browser only. */
    ssrRemoteEntry?: { name: string; path?: string; type?: string };
  };
  exposes: { name: string; path: string; assets?: ManifestAssets }[];
  shared: ManifestShared[];
}

/** Share key → the exports its tree-shaken copy keeps, from a build's `mf-stats.json`. */
export type SharedExports = Record<string, string[]>;

export function exportsOf(stats: { shared?: { name: string; usedExports?: string[] }[] }): SharedExports {
  return Object.fromEntries((stats.shared ?? []).map((s) => [s.name, s.usedExports ?? []]));
}

export interface Problem {
  check: 'exposes' | 'singletons';
  reason: string;
}

function compatible(a: string, b: string): boolean {
  const va = semver.coerce(a);
  const vb = semver.coerce(b);
  if (!va || !vb) return false;
  return semver.satisfies(va, `^${vb.version}`) || semver.satisfies(vb, `^${va.version}`);
}

/** `react`, `@shop/mf-shared`; not a subpath (`react-dom/client`: shared only by the apps that import it). */
const isPackageName = (name: string) => /^(@[^/]+\/)?[^/@]+$/.test(name);

/**
 * The problems of a candidate, each with its check; none means it may be activated.
 * `singletons`: the packages that must be one per page (default: the host's shared singletons).
 */
export function manifestProblems(
  remote: string,
  candidate: Manifest,
  host: Manifest,
  exports?: { candidate?: SharedExports; host?: SharedExports },
  singletons?: readonly string[],
): Problem[] {
  const problems: Problem[] = [];
  const exposesProblem = (reason: string) => problems.push({ check: 'exposes', reason });
  const sharedProblem = (reason: string) => problems.push({ check: 'singletons', reason });
  if (candidate.name !== remote) exposesProblem(`манифест принадлежит «${candidate.name}», а не ${remote}`);
  const exposed = new Set((candidate.exposes ?? []).map((e) => e.name.replace(/^\.\//, '')));
  const expected = EXPOSED_MODULES.filter((m) => m.startsWith(`${remote}/`)).map((id) => id.slice(remote.length + 1));
  for (const name of expected) {
    if (!exposed.has(name)) exposesProblem(`нет модуля ${name}, который по таблице контрактов использует хост`);
  }
  for (const name of exposed) {
    if (!expected.includes(name)) exposesProblem(`модуль ${name} не описан в таблице контрактов (@shop/contracts/remotes)`);
  }
  for (const reason of sharedProblems(candidate, host, exports, singletons)) sharedProblem(reason);
  return problems;
}

/**
 * What keeps one copy of each shared library on a page where `candidate` runs beside `host`:
 * every singleton shared by both, at compatible versions; a tree-shaken copy of the host holding
 * every export the candidate uses. The registry's gate asks it of a remote's release, the host
 * check of a host build (for the singletons the release shares). `singletons`: the packages that
 * must be one per page (default: the host's shared singletons).
 */
export function sharedProblems(
  candidate: Pick<Manifest, 'shared'>,
  host: Pick<Manifest, 'shared'>,
  exports?: { candidate?: SharedExports; host?: SharedExports },
  singletons: readonly string[] = host.shared.filter((s) => s.singleton !== false && isPackageName(s.name)).map((s) => s.name),
): string[] {
  const problems: string[] = [];
  const candidateShared = candidate.shared ?? [];
  // every package the host holds once per page must be shared by the candidate; a subpath only
  // needs to be compatible where the candidate shares it too
  const subpaths = candidateShared.map((s) => s.name).filter((name) => !isPackageName(name) && host.shared.some((h) => h.name === name));
  for (const pkg of [...singletons, ...subpaths]) {
    const mine = candidateShared.find((s) => s.name === pkg);
    const theirs = host.shared.find((s) => s.name === pkg);
    if (!mine) {
      problems.push(`${pkg} не объявлен общим: на странице окажется вторая копия`);
      continue;
    }
    if (!theirs) {
      problems.push(`хост не делит ${pkg}: на странице окажется вторая копия`);
      continue;
    }
    if (mine.singleton === false) problems.push(`${pkg} общий, но не singleton`);
    if (!compatible(mine.version, theirs.version)) {
      problems.push(`${pkg} ${mine.version} несовместим с версией хоста ${theirs.version}`);
    } else if (mine.requiredVersion && !semver.satisfies(theirs.version, mine.requiredVersion)) {
      problems.push(`требует ${pkg} ${mine.requiredVersion}, а у хоста ${theirs.version}`);
    }
  }
  // A tree-shaken singleton is one instance only if every app takes the host's copy: a build
  // that shares the whole library would load a second one, and the host's copy must hold
  // every export the candidate uses.
  for (const theirs of host.shared.filter((s) => s.fallback)) {
    const mine = candidateShared.find((s) => s.name === theirs.name);
    if (!mine) continue;
    if (!mine.fallback) {
      problems.push(`${theirs.name} подключён целиком, а копия хоста урезана (tree shaking): страница загрузит вторую копию`);
      continue;
    }
    if (!exports?.candidate || !exports.host) {
      problems.push(`неизвестно, какие экспорты ${theirs.name} нужны (нет mf-stats.json): нельзя проверить урезанную копию хоста`);
      continue;
    }
    const held = new Set(exports.host[theirs.name] ?? []);
    const missing = (exports.candidate[theirs.name] ?? []).filter((name) => !held.has(name));
    if (missing.length) {
      problems.push(`использует ${missing.join(', ')} из ${theirs.name}, которых нет в урезанной копии хоста: сначала выпустите хост с ними`);
    }
  }
  return problems;
}

/** The reasons only (the tooling's older shape). */
export function compareManifests(
  remote: string,
  candidate: Manifest,
  host: Manifest,
  exports?: { candidate?: SharedExports; host?: SharedExports },
  singletons?: readonly string[],
): string[] {
  return manifestProblems(remote, candidate, host, exports, singletons).map((p) => p.reason);
}

/**
 * Every file a manifest says the page may load: remoteEntry.js and each exposed module's js and
 * css, as URLs; and the server entry (`metaData.ssrRemoteEntry`, e.g. server/remoteEntry.js)
 * when the manifest names one: the page server would otherwise fail on it at every render.
 */
export function manifestFiles(manifest: Manifest, manifestUrl: string): string[] {
  const publicPath = manifest.metaData?.publicPath;
  const base = publicPath && publicPath !== 'auto' ? new URL(publicPath, manifestUrl).href : new URL('.', manifestUrl).href;
  const entryUrl = (entry: { name?: string; path?: string } | undefined) =>
    new URL(`${entry?.path ? `${entry.path.replace(/^\.?\//, '').replace(/\/$/, '')}/` : ''}${entry?.name || 'remoteEntry.js'}`, base).href;
  const files = new Set<string>();
  files.add(entryUrl(manifest.metaData?.remoteEntry));
  if (manifest.metaData?.ssrRemoteEntry) files.add(entryUrl(manifest.metaData.ssrRemoteEntry));
  for (const e of manifest.exposes ?? []) {
    for (const list of [e.assets?.js?.sync, e.assets?.js?.async, e.assets?.css?.sync, e.assets?.css?.async]) {
      for (const file of list ?? []) files.add(new URL(file, base).href);
    }
  }
  return [...files];
}
