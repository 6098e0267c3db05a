// Guards that hostile or absurd listing URLs still make a valid API request: prices beyond any catalogue price are capped so they fit GraphQL's Int instead of failing the whole listing.
import { describe, expect, it } from 'vitest';
import {
  LISTING_SCHEME,
  MAX_PAGE,
  PAGE_SIZE,
  parseListingState,
  toFilterInput,
  unknownValues,
  unusableParams,
  withKnownProperties,
} from './url-state.ts';

describe('listing URL with absurd values', () => {
  it('caps huge prices at the highest catalogue price and drops negative or non-numeric ones', () => {
    const state = parseListingState(new URLSearchParams(`priceFrom=-5&priceTo=${'9'.repeat(40)}&page=-1&sort=../../`), LISTING_SCHEME);
    expect(state.priceFrom).toBeNull();
    expect(state.priceTo).toBe(10_000_000);
    expect(state.page).toBe(1);
    expect(state.sort).toBe('NEWLY');
    expect(parseListingState(new URLSearchParams('priceFrom=1e400&priceTo=Infinity'), LISTING_SCHEME)).toMatchObject({ priceFrom: null, priceTo: null });
  });
});

describe('a link with parameters the API would refuse', () => {
  it('drops ids that are not ids, one value at a time, and says which parameters were not applied', () => {
    const params = new URLSearchParams('brand=abc,2,1%202,0,99999999999&category=abc&f99=x&fsize=42&f%3Cb%3E=1&page=abc');
    const state = parseListingState(params, LISTING_SCHEME);
    expect(state.brands).toEqual(['2']);
    expect(state.categories).toEqual([]);
    expect(state.page).toBe(1);
    const known = (key: string) => key === 'size' || key === '1';
    expect(withKnownProperties(state, known).properties).toEqual({ size: ['42'] });
    expect(unusableParams(params, LISTING_SCHEME, known).sort()).toEqual(['brand', 'category', 'f99', 'f<b>', 'page'].sort());
    expect(unusableParams(new URLSearchParams('brand=1,2&f1=42&page=3&sort=priceup'), LISTING_SCHEME, known)).toEqual([]);
  });

  it('drops a value the property does not have, keeps the others, and names it', () => {
    const params = new URLSearchParams('f1=42,abc&fcolor=abc');
    const known = (key: string, value?: string) =>
      (key === '1' && (value === undefined || ['41', '42'].includes(value))) || (key === 'color' && (value === undefined || value === 'красный'));
    // a property left with no value is dropped whole
    expect(withKnownProperties(parseListingState(params, LISTING_SCHEME), known).properties).toEqual({ '1': ['42'] });
    expect(unusableParams(params, LISTING_SCHEME, known).sort()).toEqual(['f1', 'fcolor']);
    expect(unknownValues('1', '42,abc', known)).toEqual(['abc']);
    expect(unusableParams(new URLSearchParams('f1=41,42&fcolor=красный'), LISTING_SCHEME, known)).toEqual([]);
  });

  it('removes control characters and over-long values, and caps the page where the API still lists', () => {
    const state = parseListingState(new URLSearchParams(`f1=%00%01,4%012,${'x'.repeat(101)}&page=5000`), LISTING_SCHEME);
    expect(state.properties).toEqual({ '1': ['42'] });
    expect(state.page).toBe(MAX_PAGE);
    expect((MAX_PAGE - 1) * PAGE_SIZE).toBeLessThanOrEqual(100_000);
    expect(parseListingState(new URLSearchParams('page=99999999999999999999'), LISTING_SCHEME).page).toBe(MAX_PAGE);
  });

  it('reads an inverted price range as the range between the two prices', () => {
    const state = parseListingState(new URLSearchParams('priceFrom=20000&priceTo=10000'), LISTING_SCHEME);
    expect(toFilterInput(state)).toEqual({ priceFrom: 10000, priceTo: 20000 });
  });
});
