// Product photos served by the API's photo pipeline. A photo's address names its source and one
// rendition: `/api/photos/<source>/<width>.<format>`, where the source is the content hash of
// an imported photo or `art/…`, a picture of the generated catalogue drawn from its art. The
// same source always gives the same bytes, so every address is cached for good.
//
// The API gives each picture one address (the JPEG at the photo's own width) and its size; a
// page builds the other renditions from it here, so the page state carries one string per
// picture instead of three lists.

/**
 * The widths a photo is resized to; none is larger than the photo itself. 480 fills the usual
 * phone's half-width card (about 200 CSS px at 1.75–2.5×), which otherwise takes the 640: 1.8
 * times the pixels to download and to decode while the page starts.
 */
export const PHOTO_WIDTHS = [320, 480, 640, 960, 1280, 1920] as const;
const MAX_WIDTH = 1920;
export type PhotoFormat = 'avif' | 'webp' | 'jpg';
/** The modern formats first: a browser takes the first `<source>` whose type it knows. */
export const PHOTO_SOURCE_FORMATS = [
  { format: 'avif', type: 'image/avif' },
  { format: 'webp', type: 'image/webp' },
] as const satisfies readonly { format: PhotoFormat; type: string }[];
/** The social preview's size: what VK, Telegram and the others crop to. */
export const OG_PHOTO = { width: 1200, height: 630, name: 'og.jpg' } as const;

export const PHOTOS_ROUTE = '/api/photos/';

/**
 * How wide a product page draws its first photo (most of a phone's screen; a column beside the
 * buying panel from 1024 px): the page's `sizes` and the server's preload must say the same,
 * or the browser fetches two widths.
 */
export const PRODUCT_PHOTO_SIZES = '(min-width: 1024px) 30vw, 85vw';
const SOURCE = '(?:[0-9a-f]{32}|art/[A-Za-z0-9][A-Za-z0-9/._-]{0,200})';
const PHOTO_PATH = new RegExp(`^${PHOTOS_ROUTE}(${SOURCE})/(?:(\\d{2,4})\\.(avif|webp|jpg)|(og)\\.jpg)$`);

export type PhotoRendition = { source: string; width: number; format: PhotoFormat } | { source: string; og: true };

/** The source and rendition a photo address names, or null for any other address. */
export function parsePhotoPath(path: string): PhotoRendition | null {
  const m = PHOTO_PATH.exec(path);
  if (!m) return null;
  const source = m[1] as string;
  if (source.includes('..') || source.includes('//') || source.endsWith('/')) return null;
  if (m[4]) return { source, og: true };
  return { source, width: Number(m[2]), format: m[3] as PhotoFormat };
}

export const photoUrl = (source: string, width: number, format: PhotoFormat = 'jpg') =>
  `${PHOTOS_ROUTE}${source}/${width}.${format}`;
export const ogPhotoUrl = (source: string) => `${PHOTOS_ROUTE}${source}/${OG_PHOTO.name}`;

/** The widths worth offering for a photo `width` px wide: the standard ones below it and its own. */
export function photoWidths(width: number): number[] {
  const below = PHOTO_WIDTHS.filter((w) => w < width);
  return width <= MAX_WIDTH ? [...below, width] : [...PHOTO_WIDTHS];
}

const FALLBACK_WIDTH = 640;

export interface ResponsiveImage {
  /** The fallback `src`: a JPEG no wider than `fallbackWidth`. */
  src: string;
  /** The JPEG `srcset`. */
  srcSet: string;
  /** One `<source>` per modern format, the best first. */
  sources: { type: string; srcSet: string }[];
}

/**
 * The renditions of a pipeline photo for `<picture>`, or null for any other picture (an SVG, an
 * outside address), which is then shown as it is. The plain `src`, for browsers without `srcset`,
 * is the first rendition at least 640 px wide. `widest`, the widest the box is ever drawn in CSS px, stops the
 * renditions at the first that fills it on a 2× screen: a sharper one costs bytes in every
 * `srcset` of the page and in the download, and a 3× phone shows no difference a shopper sees.
 */
export function responsiveImage(
  image: { fullpath: string; width: number },
  widest?: number,
): ResponsiveImage | null {
  const parsed = parsePhotoPath(image.fullpath);
  if (!parsed || 'og' in parsed) return null;
  const all = photoWidths(image.width);
  const enough = widest ? all.findIndex((w) => w >= 2 * widest) : -1;
  const widths = enough < 0 ? all : all.slice(0, enough + 1);
  const set = (format: PhotoFormat) => widths.map((w) => `${photoUrl(parsed.source, w, format)} ${w}w`).join(', ');
  const fallback = widths.find((w) => w >= FALLBACK_WIDTH) ?? widths[widths.length - 1] ?? image.width;
  return {
    src: photoUrl(parsed.source, fallback),
    srcSet: set('jpg'),
    sources: PHOTO_SOURCE_FORMATS.map(({ format, type }) => ({ type, srcSet: set(format) })),
  };
}

/**
 * A picture known only by its address (a cart line keeps one string): a pipeline photo's address
 * names its own width, which bounds the renditions offered; any other address is shown as it is.
 */
export function pictureAt(address: string): { fullpath: string; width: number; height: number } {
  const parsed = parsePhotoPath(address);
  const width = parsed && 'width' in parsed ? parsed.width : 0;
  return { fullpath: address, width, height: width };
}
