import type { ImageRow } from '../repo/rows.ts';

export const toImage = (img: ImageRow | null | undefined) => (img ? { fullpath: img.url, width: img.width, height: img.height } : null);
export const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
