/**
 * The price slider's rules: step 1, bounded by the track, handles never cross; the
 * URL carries a price only when the range is narrower than the whole track.
 */
export interface PriceBounds {
  min: number;
  max: number;
}
export interface PriceRange {
  from: number;
  to: number;
}

/** The track exists only when the filter data gives both ends. */
export function priceBounds(min: number | null | undefined, max: number | null | undefined): PriceBounds | null {
  if (min == null || max == null || max < min) return null;
  return { min, max };
}

/** Moves one handle: rounded to the step of 1, kept on the track and never past the other handle. */
export function moveHandle(range: PriceRange, handle: 'from' | 'to', value: number, bounds: PriceBounds): PriceRange {
  const v = Math.round(Number.isFinite(value) ? value : handle === 'from' ? bounds.min : bounds.max);
  if (handle === 'from') return { from: Math.min(Math.max(v, bounds.min), range.to), to: range.to };
  return { from: range.from, to: Math.max(Math.min(v, bounds.max), range.from) };
}

/**
 * The range after the slider reports its two values: the handle that moved goes through
 * moveHandle, so a handle pushed past the other stops at it (also when a slider sorts the values
 * and so reports both ends changed).
 */
export function nextRange(range: PriceRange, values: readonly number[], bounds: PriceBounds): PriceRange {
  const [a = range.from, b = range.to] = values;
  const fromMoved = a !== range.from;
  const toMoved = b !== range.to;
  if (fromMoved && toMoved) {
    // One step carried a handle past the other: the value left in place is the other handle's.
    if (b === range.from) return moveHandle(range, 'to', a, bounds);
    if (a === range.to) return moveHandle(range, 'from', b, bounds);
    return moveHandle(moveHandle(range, 'from', a, bounds), 'to', b, bounds);
  }
  if (fromMoved) return moveHandle(range, 'from', a, bounds);
  if (toMoved) return moveHandle(range, 'to', b, bounds);
  return range;
}

/** The range the slider shows for the URL's values: missing or out-of-track values snap to the track. */
export function rangeFromUrl(priceFrom: number | null, priceTo: number | null, bounds: PriceBounds): PriceRange {
  const clamp = (v: number) => Math.min(Math.max(Math.round(v), bounds.min), bounds.max);
  const from = priceFrom == null ? bounds.min : clamp(priceFrom);
  const to = priceTo == null ? bounds.max : clamp(priceTo);
  return from <= to ? { from, to } : { from: to, to: from };
}

export function isNarrowed(range: PriceRange, bounds: PriceBounds): boolean {
  return range.from > bounds.min || range.to < bounds.max;
}

/** What goes into the URL: nothing for the full track, otherwise both ends. */
export function rangeToUrl(range: PriceRange, bounds: PriceBounds): { priceFrom: number | null; priceTo: number | null } {
  if (!isNarrowed(range, bounds)) return { priceFrom: null, priceTo: null };
  return { priceFrom: range.from, priceTo: range.to };
}
