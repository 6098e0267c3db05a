/** The ops side of the API's remote registry: every change needs the ops token or a team's release token. */
import { existsSync, readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import type { ReleaseMeta } from '@shop/release';
import { readErrorBody } from '@shop/contracts/errors';

export type { ReleaseMeta };
export interface Release {
  version: string;
  manifestUrl: string;
  createdAt: string;
  createdBy: string;
  /** published · checked (passed the gate) · refused (never activated) · bad (rolled back or stopped) */
  status?: string;
  meta?: ReleaseMeta | null;
  checks?: { at: string; ok: boolean; results: { check: string; ok: boolean; reason?: string; ms?: number }[] } | null;
  pruned?: boolean;
  /** Shoppers' views and failed views (load + render) of this release over the health window. */
  health?: { views: number; errors: number };
}
/** A progressive canary's steps (CANARY_STEPS), when the next is due and what it is (null: promotion). */
export interface CanaryProgression {
  steps: number[];
  stepAt: string;
  nextStepAt: string;
  next: number | null;
}
export interface RemoteStatus {
  name: string;
  active: { version: string; manifestUrl: string; activatedAt: string; activatedBy: string; meta?: ReleaseMeta | null } | null;
  canary: {
    version: string;
    manifestUrl: string;
    percent: number;
    activatedAt: string;
    activatedBy: string;
    meta?: ReleaseMeta | null;
    /** Null (or absent from an older service): a fixed share. */
    progressive?: CanaryProgression | null;
  } | null;
  /** The activation stack, newest first (undone: rolled back). */
  stack?: { version: string; at: string; by: string; reason: string; undone: boolean; status: string }[];
  releases: Release[];
  history: { action: string; version: string | null; percent: number | null; at: string; by: string; note?: string | null }[];
}
export interface TokenInfo {
  name: string;
  remote: string | null;
  createdAt: string;
  revokedAt: string | null;
}

// (No import of lib/stack.ts here: that module imports this one.)
const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const TOKEN_FILE = path.join(ROOT, '.run', 'ops-token');

export function opsToken(): string {
  const token = process.env.OPS_TOKEN?.trim() || (existsSync(TOKEN_FILE) ? readFileSync(TOKEN_FILE, 'utf8').trim() : '');
  if (!token) throw new Error(`No ops token: set OPS_TOKEN (npm start writes the local one to ${path.relative(ROOT, TOKEN_FILE)})`);
  return token;
}

/**
 * The release service (registry, uploads, tokens): RELEASE_URL, or OPS_URL, or the older
 * OPS_API_URL (from when the catalogue API held the registry); default the local `npm start`'s.
 */
export function releaseBase(): string {
  const { RELEASE_URL, OPS_URL, OPS_API_URL, RELEASE_PORT } = process.env;
  return (RELEASE_URL || OPS_URL || OPS_API_URL || `http://127.0.0.1:${RELEASE_PORT || 4100}`).replace(/\/$/, '');
}

/** The catalogue API, for its trusted documents (`/api/ops/operations`): API_URL, else OPS_API_URL, else the local one. */
export function catalogueApiBase(): string {
  const { API_URL, OPS_API_URL, API_PORT } = process.env;
  return (API_URL || OPS_API_URL || `http://127.0.0.1:${API_PORT || 4000}`).replace(/\/$/, '');
}

/** The token the commands send: a team's RELEASE_TOKEN (its remote only), else the ops token. */
export function releaseToken(): string {
  return process.env.RELEASE_TOKEN?.trim() || opsToken();
}

/**
 * Sent as `by` for older APIs only: the API records the token's name as the actor, never this.
 */
export function actor(): string {
  return process.env.OPS_ACTOR || process.env.USER || userInfo().username || 'unknown';
}

export interface RegistryClientOptions {
  /** The release service (or anything that routes its paths to it). */
  base: string;
  /** The catalogue API, for `/operations` (default: base). */
  apiBase?: string;
  token: string;
  by: string;
}

/** `registry`: the release service's `/api/ops/registry<route>`; `api`: the catalogue API's `/api/ops<route>`. */
async function call<T>(options: RegistryClientOptions, method: 'GET' | 'POST', route: string, body?: unknown, service: 'registry' | 'api' = 'registry'): Promise<T> {
  const base = service === 'api' ? (options.apiBase ?? options.base) : options.base;
  const url = `${base}/api/ops${service === 'api' ? route : `/registry${route}`}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      // a change waits for the server's release gate (the static checks, then the browser smoke)
      signal: AbortSignal.timeout(method === 'GET' ? 10_000 : 180_000),
    });
  } catch (error) {
    throw new Error(`${base} did not answer (${(error as Error).message}); is the shop running?`);
  }
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new Error(readErrorBody(answer)?.message || `the API answered HTTP ${response.status}`);
  return answer as T;
}

export function createRegistryClient(options: RegistryClientOptions) {
  const { by } = options;
  return {
    status: (remote?: string) => call<{ remotes: RemoteStatus[] }>(options, 'GET', remote ? `?remote=${encodeURIComponent(remote)}` : ''),
    publish: (remote: string, version: string, manifestUrl: string, meta?: ReleaseMeta) =>
      call<{ release: Release }>(options, 'POST', '/releases', { remote, version, manifestUrl, by, ...(meta ? { meta } : {}) }),
    /** `recheck`: a release the browser smoke alone refused goes through the gate again (a static refusal is final). */
    activate: (remote: string, version: string, recheck = false) =>
      call<{ remote: RemoteStatus }>(options, 'POST', '/activate', { remote, version, by, ...(recheck ? { recheck } : {}) }),
    /** Without a percent: a progressive canary (the service's CANARY_STEPS, then promoted). */
    canary: (remote: string, version: string, percent: number | null) =>
      call<{ remote: RemoteStatus }>(options, 'POST', '/canary', { remote, version, ...(percent === null ? {} : { percent }), by }),
    canaryStop: (remote: string) => call<{ stopped: string; remote: RemoteStatus }>(options, 'POST', '/canary/stop', { remote, by }),
    promote: (remote: string, force = false) => call<{ remote: RemoteStatus }>(options, 'POST', '/promote', { remote, by, ...(force ? { force } : {}) }),
    /** The server picks the target from the activation stack; during a canary it stops the canary only. */
    rollback: (remote: string) =>
      call<{ remote: RemoteStatus; stoppedCanary?: string; from?: string; to?: string }>(options, 'POST', '/rollback', { remote, by }),
    tokens: () => call<{ tokens: TokenInfo[] }>(options, 'GET', '/tokens'),
    addToken: (name: string, remote: string | null) =>
      call<{ token: { name: string; remote: string | null; token: string } }>(options, 'POST', '/tokens', { name, remote }),
    revokeToken: (name: string) => call<{ revoked: string }>(options, 'POST', '/tokens/revoke', { name }),
    /**
     * Registers a release's trusted documents with the API, which checks each (parses, valid
     * against the schema, within the query limits) and registers all or none; throws with the
     * API's reasons when any is refused. Registering the same release again changes nothing.
     */
    registerOperations: (app: string, version: string, operations: unknown[]) =>
      call<{ operations: number; registered: number }>(options, 'POST', '/operations', { app, version, operations, by }, 'api'),
    /**
     * Has the release service register a published release's own trusted documents with the API
     * again (a no-op when they are there): what `activate` and `canary` do first. A team token may
     * ask for its own remote's releases; the service reads the operations from the release itself.
     */
    releaseOperations: (remote: string, version: string) =>
      call<{ remote: string; version: string; operations: number }>(options, 'POST', '/operations', { remote, version }),
  };
}

/** The client the commands use: services and token (RELEASE_TOKEN or the ops token) from the environment. */
export function registryApi() {
  return createRegistryClient({ base: releaseBase(), apiBase: catalogueApiBase(), token: releaseToken(), by: actor() });
}
