import { PHOTO_WIDTHS, type PhotoRendition, parsePhotoPath } from '@shop/contracts/photos';
import { errorResponse } from '@shop/server-kit';
import pLimit from 'p-limit';
import sharp from 'sharp';
import type { PhotoConfig } from './photo-config.ts';
import type { PhotoStore } from './photo-store.ts';
import { CONTENT_TYPES, rasterArt, renderRendition } from './renditions.ts';

const renditionName = (r: PhotoRendition) => ('og' in r ? 'og.jpg' : `${r.width}.${r.format}`);

/** Renditions waiting for a turn; beyond, 503 at once (a crawler asking for thousands of new ones). */
const MAX_WAITING = 200;

/**
 * Answers `/api/photos/<source>/<rendition>`: from the store when the rendition was made
 * before, else made now (at most `renderConcurrency` at once, one make per rendition however
 * many ask for it together) and kept. Null for an address that names no photo.
 */
export interface ArtSource {
  /** Whether the catalogue shows this art (only that is drawn: any other name would be a new file to make and keep). */
  known: (source: string) => Promise<boolean>;
  /** The SVG of an `art/…` source, or null when no art has that name. */
  svg: (source: string) => Promise<Buffer | null>;
}

export function photoResponder(store: PhotoStore, config: PhotoConfig, art: ArtSource) {
  const limit = pLimit(config.renderConcurrency);
  const making = new Map<string, Promise<Buffer | null>>();

  async function original(source: string): Promise<Buffer | null> {
    if (source.startsWith('art/')) {
      const svg = (await art.known(source)) ? await art.svg(source) : null;
      return svg ? rasterArt(svg) : null;
    }
    return store.original(source);
  }

  async function make(source: string, rendition: PhotoRendition, name: string): Promise<Buffer | null> {
    const kept = await store.rendition(source, name);
    if (kept) return kept;
    return limit(async () => {
      const bytes = await original(source);
      if (!bytes) return null;
      if ('width' in rendition && !PHOTO_WIDTHS.includes(rendition.width as (typeof PHOTO_WIDTHS)[number])) {
        // besides the standard widths only the photo's own: addresses cannot fill the disk
        const meta = await sharp(bytes).metadata();
        const own = (meta.orientation ?? 1) >= 5 ? meta.height : meta.width;
        if (rendition.width !== own) return null;
      }
      const made = await renderRendition(bytes, rendition, config.maxPixels);
      await store.putRendition(source, name, made);
      return made;
    });
  }

  return async (pathname: string): Promise<Response | null> => {
    const rendition = parsePhotoPath(pathname);
    if (!rendition) return null;
    const name = renditionName(rendition);
    const key = `${rendition.source}/${name}`;
    let pending = making.get(key);
    if (!pending) {
      if (limit.pendingCount >= MAX_WAITING)
        return errorResponse('SERVICE_BUSY', undefined, { headers: { 'retry-after': '2' } });
      pending = make(rendition.source, rendition, name).finally(() => making.delete(key));
      making.set(key, pending);
    }
    const bytes = await pending;
    if (!bytes) return null;
    return new Response(new Uint8Array(bytes), {
      headers: {
        'content-type': 'og' in rendition ? CONTENT_TYPES.jpg : CONTENT_TYPES[rendition.format],
        // the source is the original's content hash (or fixed art): an address never changes its bytes
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
      },
    });
  };
}
