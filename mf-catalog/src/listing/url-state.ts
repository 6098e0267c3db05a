import type { ProductFilterInput, ProductSort } from '../graphql/generated.ts';
import { type PriceBounds, type PriceRange, rangeToUrl } from './price-range.ts';
import { defaultSort, parseSort, type SortSetName } from './sort-options.ts';

/**
 * The URL is the listing's state: sort, brand, category (search: subject), priceFrom,
 * priceTo, one `f{property}` per property filter and page. Everything else in the query
 * (search text, photoId…) is kept as it is.
 */
export interface ListingState {
  sort: ProductSort;
  brands: string[];
  categories: string[];
  priceFrom: number | null;
  priceTo: number | null;
  /** Property key as written after `f` (an id like `1` on listings, a name like `size` in search) → values. */
  properties: Record<string, string[]>;
  /** 1-based. */
  page: number;
}

export interface UrlScheme {
  sortSet: SortSetName;
  /** Listings write `category`, search results `subject` (spec §2). */
  categoryParam: 'category' | 'subject';
}

export const LISTING_SCHEME: UrlScheme = { sortSet: 'standart', categoryParam: 'category' };
export const SEARCH_SCHEME: UrlScheme = { sortSet: 'search', categoryParam: 'subject' };

export const PAGE_SIZE = 24;

const FILTER_PARAMS = ['sort', 'brand', 'category', 'subject', 'priceFrom', 'priceTo', 'page'];
const isPropertyParam = (name: string) => name.length > 1 && name.startsWith('f');

function list(value: string | null): string[] {
  if (!value) return [];
  return [...new Set(value.split(',').map((v) => v.trim()).filter(Boolean))];
}

/** The API's highest catalogue price: a larger bound in a URL means the same and still fits GraphQL's Int. */
const MAX_PRICE = 10_000_000;

function price(value: string | null): number | null {
  if (value == null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.min(Math.round(n), MAX_PRICE) : null;
}

export function parseListingState(params: URLSearchParams, scheme: UrlScheme): ListingState {
  const properties: Record<string, string[]> = {};
  for (const [name, value] of params) {
    if (!isPropertyParam(name)) continue;
    const values = list(value);
    if (values.length) properties[name.slice(1)] = values;
  }
  const page = Number(params.get('page'));
  return {
    sort: parseSort(params.get('sort'), scheme.sortSet),
    brands: list(params.get('brand')),
    categories: list(params.get(scheme.categoryParam)),
    priceFrom: price(params.get('priceFrom')),
    priceTo: price(params.get('priceTo')),
    properties,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** Writes the state over `base`'s other parameters; defaults (first sort, page 1, empty lists) are left out. */
export function writeListingState(state: ListingState, scheme: UrlScheme, base = new URLSearchParams()): URLSearchParams {
  const out = new URLSearchParams();
  for (const [name, value] of base) {
    if (!FILTER_PARAMS.includes(name) && !isPropertyParam(name)) out.append(name, value);
  }
  if (state.sort !== defaultSort(scheme.sortSet)) out.set('sort', state.sort.toLowerCase());
  if (state.brands.length) out.set('brand', state.brands.join(','));
  if (state.categories.length) out.set(scheme.categoryParam, state.categories.join(','));
  if (state.priceFrom != null) out.set('priceFrom', String(state.priceFrom));
  if (state.priceTo != null) out.set('priceTo', String(state.priceTo));
  for (const [key, values] of Object.entries(state.properties)) {
    if (values.length) out.set(`f${key}`, values.join(','));
  }
  if (state.page > 1) out.set('page', String(state.page));
  return out;
}

/** A filter change always starts again from the first page. */
export function withFilters(state: ListingState, change: Partial<Omit<ListingState, 'page'>>): ListingState {
  return { ...state, ...change, page: 1 };
}

/** The API's filter input for a state. */
export function toFilterInput(state: ListingState): ProductFilterInput {
  const properties = Object.entries(state.properties)
    .filter(([, values]) => values.length > 0)
    .map(([propertyId, values]) => ({ propertyId, values }));
  return {
    ...(state.brands.length ? { brandIds: state.brands } : {}),
    ...(state.categories.length ? { categoryIds: state.categories } : {}),
    ...(state.priceFrom != null ? { priceFrom: state.priceFrom } : {}),
    ...(state.priceTo != null ? { priceTo: state.priceTo } : {}),
    ...(properties.length ? { properties } : {}),
  };
}

/** The values selected for a property, whichever key (id or name) the URL used for it. */
export function selectedValues(state: ListingState, property: { id: string; name: string }): string[] {
  return state.properties[property.id] ?? state.properties[property.name] ?? [];
}

/** Sets a property's values under the page's key, dropping any other spelling of it. */
export function setPropertyValues(
  state: ListingState,
  property: { id: string; name: string },
  key: string,
  values: string[],
): Record<string, string[]> {
  const next = { ...state.properties };
  delete next[property.id];
  delete next[property.name];
  if (values.length) next[key] = values;
  return next;
}

/** The state with one property's values replaced (written under the page's key), from the first page. */
export function withPropertyValues(
  state: ListingState,
  property: { id: string; name: string },
  key: string,
  values: string[],
): ListingState {
  return withFilters(state, { properties: setPropertyValues(state, property, key, values) });
}

/** The state with a slider's range as its price, or null when that is the price the URL already has. */
export function withPriceRange(state: ListingState, range: PriceRange, bounds: PriceBounds): ListingState | null {
  const { priceFrom, priceTo } = rangeToUrl(range, bounds);
  if (priceFrom === state.priceFrom && priceTo === state.priceTo) return null;
  return withFilters(state, { priceFrom, priceTo });
}

/** What «reset all» leaves of a URL: nothing (the bare path), except search results' own text. */
export function resetParams(params: URLSearchParams): URLSearchParams {
  const keep = new URLSearchParams();
  const search = params.get('search');
  if (search != null) keep.set('search', search);
  return keep;
}

/** A link to the same path with this query (`?` alone is the bare path). */
export function queryHref(params: URLSearchParams): string {
  const query = params.toString();
  return query ? `?${query}` : '?';
}

export function activeFilterCount(state: ListingState): number {
  return (
    state.brands.length +
    state.categories.length +
    (state.priceFrom != null || state.priceTo != null ? 1 : 0) +
    Object.values(state.properties).reduce((n, values) => n + values.length, 0)
  );
}
