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
  /** Listings write `category`, search results `subject`. */
  categoryParam: 'category' | 'subject';
}

export const LISTING_SCHEME: UrlScheme = { sortSet: 'standart', categoryParam: 'category' };
export const SEARCH_SCHEME: UrlScheme = { sortSet: 'search', categoryParam: 'subject' };

export const PAGE_SIZE = 24;

const FILTER_PARAMS = ['sort', 'brand', 'category', 'subject', 'priceFrom', 'priceTo', 'page'];
export const isPropertyParam = (name: string) => name.length > 1 && name.startsWith('f');

/*
 * A shared or hand-edited link may carry anything. What the API would refuse as a whole
 * (BAD_USER_INPUT: an id that is not a positive 32-bit number, more than 200 ids or 20
 * properties, a value over 100 characters, an offset past 100,000) is dropped here, one value
 * at a time, so the rest of the link still applies; `unusableParams` names what was dropped
 * for the page's notice. These mirror the API's own limits (api/src/graphql/args.ts).
 */
const MAX_ID = 2_147_483_647;
const MAX_IDS = 200;
const MAX_PROPERTIES = 20;
const MAX_VALUES = 100;
const MAX_VALUE_LENGTH = 100;
/** The API lists at most 100,000 elements deep: the last page whose offset it accepts. */
export const MAX_PAGE = Math.floor(100_000 / PAGE_SIZE) + 1;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
/** A property key: its id, or its name as search results write it (`fsize`). */
const PROPERTY_KEY = /^(?:[1-9]\d{0,9}|[a-z][a-z0-9_]{0,39})$/i;

const isId = (value: string) => /^[1-9]\d{0,9}$/.test(value) && Number(value) <= MAX_ID;

function list(value: string | null): string[] {
  if (!value) return [];
  return [
    ...new Set(
      value
        .split(',')
        .map((v) => v.replace(CONTROL, '').trim())
        .filter(Boolean),
    ),
  ];
}

function ids(value: string | null): string[] {
  return list(value).filter(isId).slice(0, MAX_IDS);
}

function propertyValues(value: string): string[] {
  return list(value)
    .filter((v) => v.length <= MAX_VALUE_LENGTH)
    .slice(0, MAX_VALUES);
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
    if (!isPropertyParam(name) || !PROPERTY_KEY.test(name.slice(1))) continue;
    if (Object.keys(properties).length >= MAX_PROPERTIES) break;
    const values = propertyValues(value);
    if (values.length) properties[name.slice(1)] = values;
  }
  const page = Number(params.get('page'));
  let priceFrom = price(params.get('priceFrom'));
  let priceTo = price(params.get('priceTo'));
  // An inverted range means the range between the two (as the slider shows it), not nothing.
  if (priceFrom != null && priceTo != null && priceFrom > priceTo) [priceFrom, priceTo] = [priceTo, priceFrom];
  return {
    sort: parseSort(params.get('sort'), scheme.sortSet),
    brands: ids(params.get('brand')),
    categories: ids(params.get(scheme.categoryParam)),
    priceFrom,
    priceTo,
    properties,
    // Past the deepest page the API lists, the page is simply beyond the last one.
    page: Number.isInteger(page) && page > 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}

/**
 * Which properties and values the catalogue has: `(key)` whether a property key (id or name) is
 * one, `(key, value)` whether that property has the value.
 */
export type KnownProperties = (key: string, value?: string) => boolean;

/**
 * The listing parameters of a link that were (wholly or partly) not applied: ids that are not
 * ids, property keys or values that cannot be, properties or values the catalogue does not have
 * (when `known` is given), a page number that is not one.
 */
export function unusableParams(params: URLSearchParams, scheme: UrlScheme, known?: KnownProperties): string[] {
  const out = new Set<string>();
  for (const name of ['brand', scheme.categoryParam]) {
    const raw = params.get(name);
    if (raw != null && raw.trim() !== '' && ids(raw).length !== raw.split(',').filter((v) => v.trim()).length)
      out.add(name);
  }
  for (const name of ['priceFrom', 'priceTo']) {
    const raw = params.get(name);
    if (raw != null && raw.trim() !== '' && price(raw) == null) out.add(name);
  }
  const page = params.get('page');
  if (page != null && page.trim() !== '' && !/^\d+$/.test(page.trim())) out.add('page');
  for (const [name, value] of params) {
    if (!isPropertyParam(name)) continue;
    const key = name.slice(1);
    if (!PROPERTY_KEY.test(key) || (known && !known(key))) out.add(name);
    else if (unknownValues(key, value, known).length || propertyValues(value).length !== value.split(',').filter((v) => v.trim()).length)
      out.add(name);
  }
  return [...out];
}

/** The values of a property parameter the catalogue does not have (none without `known`). */
export function unknownValues(key: string, value: string, known?: KnownProperties): string[] {
  return known ? propertyValues(value).filter((v) => !known(key, v)) : [];
}

/** The state without the properties and values the catalogue does not have (the API would refuse the whole request for a property; a value would only narrow nothing). */
export function withKnownProperties(state: ListingState, known: KnownProperties): ListingState {
  const entries = Object.entries(state.properties);
  const kept = entries
    .filter(([key]) => known(key))
    .map(([key, values]) => [key, values.filter((v) => known(key, v))] as const)
    .filter(([, values]) => values.length > 0);
  if (kept.length === entries.length && kept.every(([key, values]) => values.length === state.properties[key]?.length)) return state;
  return { ...state, properties: Object.fromEntries(kept) };
}

/** Writes the state over `base`'s other parameters; defaults (first sort, page 1, empty lists) are left out. */
export function writeListingState(
  state: ListingState,
  scheme: UrlScheme,
  base = new URLSearchParams(),
): URLSearchParams {
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
