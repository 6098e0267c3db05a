import { type EnvFail, envInt } from '@shop/server-kit';

/** The orders desk's settings (read by config.ts's loadConfig, like every setting of the API). */
export interface DeskConfig {
  /** DESK_SESSION_HOURS (default 12): an idle desk session ends after this many hours. */
  sessionHours: number;
  /**
   * DESK_SIGNIN_EMAIL_LIMIT (default 5): failed sign-ins for one e-mail from one client address per
   * 15 minutes before that pair is locked for the rest of them. Per pair, so a stranger's wrong
   * passwords cannot lock the owner out from the owner's own address. Also the budget of wrong
   * passwords a known browser (SignInFailures.byDevice) has before it counts as unknown.
   */
  signInEmailLimit: number;
  /**
   * DESK_SIGNIN_EMAIL_TOTAL_LIMIT (default 100): failed sign-ins for one e-mail from all addresses
   * per day that cost nothing; past them each further sign-in from an unknown browser waits
   * `signInWait.first` seconds after the previous one, twice as long after each further failure,
   * up to `signInWait.max`. Never a lock: guessing spread over many addresses is slowed, and the
   * account's own browsers are not held back.
   */
  signInEmailTotalLimit: number;
  /** The waits of signInEmailTotalLimit, in seconds: 1 doubling to 60 (not a setting). */
  signInWait: { first: number; max: number };
  /** DESK_SIGNIN_IP_LIMIT (default 20): failed sign-ins per client IP (IPv6: /64) per 15 minutes. */
  signInIpLimit: number;
}

export const SIGN_IN_WINDOW_MS = 15 * 60_000;
/** The window the per-e-mail waits count failures in. */
export const SIGN_IN_BACKOFF_WINDOW_MS = 24 * 3600_000;

export function loadDeskConfig(env: NodeJS.ProcessEnv, fail: EnvFail): DeskConfig {
  return {
    sessionHours: envInt(env, 'DESK_SESSION_HOURS', 12, 1, 24 * 7, fail),
    signInEmailLimit: envInt(env, 'DESK_SIGNIN_EMAIL_LIMIT', 5, 1, 10_000, fail),
    signInEmailTotalLimit: envInt(env, 'DESK_SIGNIN_EMAIL_TOTAL_LIMIT', 100, 1, 1_000_000, fail),
    signInIpLimit: envInt(env, 'DESK_SIGNIN_IP_LIMIT', 20, 1, 100_000, fail),
    signInWait: { first: 1, max: 60 },
  };
}
