import { isReleaseVersion } from '@shop/contracts/release-plane';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectsCommand, HeadObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { s3ClientOptions } from '@shop/server-kit';
import { lookup } from 'mime-types';
import { Parser, type ReadEntry } from 'tar';
import type { ReleaseS3Config, ReleaseStorageConfig } from './release-storage-config.ts';
import { inspectArchive, ReleaseExistsError, removeRelease, remoteStorage, storeRelease } from './release-storage.ts';

/** Where published releases live: `<remote>/<version>/…`, written once, served to browsers as they are. */
export interface ReleaseStore {
  /** Stores a release's archive (checked first), whole or not at all; a version already stored is refused (ReleaseExistsError). */
  put(remote: string, version: string, archive: Uint8Array): Promise<void>;
  /** One file of a stored release (e.g. its persisted-operations.json), or null. */
  read(remote: string, version: string, file: string): Promise<Buffer | null>;
  /** Removes a release's files (retention, or a release the registry did not record). */
  remove(remote: string, version: string): Promise<void>;
}

/** The folder (RELEASES_DIR) or the bucket (RELEASES_S3_*) the settings name; null: neither, uploads are refused. */
export function releaseStore(config: ReleaseStorageConfig): ReleaseStore | null {
  if (config.s3) return s3Store(config.s3, config);
  const dir = config.dir;
  if (!dir) return null;
  return {
    put: async (remote, version, archive) => void (await storeRelease({ ...config, dir }, remote, version, archive)),
    read: (remote, version, file) => readFile(path.join(remoteStorage(dir, remote), version, file)).catch(() => null),
    remove: (remote, version) => removeRelease(dir, remote, version),
  };
}

/** A manifest is read again by every page server and browser that needs it; everything else is immutable. */
const cacheControl = (file: string) => (file === 'mf-manifest.json' ? 'no-cache' : 'public, max-age=31536000, immutable');

/** The archive's files, in memory (it was checked: plain files, safe paths, within the limits). */
async function filesOf(archive: Uint8Array): Promise<{ path: string; body: Buffer }[]> {
  const files: { path: string; body: Buffer }[] = [];
  await new Promise<void>((resolve, reject) => {
    const parser = new Parser({
      strict: true,
      onReadEntry(entry: ReadEntry) {
        if (entry.type !== 'File' && entry.type !== 'OldFile') return void entry.resume();
        const chunks: Buffer[] = [];
        entry.on('data', (chunk: Buffer) => chunks.push(chunk));
        entry.on('end', () => files.push({ path: entry.path.replace(/^\.\/+/, ''), body: Buffer.concat(chunks) }));
      },
    });
    parser.on('error', reject);
    parser.on('end', () => resolve());
    parser.end(Buffer.from(archive));
  });
  return files;
}

/**
 * An S3-compatible bucket: objects `<remote>/<version>/<file>` with their content type and cache
 * headers, so a CDN can front the bucket. The manifest is written last: a release whose manifest
 * is there is whole, and a version whose manifest exists is never written again.
 */
function s3Store(s3: ReleaseS3Config, limits: Pick<ReleaseStorageConfig, 'maxUnpackedBytes' | 'maxFiles'>): ReleaseStore {
  const client = new S3Client(s3ClientOptions(s3));
  const Bucket = s3.bucket;
  const key = (remote: string, version: string, file: string) => `${remote}/${version}/${file}`;
  const exists = (Key: string) =>
    client.send(new HeadObjectCommand({ Bucket, Key })).then(
      () => true,
      (error: { $metadata?: { httpStatusCode?: number } }) => {
        if (error.$metadata?.httpStatusCode === 404) return false;
        throw error;
      },
    );
  const put = (Key: string, file: string, Body: Buffer) =>
    client.send(new PutObjectCommand({ Bucket, Key, Body, ContentType: lookup(file) || 'application/octet-stream', CacheControl: cacheControl(path.posix.basename(file)) }));
  const remove = async (remote: string, version: string) => {
    if (!isReleaseVersion(version)) return;
    for (let token: string | undefined, first = true; first || token; first = false) {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: `${remote}/${version}/`, ContinuationToken: token }));
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (keys.length) await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    }
  };
  return {
    async put(remote, version, archive) {
      await inspectArchive(archive, limits);
      if (await exists(key(remote, version, 'mf-manifest.json'))) throw new ReleaseExistsError(remote, version);
      const files = await filesOf(archive);
      const manifest = files.find((f) => f.path === 'mf-manifest.json');
      try {
        for (const file of files) if (file !== manifest) await put(key(remote, version, file.path), file.path, file.body);
        if (manifest) await put(key(remote, version, manifest.path), manifest.path, manifest.body);
      } catch (error) {
        await remove(remote, version).catch(() => undefined);
        throw error;
      }
    },
    async read(remote, version, file) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key(remote, version, file) }));
        return Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
      } catch {
        return null;
      }
    },
    remove,
  };
}
