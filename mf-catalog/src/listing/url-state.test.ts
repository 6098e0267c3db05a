import { describe, expect, it } from 'vitest';
import {
  LISTING_SCHEME,
  parseListingState,
  SEARCH_SCHEME,
  setPropertyValues,
  toFilterInput,
  withFilters,
  writeListingState,
} from './url-state.ts';

describe('listing URL ↔ filter state', () => {
  it('reads every filter of a listing URL', () => {
    const state = parseListingState(
      new URLSearchParams('sort=priceup&brand=1,2&category=3&priceFrom=5000&priceTo=20000&f1=41,42&page=3'),
      LISTING_SCHEME,
    );
    expect(state).toEqual({
      sort: 'PRICEUP',
      brands: ['1', '2'],
      categories: ['3'],
      priceFrom: 5000,
      priceTo: 20000,
      properties: { '1': ['41', '42'] },
      page: 3,
    });
  });

  it('falls back to defaults for a bare or broken URL', () => {
    const state = parseListingState(new URLSearchParams('sort=condition&page=-2&priceFrom=abc&f1='), LISTING_SCHEME);
    expect(state).toEqual({ sort: 'NEWLY', brands: [], categories: [], priceFrom: null, priceTo: null, properties: {}, page: 1 });
  });

  it('search results use subject, fsize and relevance first', () => {
    const params = new URLSearchParams('search=кроссовки&subject=2&fsize=42');
    const state = parseListingState(params, SEARCH_SCHEME);
    expect(state.sort).toBe('CONDITION');
    expect(state.categories).toEqual(['2']);
    expect(state.properties).toEqual({ size: ['42'] });
    expect(writeListingState(state, SEARCH_SCHEME, params).toString()).toBe(params.toString());
  });

  it('round-trips and keeps parameters that are not filters', () => {
    const params = new URLSearchParams('photoId=4&sort=pricedown&brand=7&f1=S,M&page=2');
    const state = parseListingState(params, LISTING_SCHEME);
    expect(writeListingState(state, LISTING_SCHEME, params).toString()).toBe('photoId=4&sort=pricedown&brand=7&f1=S%2CM&page=2');
  });

  it('leaves defaults out of the URL', () => {
    const state = parseListingState(new URLSearchParams('sort=newly&page=1'), LISTING_SCHEME);
    expect(writeListingState(state, LISTING_SCHEME).toString()).toBe('');
  });

  it('a filter change drops the page', () => {
    const state = parseListingState(new URLSearchParams('brand=1&page=4'), LISTING_SCHEME);
    const next = withFilters(state, { brands: ['1', '2'] });
    expect(writeListingState(next, LISTING_SCHEME).toString()).toBe('brand=1%2C2');
  });

  it('resetting a property rewrites every f parameter', () => {
    const state = parseListingState(new URLSearchParams('f1=41&fsize=42&f2=red'), LISTING_SCHEME);
    const properties = setPropertyValues(state, { id: '1', name: 'size' }, '1', []);
    expect(writeListingState(withFilters(state, { properties }), LISTING_SCHEME).toString()).toBe('f2=red');
  });

  it('becomes the API filter input', () => {
    const state = parseListingState(new URLSearchParams('brand=1&priceFrom=100&f1=42'), LISTING_SCHEME);
    expect(toFilterInput(state)).toEqual({ brandIds: ['1'], priceFrom: 100, properties: [{ propertyId: '1', values: ['42'] }] });
  });
});
