import { photoUrl } from '@shop/contracts/photos';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/database.ts';
import { bumpCatalogVersion } from '../orders/stock.ts';
import { inspectPhoto, type PhotoLimits } from '../photos/inspect-photo.ts';
import type { PhotoStore } from '../photos/photo-store.ts';

export interface AdminPhoto {
  id: number;
  url: string;
  width: number;
  height: number;
  color: string | null;
  /** The original's size on disk (imported photos), null for generated art or an outside address. */
  bytes: number | null;
  /** The renditions made so far, e.g. «640.avif». */
  renditions: string[];
}

export interface AdminProductPhotos {
  sku: string;
  name: string;
  webPath: string;
  photos: AdminPhoto[];
}

const HASH = /^[0-9a-f]{32}$/;

/** A colour's photos by its article, with what the store holds of each: the desk's photo view. */
export async function productPhotos(db: Db, store: PhotoStore, sku: string): Promise<AdminProductPhotos | null> {
  const [product] = await rows<{ id: number; sku: string; name: string; web_path: string }>(
    db,
    sql`SELECT id, sku, name, web_path FROM products WHERE lower(sku) = lower(${sku.trim()}) LIMIT 1`,
  );
  if (!product) return null;
  const found = await rows<{
    id: number;
    url: string;
    width: number;
    height: number;
    color: string | null;
    source: string | null;
  }>(db, sql`SELECT id, url, width, height, color, source FROM photos WHERE product_id = ${product.id} ORDER BY sort`);
  const photos = await Promise.all(
    found.map(async (p) => {
      const [bytes, renditions] = p.source
        ? await Promise.all([store.originalSize(p.source), store.renditionNames(p.source)])
        : [null, []];
      return {
        id: p.id,
        url: p.url,
        width: p.width,
        height: p.height,
        color: p.color,
        bytes,
        renditions,
      };
    }),
  );
  return { sku: product.sku, name: product.name, webPath: product.web_path, photos };
}

export type ReplaceResult = { ok: true; photo: AdminPhoto } | { ok: false; reason: string } | null;

/**
 * Puts a new photo in one photo's place: checked like an imported one, kept by its hash, the
 * row pointed at it, and the catalogue version moved on (pages and caches show it at once). The
 * old photo's renditions (and its original) go when no other row shows it. Null: no such photo.
 */
export async function replacePhoto(
  db: Db,
  store: PhotoStore,
  limits: PhotoLimits,
  photoId: number,
  bytes: Buffer,
): Promise<ReplaceResult> {
  const [row] = await rows<{ source: string | null }>(db, sql`SELECT source FROM photos WHERE id = ${photoId}`);
  if (!row) return null;
  const inspection = await inspectPhoto(bytes, limits);
  if (!inspection.ok) return inspection;
  const { photo } = inspection;
  await store.putOriginal(photo.hash, bytes);
  const url = photoUrl(photo.hash, photo.width);
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`UPDATE photos SET url = ${url}, width = ${photo.width}, height = ${photo.height}, color = ${photo.color}, source = ${photo.hash} WHERE id = ${photoId}`,
    );
    await bumpCatalogVersion(tx);
  });
  const old = row.source;
  if (old && old !== photo.hash && HASH.test(old)) {
    const [still] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM photos WHERE source = ${old}`);
    if ((still?.n ?? 0) === 0) await store.forget(old);
  }
  return {
    ok: true,
    photo: {
      id: photoId,
      url,
      width: photo.width,
      height: photo.height,
      color: photo.color,
      bytes: bytes.length,
      renditions: [],
    },
  };
}
