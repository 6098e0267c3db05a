// Guards where photos are kept: the folder and an S3-compatible bucket (s3rver, started here, as
// the local stand-in for Yandex Object Storage or MinIO) keep, list, size and forget alike, and an
// API whose photos live in the bucket imports into it, serves renditions made from it, and drops
// a replaced photo from it. Replicas on several machines share photos through such a bucket.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { parsePhotoPath } from '@shop/contracts/photos';
import { sql } from 'drizzle-orm';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replacePhoto } from '../src/catalog/catalog-photo-admin.ts';
import { generateCatalog } from '../src/catalog/generator.ts';
import { importCatalogFile } from '../src/catalog/import-file.ts';
import { testConfig } from '../src/config.ts';
import { rows } from '../src/db/database.ts';
import type { PhotoS3Config } from '../src/photos/photo-config.ts';
import { FolderPhotoStore, type PhotoStore } from '../src/photos/photo-store.ts';
import { createPhotoStore } from '../src/photos/photo-stores.ts';
import { createTestEnv, type TestEnv } from './test-env.ts';

const BUCKET = 'shop-photos';
const LIMITS = { maxBytes: 5 * 1024 * 1024, maxPixels: 40_000_000 };

const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: mkdtempSync(join(tmpdir(), 's3rver-')), configureBuckets: [{ name: BUCKET, configs: [] }] });
const { port } = await server.run();
const s3: PhotoS3Config = { bucket: BUCKET, endpoint: `http://127.0.0.1:${port}`, region: 'ru-central1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
afterAll(() => server.close());

/** The keys in the bucket, as another machine would list them. */
async function bucketKeys(prefix = ''): Promise<string[]> {
  const client = new S3Client({ region: s3.region, endpoint: s3.endpoint ?? undefined, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (page.Contents ?? []).map((o) => o.Key as string).sort();
}

const photo = (width: number, height: number, seed: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: seed % 256, g: (seed * 7) % 256, b: 90 } } })
    .jpeg()
    .toBuffer();

describe.each([
  ['a folder', () => new FolderPhotoStore(mkdtempSync(join(tmpdir(), 'photo-store-')))],
  ['an S3 bucket', () => createPhotoStore({ dir: '/nonexistent', s3 })],
] as const)('the photo store in %s', (_, make) => {
  let store: PhotoStore;
  beforeAll(async () => {
    store = await make();
  });

  it('keeps an original once, sizes it, lists and serves renditions, and forgets all of a photo', async () => {
    const hash = `${Date.now().toString(16).padStart(16, '0')}${'0'.repeat(16)}`.slice(0, 32);
    expect(await store.original(hash)).toBeNull();
    expect(await store.originalSize(hash)).toBeNull();
    expect(await store.originalSize('../etc/passwd')).toBeNull();
    await store.putOriginal(hash, Buffer.from('first'));
    await store.putOriginal(hash, Buffer.from('second, never written: the hash names the first'));
    expect((await store.original(hash))?.toString()).toBe('first');
    expect(await store.originalSize(hash)).toBe(5);
    expect(await store.renditionNames(hash)).toEqual([]);
    await store.putRendition(hash, '640.webp', Buffer.from('w'));
    await store.putRendition(hash, '320.avif', Buffer.from('a'));
    await store.putRendition('art/brand/nike', '320.avif', Buffer.from('art'));
    expect(await store.renditionNames(hash)).toEqual(['320.avif', '640.webp']);
    expect((await store.rendition(hash, '640.webp'))?.toString()).toBe('w');
    expect(await store.rendition(hash, '960.webp')).toBeNull();
    await store.forget(hash);
    expect(await store.original(hash)).toBeNull();
    expect(await store.renditionNames(hash)).toEqual([]);
    // another source is untouched
    expect((await store.rendition('art/brand/nike', '320.avif'))?.toString()).toBe('art');
  });
});

describe('an API whose photos live in an S3 bucket', () => {
  let env: TestEnv;
  beforeAll(async () => {
    const base = testConfig();
    env = await createTestEnv('pglite', { photos: { ...base.photos, s3 } });
  });
  afterAll(() => env?.close());

  it('imports into the bucket, serves renditions made from it and kept there, and drops a replaced photo', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalog-s3-'));
    mkdirSync(join(dir, 'photos'));
    writeFileSync(join(dir, 'photos', 'front.jpg'), await photo(1200, 900, 1));
    const catalogue = JSON.parse(JSON.stringify(generateCatalog('small')));
    catalogue.models[0].variants[0].photos = [{ src: 'photos/front.jpg' }];
    writeFileSync(join(dir, 'catalogue.json'), JSON.stringify(catalogue));
    // the import command's own store, made from the same settings: another process, the same bucket
    const store = await createPhotoStore(env.config.photos);
    const result = await importCatalogFile(env.database.db, join(dir, 'catalogue.json'), { photos: { store, limits: LIMITS, fetch: { hosts: [], timeoutMs: 1000 } } });
    expect(result.ok && result.photos.imported).toBe(1);
    await env.api.refreshCatalogVersion();
    const sku = catalogue.models[0].variants[0].sku as string;
    const [row] = await rows<{ id: number; url: string }>(env.database.db, sql`SELECT ph.id, ph.url FROM photos ph JOIN products p ON p.id = ph.product_id WHERE p.sku = ${sku} ORDER BY ph.sort LIMIT 1`);
    const source = parsePhotoPath(row?.url ?? '')?.source as string;
    expect(source).toMatch(/^[0-9a-f]{32}$/);
    expect(await bucketKeys('originals/')).toContain(`originals/${source.slice(0, 2)}/${source}`);

    const res = await env.request(`/api/photos/${source}/640.avif`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/avif');
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(640);
    expect(await bucketKeys(`renditions/${source}/`)).toEqual([`renditions/${source}/640.avif`]);

    const replaced = await replacePhoto(env.database.db, store, LIMITS, Number(row?.id), await photo(1000, 1000, 2));
    expect(replaced?.ok).toBe(true);
    expect(await bucketKeys(`renditions/${source}/`)).toEqual([]);
    expect(await bucketKeys('originals/')).not.toContain(`originals/${source.slice(0, 2)}/${source}`);
    expect((await env.request(`/api/photos/${source}/640.avif`)).status).toBe(404);
  });
});
