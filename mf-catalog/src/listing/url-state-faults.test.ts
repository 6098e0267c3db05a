// Guards that hostile or absurd listing URLs still make a valid API request: prices beyond any catalogue price are capped so they fit GraphQL's Int instead of failing the whole listing.
import { describe, expect, it } from 'vitest';
import { LISTING_SCHEME, parseListingState } from './url-state.ts';

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
