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
  /**
   * CANARY_MIN_FAILURES (default 3): failed shopper page views (load + render) that are enough to
   * judge a canary before it has CANARY_MIN_VIEWS reports: a canary failing where the active
   * release (almost) never does is stopped at its third failure, not its twentieth report.
   */
  minFailures: number;
  /**
   * CANARY_STEPS (default 5,25,50): the shares of visitors a progressive canary goes through, in
   * rising order, each from 1 to 99; after the last one it is promoted (100 %).
   */
  steps: number[];
  /** CANARY_STEP_SECONDS (default 300): how long a healthy progressive canary stays at a step. */
  stepSeconds: number;
  /** TELEMETRY_RATE_LIMIT (default 120): telemetry posts per client IP (IPv6: /64) per minute. */
  rateLimit: number;
}

/** Rising shares from 1 to 99, comma-separated. */
function envSteps(env: NodeJS.ProcessEnv, name: string, fallback: number[], fail: EnvFail): number[] {
  const value = env[name]?.trim();
  if (!value) return fallback;
  const steps = value.split(',').map((s) => Number(s.trim()));
  const rising = steps.every((n, i) => Number.isInteger(n) && n >= 1 && n <= 99 && (i === 0 || n > (steps[i - 1] as number)));
  if (!rising) fail(name, value, 'rising whole percentages from 1 to 99, comma-separated (5,25,50)');
  return steps;
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
    minFailures: envInt(env, 'CANARY_MIN_FAILURES', 3, 1, 1_000_000, fail),
    steps: envSteps(env, 'CANARY_STEPS', [5, 25, 50], fail),
    stepSeconds: envInt(env, 'CANARY_STEP_SECONDS', 300, 1, 7 * 24 * 3600, fail),
    rateLimit: envInt(env, 'TELEMETRY_RATE_LIMIT', 120, 1, 100_000, fail),
  };
}
