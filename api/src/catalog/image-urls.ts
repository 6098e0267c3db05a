import type { Kind } from './generator-data.ts';

// Generated images carry everything needed to draw them in the URL, so the image route is
// stateless and the same URL always gives the same bytes.
export const productImageUrl = (kind: Kind, color: string, sku: string, view: number, w: number, h: number) =>
  `/api/images/product/${kind}/${color}/${encodeURIComponent(sku)}/${view}-${w}x${h}.svg`;
export const brandLogoUrl = (key: string) => `/api/images/brand/${key}.svg`;
export const categoryImageUrl = (slug: string, n: number) => `/api/images/category/${slug}-${n}.svg`;
