import { describe, expect, it } from 'vitest';
import { isNarrowed, moveHandle, nextRange, priceBounds, rangeFromUrl, rangeToUrl } from './price-range.ts';

const bounds = { min: 2990, max: 84990 };

describe('price slider rules', () => {
  it('has a track only when both ends are known', () => {
    expect(priceBounds(null, 100)).toBeNull();
    expect(priceBounds(100, undefined)).toBeNull();
    expect(priceBounds(2990, 84990)).toEqual(bounds);
  });

  it('moves in steps of 1 and stays on the track', () => {
    const range = { from: 2990, to: 84990 };
    expect(moveHandle(range, 'from', 10000.6, bounds)).toEqual({ from: 10001, to: 84990 });
    expect(moveHandle(range, 'from', 5, bounds)).toEqual({ from: 2990, to: 84990 });
    expect(moveHandle(range, 'to', 999999, bounds)).toEqual({ from: 2990, to: 84990 });
  });

  it('never lets the handles cross', () => {
    expect(moveHandle({ from: 10000, to: 20000 }, 'from', 30000, bounds)).toEqual({ from: 20000, to: 20000 });
    expect(moveHandle({ from: 10000, to: 20000 }, 'to', 5000, bounds)).toEqual({ from: 10000, to: 10000 });
  });

  it('turns the slider values into a range, the moved handle stopping at the other', () => {
    const range = { from: 10000, to: 20000 };
    expect(nextRange(range, [12000.4, 20000], bounds)).toEqual({ from: 12000, to: 20000 });
    expect(nextRange(range, [10000, 15000], bounds)).toEqual({ from: 10000, to: 15000 });
    // Radix sorts the values: the upper handle dragged below the lower one stops at it, and back.
    expect(nextRange(range, [5000, 10000], bounds)).toEqual({ from: 10000, to: 10000 });
    expect(nextRange(range, [20000, 30000], bounds)).toEqual({ from: 20000, to: 20000 });
    expect(nextRange(range, [1, 999999], bounds)).toEqual({ from: 2990, to: 84990 });
    expect(nextRange(range, [10000, 20000], bounds)).toBe(range);
  });

  it('snaps URL values to the track', () => {
    expect(rangeFromUrl(null, null, bounds)).toEqual({ from: 2990, to: 84990 });
    expect(rangeFromUrl(1, 100000, bounds)).toEqual({ from: 2990, to: 84990 });
    expect(rangeFromUrl(50000, 10000, bounds)).toEqual({ from: 10000, to: 50000 });
  });

  it('marks and writes only a narrower range', () => {
    expect(isNarrowed({ from: 2990, to: 84990 }, bounds)).toBe(false);
    expect(rangeToUrl({ from: 2990, to: 84990 }, bounds)).toEqual({ priceFrom: null, priceTo: null });
    expect(isNarrowed({ from: 2990, to: 50000 }, bounds)).toBe(true);
    expect(rangeToUrl({ from: 2990, to: 50000 }, bounds)).toEqual({ priceFrom: 2990, priceTo: 50000 });
  });
});
