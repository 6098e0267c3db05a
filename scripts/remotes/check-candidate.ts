/**
 * Checks a remote release before it is activated: its manifest loads, it exposes every
 * module of the federation contract for that remote, and its shared singletons can live
 * with the host's (same major versions; each side's required range met by the other).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
// biome-ignore lint/style/noRestrictedImports: Node tooling cannot load the package entry (it pulls in CSS and React components); the contract file is plain TypeScript
import { EXPOSED_MODULES } from '../../mf-shared/src/contracts.ts';
import { ROOT } from '../lib/stack.ts';

interface ManifestShared {
  name: string;
  version: string;
  singleton?: boolean;
  requiredVersion?: string;
}
interface Manifest {
  name: string;
  exposes: { name: string; path: string }[];
  shared: ManifestShared[];
}

export const SINGLETON_PACKAGES = ['react', 'react-dom', 'react-router-dom', '@apollo/client', 'graphql', 'zustand', '@shop/mf-shared'];

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

export function hostManifest(): Manifest {
  const file = process.env.HOST_MANIFEST || path.join(ROOT, 'host', 'dist', 'mf-manifest.json');
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
export function compareManifests(remote: string, candidate: Manifest, host: Manifest): string[] {
  const problems: string[] = [];
  if (candidate.name !== remote) problems.push(`the manifest is for «${candidate.name}», not ${remote}`);
  const exposed = new Set(candidate.exposes.map((e) => e.name.replace(/^\.\//, '')));
  for (const id of EXPOSED_MODULES.filter((m) => m.startsWith(`${remote}/`))) {
    const name = id.slice(remote.length + 1);
    if (!exposed.has(name)) problems.push(`it does not expose ${name}, which the host uses`);
  }
  for (const pkg of SINGLETON_PACKAGES) {
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
  return problems;
}

export async function checkCandidate(remote: string, manifestUrl: string): Promise<string[]> {
  const candidate = await fetchManifest(manifestUrl);
  return compareManifests(remote, candidate, hostManifest());
}
