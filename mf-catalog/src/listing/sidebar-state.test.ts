import { describe, expect, it } from 'vitest';
import { keepOrder } from './facets.ts';
import {
  LISTING_SCHEME,
  parseListingState,
  queryHref,
  resetParams,
  SEARCH_SCHEME,
  withPriceRange,
  withPropertyValues,
  writeListingState,
} from './url-state.ts';

const bounds = { min: 3000, max: 40000 };
const url = (query: string, scheme = LISTING_SCHEME) => parseListingState(new URLSearchParams(query), scheme);

describe('applying sidebar changes to the URL state', () => {
  it('a property change writes the page key, drops the other spelling and the page', () => {
    const next = withPropertyValues(url('fsize=41&brand=2&page=3'), { id: '1', name: 'size' }, '1', ['41', '42']);
    expect(writeListingState(next, LISTING_SCHEME).toString()).toBe('brand=2&f1=41%2C42');
  });

  it('search results write a property by its name', () => {
    const next = withPropertyValues(url('search=nike', SEARCH_SCHEME), { id: '1', name: 'size' }, 'size', ['42']);
    expect(writeListingState(next, SEARCH_SCHEME, new URLSearchParams('search=nike')).toString()).toBe('search=nike&fsize=42');
  });

  it('a released price handle writes both ends, from the first page', () => {
    const next = withPriceRange(url('page=2'), { from: 3000, to: 12000 }, bounds);
    expect(next && writeListingState(next, LISTING_SCHEME).toString()).toBe('priceFrom=3000&priceTo=12000');
  });

  it('the whole track means no price in the URL', () => {
    const next = withPriceRange(url('priceFrom=5000&priceTo=9000'), { from: 3000, to: 40000 }, bounds);
    expect(next && writeListingState(next, LISTING_SCHEME).toString()).toBe('');
  });

  it('a price the URL already has is no change (no new history entry)', () => {
    expect(withPriceRange(url('priceFrom=5000&priceTo=9000'), { from: 5000, to: 9000 }, bounds)).toBeNull();
    expect(withPriceRange(url(''), { from: 3000, to: 40000 }, bounds)).toBeNull();
  });

  it('«Сбросить все фильтры» links to the bare path; search keeps its text', () => {
    expect(queryHref(resetParams(new URLSearchParams('brand=1&f1=42&sort=priceup&page=2')))).toBe('?');
    expect(queryHref(resetParams(new URLSearchParams('search=кеды&subject=3&sort=priceup')))).toBe(
      `?search=${encodeURIComponent('кеды')}`,
    );
  });
});

describe('a list that stays on screen', () => {
  const options = [
    { id: 'Adidas', label: 'Adidas', count: 4 },
    { id: 'Nike', label: 'Nike', count: 9 },
    { id: 'Puma', label: 'Puma', count: 0 },
  ];
  it('keeps the order it was first shown in while counts change', () => {
    const counts = options.map((o) => ({ ...o, count: o.count + 1 }));
    expect(keepOrder(counts, ['Nike', 'Adidas', 'Puma'])).toEqual([counts[1], counts[0], counts[2]]);
  });
  it('puts values it had not seen after the others, in the API order', () => {
    expect(keepOrder(options, ['Puma']).map((o) => o.id)).toEqual(['Puma', 'Adidas', 'Nike']);
  });
});
