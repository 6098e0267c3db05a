/**
 * The registry's static release checks, registered in the release gate (release-gate.ts) and
 * run at publish and before every activate, canary, promote and rollback:
 * - origin: the manifest's origin is allowed (RELEASE_ORIGINS, default release-config.ts);
 * - manifest: the manifest answers 200 with JSON;
 * - files: remoteEntry.js, the server entry (metaData.ssrRemoteEntry) when named, and every exposed module's js and css listed in it answer 200;
 * - exposes: the exposed modules equal the remote's row of the contracts table;
 * - singletons: its shared singletons can live with the live host's (the host serves its own
 *   mf-manifest.json and mf-stats.json; release-rules.ts).
 * Reasons are Russian: the team reads them in the 409 and in `status`.
 */
import { internalUrl } from '@shop/contracts/origin-map';
import type { Config } from '../config.ts';
import { type Manifest, type SharedExports, exportsOf, manifestFiles, manifestProblems } from './release-rules.ts';
import { type CandidateRelease, type ReleaseCheckResult, registerReleaseCheck } from './release-gate.ts';

const TIMEOUT_MS = 5000;

/** Where the API itself reaches a public URL (RELEASE_CHECK_ORIGIN_MAP). */
function reachable(config: Config, url: string): string {
  return internalUrl(config.release.originMap, url);
}

async function get(config: Config, url: string): Promise<Response> {
  return fetch(reachable(config, url), { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
}

async function readJson<T>(config: Config, url: string, what: string): Promise<T> {
  let response: Response;
  try {
    response = await get(config, url);
  } catch (error) {
    throw new Error(`${what} ${url} не загрузился: ${(error as Error).message}`);
  }
  if (!response.ok) throw new Error(`${what} ${url} ответил HTTP ${response.status}`);
  try {
    return (await response.json()) as T;
  } catch {
    throw new Error(`${what} ${url} — не JSON`);
  }
}

/** A check run per release decision reads each manifest once (the checks run one after another). */
const manifests = new Map<string, { at: number; value: Promise<Manifest> }>();
function manifestOf(config: Config, url: string): Promise<Manifest> {
  const hit = manifests.get(url);
  if (hit && Date.now() - hit.at < 2000) return hit.value;
  const value = readJson<Manifest>(config, url, 'манифест');
  value.catch(() => undefined);
  manifests.set(url, { at: Date.now(), value });
  if (manifests.size > 50) manifests.delete(manifests.keys().next().value as string);
  return value;
}

async function statsOf(config: Config, manifestUrl: string): Promise<SharedExports | undefined> {
  try {
    return exportsOf(await readJson(config, new URL('mf-stats.json', manifestUrl).href, 'mf-stats.json'));
  } catch {
    return undefined;
  }
}

const fail = (check: string, reason: string): ReleaseCheckResult => ({ check, ok: false, reason });

/** The origins a release may come from now (the active releases' origins join the defaults). */
async function allowedOrigins(config: Config, active: () => Promise<string[]>): Promise<string[]> {
  if (config.release.originsExplicit) return config.release.origins;
  // the defaults, each remote's static server (MF_*_URL, release-storage.ts) and the releases active now
  const storage = Object.values(config.releases?.publicUrls ?? {}).map((url) => new URL(url).origin);
  return [...new Set([...config.release.origins, ...storage, ...(await active())])];
}

let activeOrigins: () => Promise<string[]> = async () => [];
/** The registry tells the origin check where the active releases live (registry-routes.ts). */
export function setActiveOrigins(source: () => Promise<string[]>): void {
  activeOrigins = source;
}

export async function originCheck(release: CandidateRelease, { config }: { config: Config }): Promise<ReleaseCheckResult> {
  let origin: string;
  try {
    origin = new URL(release.manifestUrl).origin;
  } catch {
    return fail('origin', `адрес манифеста ${release.manifestUrl} — не URL`);
  }
  const allowed = await allowedOrigins(config, activeOrigins);
  if (!allowed.includes(origin)) return fail('origin', `источник ${origin} не разрешён (RELEASE_ORIGINS: ${allowed.join(', ')})`);
  return { check: 'origin', ok: true };
}

export async function manifestCheck(release: CandidateRelease, { config }: { config: Config }): Promise<ReleaseCheckResult> {
  try {
    const manifest = await manifestOf(config, release.manifestUrl);
    if (!manifest || typeof manifest !== 'object' || !Array.isArray(manifest.exposes)) {
      return fail('manifest', `${release.manifestUrl} — не манифест Module Federation (нет exposes)`);
    }
    return { check: 'manifest', ok: true };
  } catch (error) {
    return fail('manifest', (error as Error).message);
  }
}

export async function filesCheck(release: CandidateRelease, { config }: { config: Config }): Promise<ReleaseCheckResult> {
  let manifest: Manifest;
  try {
    manifest = await manifestOf(config, release.manifestUrl);
  } catch {
    return fail('files', 'манифест не загрузился');
  }
  const files = manifestFiles(manifest, release.manifestUrl);
  const missing: string[] = [];
  // a few at a time: a remote lists a few dozen files
  for (let i = 0; i < files.length; i += 8) {
    await Promise.all(
      files.slice(i, i + 8).map(async (url) => {
        try {
          const response = await get(config, url);
          await response.body?.cancel();
          if (!response.ok) missing.push(`${url} (HTTP ${response.status})`);
        } catch (error) {
          missing.push(`${url} (${(error as Error).message})`);
        }
      }),
    );
  }
  if (missing.length) return fail('files', `не отвечают файлы из манифеста: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ` и ещё ${missing.length - 5}` : ''}`);
  return { check: 'files', ok: true };
}

export async function contractChecks(release: CandidateRelease, { config }: { config: Config }): Promise<ReleaseCheckResult[]> {
  let candidate: Manifest;
  try {
    candidate = await manifestOf(config, release.manifestUrl);
  } catch {
    return [fail('exposes', 'манифест не загрузился'), fail('singletons', 'манифест не загрузился')];
  }
  const hostManifestUrl = `${config.release.hostUrl}/mf-manifest.json`;
  let host: Manifest | null = null;
  let hostProblem = '';
  try {
    host = await readJson<Manifest>(config, hostManifestUrl, 'манифест хоста');
  } catch (error) {
    hostProblem = `${(error as Error).message}: нельзя сравнить общие библиотеки с хостом (HOST_INTERNAL_URL)`;
  }
  const problems = manifestProblems(release.remote, candidate, host ?? { name: 'host', exposes: [], shared: [] }, {
    candidate: await statsOf(config, release.manifestUrl),
    host: host ? await statsOf(config, hostManifestUrl) : undefined,
  });
  const of = (check: 'exposes' | 'singletons') => problems.filter((p) => p.check === check).map((p) => p.reason);
  const exposes = of('exposes');
  const singletons = hostProblem ? [hostProblem] : of('singletons');
  return [
    exposes.length ? fail('exposes', exposes.join('; ')) : { check: 'exposes', ok: true },
    singletons.length ? fail('singletons', singletons.join('; ')) : { check: 'singletons', ok: true },
  ];
}

registerReleaseCheck(originCheck, { atPublish: true });
registerReleaseCheck(manifestCheck, { atPublish: true });
registerReleaseCheck(filesCheck, { atPublish: true });
// exposes and singletons come from one comparison: two checks reading it
let lastContract: { key: string; value: Promise<ReleaseCheckResult[]> } | null = null;
const contract = (release: CandidateRelease, ctx: { config: Config }) => {
  const key = `${release.remote} ${release.version} ${Math.floor(Date.now() / 2000)}`;
  if (lastContract?.key !== key) lastContract = { key, value: contractChecks(release, ctx) };
  return lastContract.value;
};
registerReleaseCheck(async (release, ctx) => (await contract(release, ctx))[0] as ReleaseCheckResult, { atPublish: true });
registerReleaseCheck(async (release, ctx) => (await contract(release, ctx))[1] as ReleaseCheckResult, { atPublish: true });
