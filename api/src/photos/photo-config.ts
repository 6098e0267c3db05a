import { dirname, resolve } from 'node:path';
import { type EnvFail, envInt } from '@shop/server-kit';

/** An S3-compatible bucket for the photos (PHOTO_S3_*): replicas on several machines share it. */
export interface PhotoS3Config {
  bucket: string;
  /** The service's address (Yandex Object Storage, MinIO…); unset: AWS itself. Addressed by path. */
  endpoint: string | null;
  region: string;
  /** Unset: the SDK's own chain (AWS_ACCESS_KEY_ID…, an instance role). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
}

export interface PhotoConfig {
  /** Where imported originals and the renditions made from them are kept: PHOTO_DIR, by default beside the embedded database. */
  dir: string;
  /** The bucket that keeps them instead of PHOTO_DIR, when PHOTO_S3_BUCKET is set. */
  s3: PhotoS3Config | null;
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
    s3: loadS3(env, fail),
  };
}

function loadS3(env: NodeJS.ProcessEnv, fail: EnvFail): PhotoS3Config | null {
  const bucket = env.PHOTO_S3_BUCKET?.trim();
  if (!bucket) return null;
  // a bucket name as S3 allows it: lower case, digits, dots and dashes
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) fail('PHOTO_S3_BUCKET', bucket, 'an S3 bucket name (3–63 lower-case letters, digits, dots, dashes)');
  const endpoint = env.PHOTO_S3_ENDPOINT?.trim() || null;
  if (endpoint && !/^https?:\/\/[^/\s]+\/?$/.test(endpoint)) fail('PHOTO_S3_ENDPOINT', endpoint, 'an http(s) address without a path, e.g. https://storage.yandexcloud.net');
  const accessKeyId = env.PHOTO_S3_ACCESS_KEY_ID?.trim() || null;
  const secretAccessKey = env.PHOTO_S3_SECRET_ACCESS_KEY?.trim() || null;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    fail('PHOTO_S3_ACCESS_KEY_ID', accessKeyId ? '(set)' : '', 'set together with PHOTO_S3_SECRET_ACCESS_KEY (or neither, for the SDK\'s own credentials)');
  return { bucket, endpoint, region: env.PHOTO_S3_REGION?.trim() || 'ru-central1', accessKeyId, secretAccessKey };
}
