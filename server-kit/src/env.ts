/**
 * Reading one setting from the environment, for every settings module of the API and the release
 * service: an unset or blank variable gives the default,
 * a bad value calls the caller's `fail`, which throws its own error (ConfigError,
 * PaymentConfigError) naming the variable. Three small functions rather than a schema library:
 * each module keeps its own messages and its own error class.
 */
export type EnvFail = (name: string, value: string, expected: string) => never;

/** A setting a service cannot start with: its start prints the message (no stack) and stops. */
export class ConfigError extends Error {}

/** The services' EnvFail: a ConfigError naming the variable, its value and what it should be. */
export const failSetting: EnvFail = (name, value, expected) => {
  throw new ConfigError(`Invalid ${name}=${JSON.stringify(value)}: expected ${expected}.`);
};

/** The variable's value without surrounding blanks; undefined when unset or blank. */
function raw(env: NodeJS.ProcessEnv, name: string): string | undefined {
  return env[name]?.trim() || undefined;
}

/** An integer from `min` to `max`. */
export function envInt(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number, fail: EnvFail): number {
  const value = raw(env, name);
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) fail(name, value, `an integer from ${min} to ${max}`);
  return n;
}

/** 1, true, yes or on; 0, false, no or off (any case). */
export function envBool(env: NodeJS.ProcessEnv, name: string, fallback: boolean, fail: EnvFail, expected = 'true or false'): boolean {
  const value = raw(env, name);
  if (value === undefined) return fallback;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  return fail(name, value, expected);
}

/** The settings every service of the shop reads the same way (each adds its own). */
export interface ServiceSettings {
  port: number;
  host: string;
  /** DATABASE_URL: PostgreSQL; unset: PGlite in the service's own folder. */
  databaseUrl: string | undefined;
  /** PostgreSQL connections in the pool (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  /** REDIS_URL: the rate limits count in Redis, one limit however many replicas serve; unset: each process counts its own. */
  redisUrl: string | undefined;
  /** SHUTDOWN_DRAIN_MS: how long the health route answers 503 after SIGTERM before the server closes (0: at once). */
  shutdownDrainMs: number;
}

/**
 * A payment or delivery provider's API base: https (http only for 127.0.0.1 or localhost, a
 * local fake), no credentials, query or fragment; without its trailing slash.
 */
export function envProviderUrl(env: NodeJS.ProcessEnv, name: string, fallback: string, fail: EnvFail): string {
  const value = raw(env, name) ?? fallback;
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    return fail(name, value, `a URL such as ${fallback}`);
  }
  const local = u.hostname === '127.0.0.1' || u.hostname === 'localhost' || u.hostname === '[::1]';
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && local)) {
    fail(name, value, 'an https URL (http only for 127.0.0.1 or localhost, a local fake)');
  }
  if (u.username || u.password || u.search || u.hash) fail(name, value, 'a URL without credentials, query or fragment');
  return value.replace(/\/+$/, '');
}
