import { internalUrl, parseOriginMap } from '@shop/contracts/origin-map';

/**
 * The release checks live in the release service (release/src/registry/release-rules.ts, run by the registry's
 * release gate on every publish, activate, canary, promote and rollback): the CLI is a client,
 * not the guard. Re-exported here for the tooling's tests. What stays here is the client's part
 * of a release: its trusted documents, registered with the API before activation.
 */
export { compareManifests, type Manifest, type SharedExports } from '@shop/release/release-rules';

/**
 * Where the tool itself reaches a public URL: in docker-compose the browser's address
 * (localhost:3001) is another service's name inside the network.
 * RELEASE_CHECK_ORIGIN_MAP="http://localhost:3001=http://mf-catalog:3001,…" (@shop/contracts/origin-map).
 */
function reachable(url: string): string {
  return internalUrl(parseOriginMap(process.env.RELEASE_CHECK_ORIGIN_MAP), url);
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
