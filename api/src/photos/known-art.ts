import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { type Db, rows } from '../db/database.ts';

/**
 * Whether the catalogue shows the generated art `source` (a product photo, a category picture
 * or a brand logo), remembered for a while: the photo route asks it only for renditions it has
 * not made yet.
 */
export function knownArtIn(db: Db): (source: string) => Promise<boolean> {
  const cache = new LRUCache<string, boolean>({ max: 20_000, ttl: 10 * 60_000 });
  return async (source) => {
    const cached = cache.get(source);
    if (cached !== undefined) return cached;
    const svg = `/api/images/${source.slice('art/'.length)}.svg`;
    const prefix = `/api/photos/${source}/`;
    const found = await rows<{ found: boolean }>(
      db,
      sql`SELECT EXISTS (SELECT 1 FROM photos WHERE source = ${source})
             OR EXISTS (SELECT 1 FROM categories WHERE starts_with(image_url, ${prefix}) OR image_url = ${svg})
             OR EXISTS (SELECT 1 FROM brands WHERE starts_with(logo_url, ${prefix}) OR logo_url = ${svg})
             OR EXISTS (SELECT 1 FROM menu_items WHERE starts_with(panel->'image'->>'url', ${prefix})) AS found`,
    );
    const known = found[0]?.found === true;
    cache.set(source, known);
    return known;
  };
}
