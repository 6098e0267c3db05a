import { type EnvFail, envInt } from '@shop/server-kit';

/** The orders desk's settings (read by config.ts's loadConfig, like every setting of the API). */
export interface DeskConfig {
  /** DESK_SESSION_HOURS (default 12): an idle desk session ends after this many hours. */
  sessionHours: number;
  /**
   * DESK_SIGNIN_EMAIL_LIMIT (default 5): failed sign-ins for one e-mail from one client address per
   * 15 minutes before that pair is locked for the rest of them. Per pair, so a stranger's wrong
   * passwords cannot lock the owner out from the owner's own address.
   */
  signInEmailLimit: number;
  /**
   * DESK_SIGNIN_EMAIL_TOTAL_LIMIT (default 100): failed sign-ins for one e-mail from all addresses
   * per 15 minutes before it is locked everywhere: bounds guessing spread over many addresses.
   */
  signInEmailTotalLimit: number;
  /** DESK_SIGNIN_IP_LIMIT (default 20): failed sign-ins per client IP (IPv6: /64) per 15 minutes. */
  signInIpLimit: number;
}

export const SIGN_IN_WINDOW_MS = 15 * 60_000;

export function loadDeskConfig(env: NodeJS.ProcessEnv, fail: EnvFail): DeskConfig {
  return {
    sessionHours: envInt(env, 'DESK_SESSION_HOURS', 12, 1, 24 * 7, fail),
    signInEmailLimit: envInt(env, 'DESK_SIGNIN_EMAIL_LIMIT', 5, 1, 10_000, fail),
    signInEmailTotalLimit: envInt(env, 'DESK_SIGNIN_EMAIL_TOTAL_LIMIT', 100, 1, 1_000_000, fail),
    signInIpLimit: envInt(env, 'DESK_SIGNIN_IP_LIMIT', 20, 1, 100_000, fail),
  };
}
