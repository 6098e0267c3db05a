import { dirname, resolve } from 'node:path';
import { type EnvFail, envInt } from '@shop/server-kit';

export interface PhotoConfig {
  /** Where imported originals and the renditions made from them are kept: PHOTO_DIR, by default beside the embedded database. */
  dir: string;
  /** The largest photo file an import takes: PHOTO_MAX_BYTES (a supplier's 6000 px JPEG is 2–8 MB). */
  maxBytes: number;
  /** The most pixels a photo may decode to: PHOTO_MAX_PIXELS (a small file claiming more is a decompression bomb). */
  maxPixels: number;
  /** How long an import waits for one photo from an https address: PHOTO_FETCH_TIMEOUT_MS. */
  fetchTimeoutMs: number;
  /** Renditions made at once per process (each holds a decoded photo in memory): PHOTO_RENDER_CONCURRENCY. */
  renderConcurrency: number;
}

export function loadPhotoConfig(env: NodeJS.ProcessEnv, pgliteDir: string, fail: EnvFail): PhotoConfig {
  const int = (name: string, fallback: number, min: number, max: number) => envInt(env, name, fallback, min, max, fail);
  return {
    dir: resolve(env.PHOTO_DIR || resolve(dirname(pgliteDir), 'photos')),
    maxBytes: int('PHOTO_MAX_BYTES', 30 * 1024 * 1024, 1024, 512 * 1024 * 1024),
    maxPixels: int('PHOTO_MAX_PIXELS', 60_000_000, 10_000, 400_000_000),
    fetchTimeoutMs: int('PHOTO_FETCH_TIMEOUT_MS', 20_000, 100, 300_000),
    renderConcurrency: int('PHOTO_RENDER_CONCURRENCY', 2, 1, 64),
  };
}
