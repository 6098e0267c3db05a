import path from 'node:path';
import { REMOTES } from '@shop/contracts/remotes';
import { type EnvFail, envInt } from '@shop/server-kit';

/** Release storage's settings (read by config.ts, the only reader of process.env): see release-storage.ts. */
export interface ReleaseStorageConfig {
  /** RELEASES_DIR; unset: uploads are refused (503). */
  dir: string | undefined;
  /** RELEASE_KEEP: releases kept per remote (the active, canary and previous known-good always are). */
  keep: number;
  /** RELEASE_UPLOAD_MAX_BYTES: the packed archive (gzip) a request may carry. */
  maxUploadBytes: number;
  /** RELEASE_MAX_BYTES: the unpacked release (sum of its files). */
  maxUnpackedBytes: number;
  /** RELEASE_MAX_FILES: files and folders in one release. */
  maxFiles: number;
  /** remote name → its static server's public base URL (MF_CATALOG_URL…; default http://localhost:<port>). */
  publicUrls: Record<string, string>;
}

export function loadReleaseStorageConfig(env: NodeJS.ProcessEnv, fail: EnvFail): ReleaseStorageConfig {
  const publicUrls: Record<string, string> = {};
  for (const [name, row] of Object.entries(REMOTES)) {
    const variable = `${name.toUpperCase()}_URL`;
    const raw = env[variable]?.trim();
    if (raw && !/^https?:\/\/[^/\s]+(\/\S*)?$/.test(raw)) fail(variable, raw, 'the http(s) base URL of the remote\'s static server');
    publicUrls[name] = (raw || `http://${env.PUBLIC_HOSTNAME || 'localhost'}:${row.port}`).replace(/\/+$/, '');
  }
  return {
    dir: env.RELEASES_DIR ? path.resolve(env.RELEASES_DIR) : undefined,
    keep: envInt(env, 'RELEASE_KEEP', 10, 1, 10_000, fail),
    maxUploadBytes: envInt(env, 'RELEASE_UPLOAD_MAX_BYTES', 50 * 1024 * 1024, 1024, 2 * 1024 ** 3, fail),
    maxUnpackedBytes: envInt(env, 'RELEASE_MAX_BYTES', 200 * 1024 * 1024, 1024, 8 * 1024 ** 3, fail),
    maxFiles: envInt(env, 'RELEASE_MAX_FILES', 5000, 1, 1_000_000, fail),
    publicUrls,
  };
}

/** A version is one path segment: letters, digits, dots and dashes, not starting with a dot. */
