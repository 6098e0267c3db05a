import { type EnvFail, envInt } from '@shop/server-kit';

/** Health per release: how canaries are judged and how much telemetry one client may send (read by config.ts). */
export interface HealthConfig {
  /** CANARY_WINDOW_MINUTES (default 10): the error rate of a release counts the reports of this many last minutes. */
  windowMinutes: number;
  /** CANARY_MIN_VIEWS (default 20): reports (views + errors) a canary needs before it can be stopped on errors. */
  minViews: number;
  /**
   * CANARY_MAX_EXTRA_ERROR_RATE (default 0.05): a canary whose error rate exceeds the active
   * release's by more than this (0.05 = 5 percentage points) is stopped automatically.
   */
  maxExtraErrorRate: number;
  /** TELEMETRY_RATE_LIMIT (default 120): telemetry posts per client IP (IPv6: /64) per minute. */
  rateLimit: number;
}

/** A fraction from 0 to 1 (util/env.ts has integers and booleans only). */
function envFraction(env: NodeJS.ProcessEnv, name: string, fallback: number, fail: EnvFail): number {
  const value = env[name]?.trim();
  if (!value) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 1) fail(name, value, 'a number from 0 to 1 (0.05 = 5 percentage points)');
  return n;
}

export function loadHealthConfig(env: NodeJS.ProcessEnv, fail: EnvFail): HealthConfig {
  return {
    windowMinutes: envInt(env, 'CANARY_WINDOW_MINUTES', 10, 1, 24 * 60, fail),
    minViews: envInt(env, 'CANARY_MIN_VIEWS', 20, 1, 1_000_000, fail),
    maxExtraErrorRate: envFraction(env, 'CANARY_MAX_EXTRA_ERROR_RATE', 0.05, fail),
    rateLimit: envInt(env, 'TELEMETRY_RATE_LIMIT', 120, 1, 100_000, fail),
  };
}
