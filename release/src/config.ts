import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type HealthConfig, loadHealthConfig } from './registry/health-config.ts';
import { loadReleaseConfig, type ReleaseConfig } from './registry/release-config.ts';
import { loadReleaseStorageConfig, type ReleaseStorageConfig } from './registry/release-storage-config.ts';
import { loadSmokeConfig, type SmokeConfig } from './registry/smoke-config.ts';
import { ConfigError, envInt, failSetting, isProxyEntry, type ServiceSettings } from '@shop/server-kit';

/**
 * Every setting of the release service, with the variable names the catalogue API used for them:
 * RELEASE_PORT (4100: beside the API's 4000, clear of the remotes' 3001–3003), RELEASE_HOST, and the
 * settings every service shares (with DATABASE_URL its tables live in the schema `release`).
 */
export interface Config extends ServiceSettings {
  /** RELEASE_PGLITE_DIR: its own folder (one PGlite folder opens in one process only). */
  pgliteDir: string;
  /** SHOP_PUBLIC_URL: the shop's public address (the host build the release checks compare with). */
  shopPublicUrl: string;
  /** API_URL: the catalogue API (trusted documents are registered there; the smoke asks it for pages). */
  apiUrl: string;
  /** OPS_TOKEN: the same token the catalogue API takes for its ops routes. */
  opsToken: string | undefined;
  /** TRUSTED_PROXIES: proxies whose X-Forwarded-For is believed (default loopback: the host). */
  trustedProxies: string[];
  /** OPS_TOKEN_FAILURE_LIMIT: wrong ops/team tokens per client per 15 minutes before a lockout. */
  opsTokenFailureLimit: number;
  health: HealthConfig;
  smoke: SmokeConfig;
  release: ReleaseConfig;
  releases: ReleaseStorageConfig;
}

export { ConfigError };

const packageRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));

function url(env: NodeJS.ProcessEnv, name: string, fallback: string, protocols: string[]): string;
function url(env: NodeJS.ProcessEnv, name: string, fallback: undefined, protocols: string[]): string | undefined;
function url(env: NodeJS.ProcessEnv, name: string, fallback: string | undefined, protocols: string[]) {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  let parsed: URL | null = null;
  try {
    parsed = new URL(raw);
  } catch {}
  if (!parsed || !protocols.includes(parsed.protocol)) failSetting(name, raw, `a ${protocols.join(' or ')} URL`);
  return raw.replace(/\/+$/, '');
}

function trustedProxies(env: NodeJS.ProcessEnv): string[] {
  const raw = env.TRUSTED_PROXIES?.trim();
  if (!raw) return ['127.0.0.1/8', '::1'];
  if (raw.toLowerCase() === 'none') return [];
  const entries = raw.split(',').map((s) => s.trim()).filter(Boolean);
  if (entries.some((e) => !isProxyEntry(e))) failSetting('TRUSTED_PROXIES', raw, 'comma-separated IP addresses or CIDRs, or none');
  return entries;
}

/** Reads and validates every setting of the release service; nothing else reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const publicUrl = url(env, 'SHOP_PUBLIC_URL', 'http://localhost:3000', ['http:', 'https:']);
  return {
    port: envInt(env, 'RELEASE_PORT', 4100, 1, 65535, failSetting),
    host: env.RELEASE_HOST?.trim() || '127.0.0.1',
    databaseUrl: url(env, 'DATABASE_URL', undefined, ['postgres:', 'postgresql:']),
    redisUrl: url(env, 'REDIS_URL', undefined, ['redis:', 'rediss:']),
    shutdownDrainMs: envInt(env, 'SHUTDOWN_DRAIN_MS', 0, 0, 120_000, failSetting),
    databasePoolSize: envInt(env, 'DATABASE_POOL_SIZE', 4, 1, 100, failSetting),
    pgliteDir: resolve(env.RELEASE_PGLITE_DIR || resolve(packageRoot, '.data/pglite')),
    shopPublicUrl: publicUrl,
    apiUrl: url(env, 'API_URL', `http://127.0.0.1:${env.API_PORT?.trim() || '4000'}`, ['http:', 'https:']),
    opsToken: env.OPS_TOKEN || undefined,
    trustedProxies: trustedProxies(env),
    opsTokenFailureLimit: envInt(env, 'OPS_TOKEN_FAILURE_LIMIT', 10, 1, 10_000, failSetting),
    health: loadHealthConfig(env, failSetting),
    smoke: loadSmokeConfig(env, failSetting),
    release: loadReleaseConfig(env, publicUrl),
    releases: loadReleaseStorageConfig(env, failSetting),
  };
}

/**
 * Defaults for in-process use (tests) with selected overrides: no browser smoke unless a test asks
 * for one; the catalogue API where the test environment put it (API_URL of this process).
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({ API_URL: process.env.API_URL });
  return { ...base, smoke: { ...base.smoke, off: true }, ...overrides };
}
