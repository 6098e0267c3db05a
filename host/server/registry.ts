import { readFile } from 'node:fs/promises';

/** What the browser gets: remote name → manifest URL of the release it should load. */
export type Registry = Record<string, string>;

export interface RemoteState {
  active: { version: string; manifestUrl: string };
  /** A release tried on a share of visitors (by a stable hash of visitor_id). */
  canary?: { version: string; manifestUrl: string; percent: number } | null;
}
export type RegistryState = Record<string, RemoteState>;

export type RegistrySource = () => Promise<RegistryState>;

function fromMap(map: Record<string, unknown>): RegistryState {
  const state: RegistryState = {};
  for (const [name, url] of Object.entries(map)) {
    if (typeof url === 'string') state[name] = { active: { version: url.split('/').at(-2) ?? '', manifestUrl: url } };
  }
  return state;
}

/**
 * Read at most once per `ttlMs`, so any number of page requests cost one read and a switch
 * is seen within seconds; when the source fails, the last known registry keeps serving.
 */
function cached(read: () => Promise<RegistryState>, ttlMs: number): RegistrySource {
  let last: { at: number; value: RegistryState } | null = null;
  let pending: Promise<RegistryState> | null = null;
  return async () => {
    if (last && Date.now() - last.at < ttlMs) return last.value;
    pending ??= read()
      .then((value) => {
        last = { at: Date.now(), value };
        return value;
      })
      .catch((error: unknown) => {
        if (last) return last.value;
        throw error;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  };
}

/** A fixed registry (REGISTRY_JSON). */
export function fixedRegistry(map: Record<string, string>): RegistrySource {
  const state = fromMap(map);
  return async () => state;
}

/** A registry file (REGISTRY_FILE): `{ "mf_catalog": "<manifest url>", … }`. */
export function fileRegistry(file: string, ttlMs: number): RegistrySource {
  return cached(async () => fromMap(JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>), ttlMs);
}

/** The registry the API keeps in its database, so every host server agrees. */
export function apiRegistry(apiUrl: string, ttlMs: number): RegistrySource {
  return cached(async () => {
    const response = await fetch(`${apiUrl}/api/registry`, { signal: AbortSignal.timeout(3000) });
    if (!response.ok) throw new Error(`registry answered ${response.status}`);
    const body = (await response.json()) as { remotes: RegistryState };
    return body.remotes;
  }, ttlMs);
}

/** FNV-1a: a small, stable, well-spread hash; the same visitor always lands in the same bucket. */
export function bucket(visitorId: string, remote: string): number {
  let hash = 0x811c9dc5;
  for (const char of `${remote}:${visitorId}`) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 100;
}

/** The registry one visitor gets: the canary release when their bucket falls in its share. */
export function registryFor(state: RegistryState, visitorId: string): Registry {
  const registry: Registry = {};
  for (const [name, remote] of Object.entries(state)) {
    const canary = remote.canary;
    registry[name] = canary && bucket(visitorId, name) < canary.percent ? canary.manifestUrl : remote.active.manifestUrl;
  }
  return registry;
}
