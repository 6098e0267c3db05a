import { photoUrl } from '@shop/contracts/photos';
import type { Kind } from './generator-data.ts';

// Generated pictures carry everything needed to draw them in the address, so the image route
// is stateless and the same address always gives the same bytes. Product and category pictures
// go through the photo pipeline as raster photos drawn from that art (`art/…` sources); logos
// stay vector.
export const ART_BACKGROUND = '#f2f2f0';
export const productArt = (kind: Kind, color: string, sku: string, view: number, w: number, h: number) =>
  `art/product/${kind}/${color}/${encodeURIComponent(sku)}/${view}-${w}x${h}`;
export const productPhotoUrl = (kind: Kind, color: string, sku: string, view: number, w: number, h: number) =>
  photoUrl(productArt(kind, color, sku, view, w, h), w);
export const brandLogoUrl = (key: string) => `/api/images/brand/${key}.svg`;
export const categoryPhotoUrl = (slug: string, n: number) => photoUrl(`art/category/${slug}-${n}`, 600);
