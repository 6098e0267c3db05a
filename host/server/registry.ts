import { readFile } from 'node:fs/promises';
import { releaseVersionOfUrl } from '@shop/contracts/release-plane';
import { fetchJson, httpUrl } from './fetch-json.ts';

/** What the browser gets: remote name → manifest URL of the release it should load. */
export type Registry = Record<string, string>;

export interface RemoteState {
  active: { version: string; manifestUrl: string };
  /** A release tried on a share of visitors (by a stable hash of visitor_id). */
  canary?: { version: string; manifestUrl: string; percent: number } | null;
}
export type RegistryState = Record<string, RemoteState>;

export type RegistrySource = () => Promise<RegistryState>;

/** Subscribes `onChange` to announced registry changes; returns how to stop. */
export type RegistryChanges = (onChange: () => void) => () => void;

/**
 * A manifest URL as it may reach the page, its CSP and the server's own manifest reads: an
 * absolute http(s) URL, or a path on the host itself. Anything else (`javascript:`, `//x`, a
 * typo) is dropped, so a bad registry entry costs that remote, not the page.
 */
export function safeManifestUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null;
  if (value.startsWith('/')) return value.startsWith('//') || value.includes('\\') ? null : value;
  return httpUrl(value)?.href ?? null;
}

function fromMap(map: Record<string, unknown>): RegistryState {
  const state: RegistryState = {};
  for (const [name, value] of Object.entries(map)) {
    const url = safeManifestUrl(value);
    if (url) state[name] = { active: { version: releaseVersionOfUrl(url) ?? '', manifestUrl: url } };
  }
  return state;
}

/** The API's registry answer, keeping only entries whose manifest URLs are safe. */
function fromApi(body: unknown): RegistryState {
  const remotes = (body as { remotes?: unknown } | null)?.remotes;
  if (!remotes || typeof remotes !== 'object') throw new Error('registry answer has no remotes');
  const state: RegistryState = {};
  for (const [name, value] of Object.entries(remotes as Record<string, Partial<RemoteState> | null>)) {
    const active = value?.active;
    const manifestUrl = safeManifestUrl(active?.manifestUrl);
    if (!active || !manifestUrl) continue;
    const remote: RemoteState = { active: { version: String(active.version ?? ''), manifestUrl } };
    const canary = value?.canary;
    const canaryUrl = safeManifestUrl(canary?.manifestUrl);
    if (canary && canaryUrl && typeof canary.percent === 'number' && canary.percent >= 0 && canary.percent <= 100) {
      remote.canary = { version: String(canary.version ?? ''), manifestUrl: canaryUrl, percent: canary.percent };
    }
    state[name] = remote;
  }
  return state;
}

/**
 * Read at most once per `ttlMs`, so any number of page requests cost one read and a switch
 * is seen within seconds (at once when `changes` announces it); when the source fails, the last
 * known registry keeps serving.
 */
function cached(read: () => Promise<RegistryState>, ttlMs: number, changes?: RegistryChanges): RegistrySource {
  let last: { at: number; value: RegistryState } | null = null;
  let pending: Promise<RegistryState> | null = null;
  let stale = false;
  changes?.(() => {
    stale = true;
  });
  return async () => {
    if (last && !stale && Date.now() - last.at < ttlMs) return last.value;
    stale = false;
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
export function apiRegistry(apiUrl: string, ttlMs: number, changes?: RegistryChanges): RegistrySource {
  return cached(async () => {
    const { status, body } = await fetchJson(`${apiUrl}/api/registry`, { origin: apiUrl, timeoutMs: 3000, maxBytes: 1_000_000 });
    if (status !== 200) throw new Error(`registry answered ${status}`);
    return fromApi(body);
  }, ttlMs, changes);
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
