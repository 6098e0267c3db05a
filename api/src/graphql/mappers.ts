import type { ImageRow } from '../repo/rows.ts';
import type { Image } from './resolvers-types.generated.ts';

export function toImage(img: ImageRow): Image;
export function toImage(img: ImageRow | null | undefined): Image | null;
export function toImage(img: ImageRow | null | undefined): Image | null {
  return img ? { fullpath: img.url, width: img.width, height: img.height, color: img.color ?? null } : null;
}

export function iso(d: Date | string): string;
export function iso(d: Date | string | null | undefined): string | null;
export function iso(d: Date | string | null | undefined): string | null {
  return d ? new Date(d).toISOString() : null;
}

/** A lower-case database value (an order's or a payment's status, a provider) as its schema enum value. */
export const upper = <T extends string>(value: T): Uppercase<T> => value.toUpperCase() as Uppercase<T>;
