/**
 * Checks a remote release before it is activated: its manifest loads, it exposes every
 * module of the federation contract for that remote, and its shared singletons can live
 * with the host's (same major versions; each side's required range met by the other), and
 * every export it uses of a tree-shaken singleton is in the host's copy.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EXPOSED_MODULES } from '@shop/contracts/remotes';
import semver from 'semver';
import { SINGLETONS } from '../lib/federation-shared.ts';
import { ROOT } from '../lib/stack.ts';

interface ManifestShared {
  name: string;
  version: string;
  singleton?: boolean;
  requiredVersion?: string;
  /** Set when the build ships the package tree-shaken (TREE_SHAKEN_SHARED in scripts/lib/federation-shared.ts). */
  fallback?: string;
}
interface Manifest {
  name: string;
  exposes: { name: string; path: string }[];
  shared: ManifestShared[];
}

/**
 * Where the tool itself reaches a public manifest URL: in docker-compose the browser's
 * address (localhost:3001) is another service's name inside the network.
 * RELEASE_CHECK_ORIGIN_MAP="http://localhost:3001=http://mf-catalog:3001,…"
 */
function reachable(url: string): string {
  for (const pair of (process.env.RELEASE_CHECK_ORIGIN_MAP ?? '').split(',')) {
    const [from, to] = pair.split('=');
    if (from && to && url.startsWith(from)) return to + url.slice(from.length);
  }
  return url;
}

export async function fetchManifest(publicUrl: string): Promise<Manifest> {
  const url = reachable(publicUrl);
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(5000), cache: 'no-store' });
  } catch (error) {
    throw new Error(`manifest ${url} did not load: ${(error as Error).message}`);
  }
  if (!response.ok) throw new Error(`manifest ${url} answered HTTP ${response.status}`);
  try {
    return (await response.json()) as Manifest;
  } catch {
    throw new Error(`manifest ${url} is not JSON`);
  }
}

/** Share key → the exports its tree-shaken copy keeps, from a build's `mf-stats.json`. */
export type SharedExports = Record<string, string[]>;

function exportsOf(stats: { shared?: { name: string; usedExports?: string[] }[] }): SharedExports {
  return Object.fromEntries((stats.shared ?? []).map((s) => [s.name, s.usedExports ?? []]));
}

async function fetchExports(manifestUrl: string): Promise<SharedExports | undefined> {
  try {
    const response = await fetch(reachable(new URL('mf-stats.json', manifestUrl).href), {
      signal: AbortSignal.timeout(5000),
      cache: 'no-store',
    });
    return response.ok ? exportsOf(await response.json()) : undefined;
  } catch {
    return undefined;
  }
}

function hostManifestFile(): string {
  return process.env.HOST_MANIFEST || path.join(ROOT, 'host', 'dist', 'mf-manifest.json');
}

export function hostManifest(): Manifest {
  const file = hostManifestFile();
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch {
    throw new Error(`the host's manifest ${file} is missing: build the host (npm run build) or set HOST_MANIFEST`);
  }
}

function compatible(a: string, b: string): boolean {
  const va = semver.coerce(a);
  const vb = semver.coerce(b);
  if (!va || !vb) return false;
  return semver.satisfies(va, `^${vb.version}`) || semver.satisfies(vb, `^${va.version}`);
}

/** Returns the problems found; an empty list means the candidate may be activated. */
export function compareManifests(
  remote: string,
  candidate: Manifest,
  host: Manifest,
  exports?: { candidate?: SharedExports; host?: SharedExports },
): string[] {
  const problems: string[] = [];
  if (candidate.name !== remote) problems.push(`the manifest is for «${candidate.name}», not ${remote}`);
  const exposed = new Set(candidate.exposes.map((e) => e.name.replace(/^\.\//, '')));
  for (const id of EXPOSED_MODULES.filter((m) => m.startsWith(`${remote}/`))) {
    const name = id.slice(remote.length + 1);
    if (!exposed.has(name)) problems.push(`it does not expose ${name}, which the host uses`);
  }
  for (const pkg of SINGLETONS) {
    const mine = candidate.shared.find((s) => s.name === pkg);
    const theirs = host.shared.find((s) => s.name === pkg);
    if (!mine) {
      problems.push(`it does not share ${pkg}: it would run its own copy beside the page's`);
      continue;
    }
    if (!theirs) continue;
    if (mine.singleton === false) problems.push(`it shares ${pkg} but not as a singleton`);
    if (!compatible(mine.version, theirs.version)) {
      problems.push(`${pkg} ${mine.version} is not compatible with the host's ${theirs.version}`);
    } else if (mine.requiredVersion && !semver.satisfies(theirs.version, mine.requiredVersion)) {
      problems.push(`it requires ${pkg} ${mine.requiredVersion}, the host provides ${theirs.version}`);
    }
  }
  // A tree-shaken singleton is one instance only if every app takes the host's copy: a build
  // that shares the whole library would load a second one, and the host's copy must hold
  // every export the candidate uses.
  for (const theirs of host.shared.filter((s) => s.fallback)) {
    const mine = candidate.shared.find((s) => s.name === theirs.name);
    if (!mine) continue;
    if (!mine.fallback) {
      problems.push(
        `it shares ${theirs.name} whole while the host's copy is tree-shaken: the page would load a second copy`,
      );
      continue;
    }
    if (!exports?.candidate || !exports.host) {
      problems.push(
        `the exports it uses of ${theirs.name} are unknown (mf-stats.json missing): cannot tell whether the host's tree-shaken copy holds them`,
      );
      continue;
    }
    const held = new Set(exports.host[theirs.name] ?? []);
    const missing = (exports.candidate[theirs.name] ?? []).filter((name) => !held.has(name));
    if (missing.length)
      problems.push(
        `it uses ${missing.join(', ')} of ${theirs.name}, which the host's tree-shaken copy lacks: build the host with it first`,
      );
  }
  return problems;
}

function hostExports(): SharedExports | undefined {
  try {
    return exportsOf(JSON.parse(readFileSync(path.join(path.dirname(hostManifestFile()), 'mf-stats.json'), 'utf8')));
  } catch {
    return undefined;
  }
}

export async function checkCandidate(remote: string, manifestUrl: string): Promise<string[]> {
  const candidate = await fetchManifest(manifestUrl);
  const host = hostManifest();
  return compareManifests(remote, candidate, host, { candidate: await fetchExports(manifestUrl), host: hostExports() });
}

/** A release's trusted documents (codegen's `persisted-operations.json`, in its release folder). */
export interface OperationManifest {
  app: string;
  operations: { id: string; name: string; type: string; body: string }[];
}

/**
 * Reads the candidate's `persisted-operations.json` beside its `mf-manifest.json`. Returns the
 * manifest, or the problem that refuses the release (a build without it would send operations
 * the API refuses in production).
 */
export async function fetchOperations(remoteDir: string, manifestUrl: string): Promise<OperationManifest | string> {
  const url = reachable(new URL('persisted-operations.json', manifestUrl).href);
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(5000), cache: 'no-store' });
  } catch (error) {
    return `its operations manifest ${url} did not load: ${(error as Error).message}`;
  }
  if (!response.ok)
    return `its operations manifest ${url} is missing (HTTP ${response.status}): rebuild it (codegen writes it, the build copies it)`;
  const manifest = (await response.json().catch(() => null)) as OperationManifest | null;
  if (!manifest || !Array.isArray(manifest.operations))
    return `its operations manifest ${url} is not a persisted-operations manifest`;
  if (manifest.app !== remoteDir) return `its operations manifest is for «${manifest.app}», not ${remoteDir}`;
  if (manifest.operations.length === 0) return 'its operations manifest lists no operations';
  return manifest;
}

/**
 * The last check before any activation: the candidate's operations are registered with the
 * API, which refuses them all if any is invalid or too costly (the API does the checking, with
 * its own schema and limits). Returns the problems; none means the operations are registered
 * and the release may be activated.
 */
export async function registerCandidateOperations(
  remoteDir: string,
  version: string,
  manifestUrl: string,
  register: (app: string, version: string, operations: OperationManifest['operations']) => Promise<unknown>,
): Promise<string[]> {
  const manifest = await fetchOperations(remoteDir, manifestUrl);
  if (typeof manifest === 'string') return [manifest];
  try {
    await register(remoteDir, version, manifest.operations);
  } catch (error) {
    return [`the API refused its operations: ${(error as Error).message}`];
  }
  return [];
}
