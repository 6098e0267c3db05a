import { type EnvFail, envInt } from '@shop/server-kit';
import { headlessChromiumPath } from './chromium-flags.ts';

/** The browser smoke before activation and the preview links (read by config.ts; registry/smoke.ts, preview-routes.ts). */
export interface SmokeConfig {
  /**
   * SMOKE_HOST_URL: the live host server the smoke opens the candidate on (e.g. http://127.0.0.1:3000).
   * Unset: the smoke cannot run, and every activation is refused unless `off`.
   */
  hostUrl?: string;
  /** RELEASE_SMOKE=off: releases go out without the browser smoke (said in each release's checks). Only ever explicit. */
  off: boolean;
  /**
   * SMOKE_CHROMIUM (default /usr/bin/chromium-headless-shell when installed, else /usr/bin/chromium):
   * Debian's Chromium, driven by playwright-core.
   */
  chromiumPath: string;
  /** SMOKE_TIMEOUT_MS (default 15000): how long one page may take to show its landmark and its data (nothing in its area still `aria-busy`). */
  timeoutMs: number;
  /** SMOKE_PARALLEL (default 4): pages the smoke has open at once (each page is judged on a phone and a desktop screen). */
  parallel: number;
  /**
   * SMOKE_REUSE_SECONDS (default 600; 0: never): a release that passed the smoke this recently is
   * not opened again when nothing it was judged with has changed (the same host build, the same
   * releases of the other remotes, the same catalogue sample): a promote after its canary, or a
   * rollback to a release just checked, goes out at once. A refusal is never reused.
   */
  reuseSeconds: number;
  /**
   * PREVIEW_SECRET: the HMAC key of preview cookies, the same value the host server is given.
   * Unset: no preview links, and the smoke (which needs one) cannot run.
   */
  previewSecret?: string;
  /** PREVIEW_TTL_MINUTES (default 60): how long a preview link a team asks for stays valid. */
  previewTtlMinutes: number;
}

export function loadSmokeConfig(env: NodeJS.ProcessEnv, fail: EnvFail): SmokeConfig {
  const hostRaw = env.SMOKE_HOST_URL?.trim();
  let hostUrl: string | undefined;
  if (hostRaw) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(hostRaw);
    } catch {
      // reported below
    }
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol))
      fail('SMOKE_HOST_URL', hostRaw, 'an http(s) URL of the host server');
    hostUrl = parsed.origin;
  }
  const smoke = env.RELEASE_SMOKE?.trim().toLowerCase();
  if (smoke && smoke !== 'on' && smoke !== 'off') fail('RELEASE_SMOKE', env.RELEASE_SMOKE ?? '', 'on or off');
  const secret = env.PREVIEW_SECRET?.trim();
  if (secret && secret.length < 16) fail('PREVIEW_SECRET', '…', 'at least 16 characters');
  return {
    ...(hostUrl ? { hostUrl } : {}),
    off: smoke === 'off',
    chromiumPath: headlessChromiumPath(env.SMOKE_CHROMIUM),
    timeoutMs: envInt(env, 'SMOKE_TIMEOUT_MS', 15_000, 1000, 300_000, fail),
    parallel: envInt(env, 'SMOKE_PARALLEL', 4, 1, 16, fail),
    reuseSeconds: envInt(env, 'SMOKE_REUSE_SECONDS', 600, 0, 86_400, fail),
    ...(secret ? { previewSecret: secret } : {}),
    previewTtlMinutes: envInt(env, 'PREVIEW_TTL_MINUTES', 60, 1, 7 * 24 * 60, fail),
  };
}
