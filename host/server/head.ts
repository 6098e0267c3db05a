import { PRODUCT_PHOTO_SIZES, responsiveImage } from '@shop/contracts/photos';
import type { PageMetaQuery } from '../src/graphql/generated.ts';
import { httpUrl } from './fetch-json.ts';
import { escapeHtml } from './html.ts';

type Meta = NonNullable<PageMetaQuery['pageMeta']>;

/**
 * An image URL from the API as the page may carry it: an absolute http(s) URL, or a path on
 * the shop resolved against its public origin. Anything else (`javascript:…`, `img/x.jpg`
 * glued to an origin with a port, `//other`) is skipped rather than thrown on: a bad value in
 * the catalogue costs one meta tag, not the page.
 */
export function imageUrl(fullpath: string, publicOrigin: string): URL | null {
  if (fullpath.startsWith('/')) return fullpath.startsWith('//') || fullpath.includes('\\') ? null : httpUrl(publicOrigin + fullpath);
  return httpUrl(fullpath);
}

/** The page's head tags, the same set the client's applyMeta() writes on navigation. */
export function metaTags(meta: Meta, origin: string): string {
  const attr = (value: string) => escapeHtml(value);
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${attr(meta.description)}" data-meta>`,
    `<meta name="keywords" content="${attr(meta.keywords)}" data-meta>`,
    `<meta name="robots" content="${attr(meta.robots)}" data-meta>`,
    `<link rel="canonical" href="${attr(meta.canonical)}" data-meta>`,
    `<meta property="og:title" content="${attr(meta.ogTitle)}" data-meta>`,
    `<meta property="og:description" content="${attr(meta.ogDescription)}" data-meta>`,
    `<meta property="og:url" content="${attr(meta.ogUrl)}" data-meta>`,
    `<meta property="og:type" content="${attr(meta.ogType)}" data-meta>`,
    ...meta.ogImages.flatMap((image) => {
      const url = imageUrl(image.fullpath, origin);
      return url ? [`<meta property="og:image" content="${attr(url.href)}" data-meta>`] : [];
    }),
  ];
  if (meta.jsonLd) {
    // JSON-LD is data, not script: `<` escaped so no text can close the tag.
    tags.push(`<script type="application/ld+json" data-meta>${meta.jsonLd.replace(/</g, '\\u003c')}</script>`);
  }
  return tags.join('\n    ');
}

/**
 * A product page's largest paint is its first photo: the server knows it from the meta, so the
 * browser fetches it with high priority from the first byte instead of after the scripts, the
 * page query and the render. A pipeline photo is preloaded as the page's `<picture>` picks it
 * (AVIF, the width its `sizes` asks for): a browser without AVIF skips the preload.
 */
export function productPhotoPreload(meta: Meta, origin: string): string {
  const photo = meta.mainImage;
  const url = photo ? imageUrl(photo.fullpath, origin) : null;
  if (!photo || !url) return '';
  const responsive = url.origin === origin ? responsiveImage({ fullpath: url.pathname, width: photo.width }) : null;
  const avif = responsive?.sources.find((s) => s.type === 'image/avif');
  if (avif) {
    return `<link rel="preload" as="image" type="image/avif" imagesrcset="${escapeHtml(avif.srcSet)}" imagesizes="${escapeHtml(PRODUCT_PHOTO_SIZES)}" fetchpriority="high">`;
  }
  const href = url.origin === origin ? url.pathname + url.search : url.href;
  return `<link rel="preload" as="image" href="${escapeHtml(href)}" fetchpriority="high">`;
}

export function fallbackHead(title: string, robots = 'noindex'): string {
  return `<title>${escapeHtml(title)}</title>\n    <meta name="robots" content="${robots}" data-meta>`;
}
