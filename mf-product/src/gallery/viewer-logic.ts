/**
 * The full-screen viewer's rules, kept free of React and the DOM: which photo the URL's
 * `photoId` points at, where a step may go, which way a move slides and which thumbnails show.
 */

/** The thumbnail strip shows the photos within 15 of the current one. */
export const THUMBNAIL_RADIUS = 15;
/** A swipe shorter than this (px) is not a swipe. */
export const SWIPE_DELTA = 10;

export type Direction = 'forward' | 'backward' | 'none';

/** Index of the photo `photoId` names, or -1 when there is none (absent, unknown, stale link). */
export function photoIndex(photos: readonly { id: string }[], photoId: string | null): number {
  if (photoId === null) return -1;
  return photos.findIndex((photo) => photo.id === photoId);
}

export function hasPrevious(index: number): boolean {
  return index > 0;
}

export function hasNext(index: number, count: number): boolean {
  return index >= 0 && index < count - 1;
}

/** The index one step away, or null at either end: the viewer does not wrap. */
export function stepIndex(index: number, step: -1 | 1, count: number): number | null {
  const target = index + step;
  if (index < 0 || target < 0 || target >= count) return null;
  return target;
}

/** A move to a higher index slides forward, to a lower one backward. */
export function moveDirection(from: number, to: number): Direction {
  if (from < 0 || to < 0 || from === to) return 'none';
  return to > from ? 'forward' : 'backward';
}

/**
 * The direction to show after the current index changed from `previous` to `current`;
 * when it did not change (a re-render) the last direction stays.
 */
export function nextDirection(previous: number, current: number, last: Direction): Direction {
  return previous === current ? last : moveDirection(previous, current);
}

/** The photos within `radius` of the current one (the current one included), in order. */
export function thumbnailWindow<T>(photos: readonly T[], index: number, radius = THUMBNAIL_RADIUS): { photo: T; index: number }[] {
  if (index < 0) return [];
  const from = Math.max(0, index - radius);
  const to = Math.min(photos.length - 1, index + radius);
  const window: { photo: T; index: number }[] = [];
  for (let i = from; i <= to; i += 1) window.push({ photo: photos[i] as T, index: i });
  return window;
}

/** Arrow keys step through the photos; any other key does nothing. */
export function keyStep(key: string): -1 | 1 | 0 {
  if (key === 'ArrowLeft') return -1;
  if (key === 'ArrowRight') return 1;
  return 0;
}

/**
 * A horizontal swipe of at least `delta` px: to the left shows the next photo, to the right
 * the previous one. A mostly vertical gesture is a scroll, not a swipe.
 */
export function swipeStep(dx: number, dy: number, delta = SWIPE_DELTA): -1 | 1 | 0 {
  if (Math.abs(dx) < delta || Math.abs(dx) <= Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}
