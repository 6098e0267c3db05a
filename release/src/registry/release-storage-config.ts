import { isReleaseVersion } from '@shop/contracts/release-plane';
import path from 'node:path';
import { REMOTES } from '@shop/contracts/remotes';
import { type EnvFail, envInt } from '@shop/server-kit';

/** Release storage's settings (read by config.ts, the only reader of process.env): see release-storage.ts. */
export interface ReleaseStorageConfig {
  /** RELEASES_DIR: a folder the remotes' static servers serve; neither it nor `s3`: uploads are refused (503). */
  dir: string | undefined;
  /** An S3-compatible bucket instead of the folder (RELEASES_S3_*); credentials from AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY. */
  s3?: ReleaseS3Config;
  /** RELEASE_KEEP: releases kept per remote besides the ones retention never removes (release-retention.ts). */
  keep: number;
  /** RELEASE_UPLOAD_MAX_BYTES: the packed archive (gzip) a request may carry. */
  maxUploadBytes: number;
  /** RELEASE_MAX_BYTES: the unpacked release (sum of its files). */
  maxUnpackedBytes: number;
  /** RELEASE_MAX_FILES: files and folders in one release. */
  maxFiles: number;
  /**
   * remote name → the public base URL of its releases (MF_CATALOG_URL…; default: with S3
   * `<RELEASES_S3_PUBLIC_URL>/<remote>`, else its static server, http://localhost:<port>).
   */
  publicUrls: Record<string, string>;
  /**
   * RELEASE_ADOPT (`mf_catalog=0.1.0-compose,…`): the release each remote's image brought into
   * release storage, activated through the gate when the remote has no active release yet
   * (adopt-releases.ts): a fresh deployment serves pages before any team has released.
   */
  adopt?: Record<string, string>;
}

export interface ReleaseS3Config {
  /** RELEASES_S3_BUCKET */
  bucket: string;
  /** RELEASES_S3_ENDPOINT: an S3-compatible server (path-style addresses); unset: AWS S3. */
  endpoint?: string;
  /** RELEASES_S3_REGION (default us-east-1) */
  region: string;
  /** RELEASES_S3_PUBLIC_URL: where browsers read the bucket's objects (a CDN in front of it), without a trailing slash. */
  publicUrl: string;
}

function readS3(env: NodeJS.ProcessEnv, fail: EnvFail): ReleaseS3Config | undefined {
  const bucket = env.RELEASES_S3_BUCKET?.trim();
  if (!bucket) return undefined;
  const httpUrl = (name: string) => {
    const raw = env[name]?.trim();
    if (raw && !/^https?:\/\/[^/\s]+(\/\S*)?$/.test(raw)) fail(name, raw, 'an http(s) URL');
    return raw?.replace(/\/+$/, '') || undefined;
  };
  const endpoint = httpUrl('RELEASES_S3_ENDPOINT');
  const publicUrl = httpUrl('RELEASES_S3_PUBLIC_URL') ?? (endpoint ? `${endpoint}/${bucket}` : undefined);
  if (!publicUrl) fail('RELEASES_S3_PUBLIC_URL', '', 'the public base URL of the bucket (a CDN in front of it) when RELEASES_S3_BUCKET is set');
  return { bucket, ...(endpoint ? { endpoint } : {}), region: env.RELEASES_S3_REGION?.trim() || 'us-east-1', publicUrl: publicUrl as string };
}

export function loadReleaseStorageConfig(env: NodeJS.ProcessEnv, fail: EnvFail): ReleaseStorageConfig {
  const s3 = readS3(env, fail);
  const publicUrls: Record<string, string> = {};
  for (const [name, row] of Object.entries(REMOTES)) {
    const variable = `${name.toUpperCase()}_URL`;
    const raw = env[variable]?.trim();
    if (raw && !/^https?:\/\/[^/\s]+(\/\S*)?$/.test(raw)) fail(variable, raw, 'the http(s) base URL of the remote\'s static server');
    publicUrls[name] = (raw || (s3 ? `${s3.publicUrl}/${name}` : `http://${env.PUBLIC_HOSTNAME || 'localhost'}:${row.port}`)).replace(/\/+$/, '');
  }
  const adopt: Record<string, string> = {};
  for (const entry of (env.RELEASE_ADOPT ?? '').split(',').map((e) => e.trim()).filter(Boolean)) {
    const [name = '', version = ''] = entry.split('=').map((part) => part.trim());
    if (!(name in REMOTES) || !isReleaseVersion(version)) {
      fail('RELEASE_ADOPT', entry, `remote=version pairs, comma-separated, with a remote of ${Object.keys(REMOTES).join(', ')} and a semver version (0.1.0+compose)`);
    }
    adopt[name] = version;
  }
  return {
    adopt,
    dir: env.RELEASES_DIR ? path.resolve(env.RELEASES_DIR) : undefined,
    ...(s3 ? { s3 } : {}),
    keep: envInt(env, 'RELEASE_KEEP', 10, 1, 10_000, fail),
    maxUploadBytes: envInt(env, 'RELEASE_UPLOAD_MAX_BYTES', 50 * 1024 * 1024, 1024, 2 * 1024 ** 3, fail),
    maxUnpackedBytes: envInt(env, 'RELEASE_MAX_BYTES', 200 * 1024 * 1024, 1024, 8 * 1024 ** 3, fail),
    maxFiles: envInt(env, 'RELEASE_MAX_FILES', 5000, 1, 1_000_000, fail),
    publicUrls,
  };
}

/** A version is one path segment: letters, digits, dots and dashes, not starting with a dot. */
