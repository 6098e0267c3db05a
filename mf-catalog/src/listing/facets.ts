import type { ListingFiltersQuery } from '../graphql/generated.ts';

export type FilterData = ListingFiltersQuery['productFilters'];

/** One selectable value of a facet, with the number of products it would leave. */
export interface FacetOption {
  id: string;
  label: string;
  count: number;
}

export interface PropertyFacet {
  id: string;
  name: string;
  title: string;
  options: FacetOption[];
}

/** A value that would leave nothing is offered disabled (unless it is already selected). */
export function isDisabled(option: FacetOption, selected: readonly string[]): boolean {
  return option.count === 0 && !selected.includes(option.id);
}

/** Selected values first (as the list is opened), the rest in the API's order. */
export function selectedFirst(options: FacetOption[], selected: readonly string[]): FacetOption[] {
  return [...options.filter((o) => selected.includes(o.id)), ...options.filter((o) => !selected.includes(o.id))];
}

/**
 * The options in an order fixed earlier (ids as first shown): values keep their places while
 * counts change under a list that stays open; values not seen then follow in the API's order.
 */
export function keepOrder(options: FacetOption[], order: readonly string[]): FacetOption[] {
  const place = new Map(order.map((id, i) => [id, i]));
  const known = options.filter((o) => place.has(o.id)).sort((a, b) => (place.get(a.id) ?? 0) - (place.get(b.id) ?? 0));
  return [...known, ...options.filter((o) => !place.has(o.id))];
}

/** The facets a page offers: no brand list on a brand's page, no list of just the page's own category. */
export function pageFacets(data: FilterData | undefined, scope: { categoryId?: string | null; brandId?: string | null }) {
  const brands: FacetOption[] = scope.brandId ? [] : (data?.brands ?? []).map((b) => ({ id: b.id, label: b.name, count: b.count }));
  const categories: FacetOption[] = (data?.categories ?? [])
    .filter((c) => c.id !== scope.categoryId)
    .map((c) => ({ id: c.id, label: c.name, count: c.count }));
  // The API offers only the configured allowed properties; one without values is not shown.
  const properties: PropertyFacet[] = (data?.properties ?? [])
    .filter((p) => p.options.length > 0)
    .map((p) => ({ id: p.id, name: p.name, title: p.title, options: p.options.map((o) => ({ id: o.value, label: o.value, count: o.count })) }));
  return { brands, categories, properties };
}

/**
 * A list shown while its boxes are ticked (the mobile «Фильтры» modal): the options as first
 * shown, each with its count recounted for the pending selection (0, so disabled, when the
 * recount no longer has it), then any value the recount adds. The list does not reflow under the
 * finger, and a value that would leave nothing cannot be ticked.
 */
export function recounted(options: FacetOption[], fresh: FacetOption[] | undefined): FacetOption[] {
  if (!fresh) return options;
  const counts = new Map(fresh.map((o) => [o.id, o.count]));
  const known = new Set(options.map((o) => o.id));
  return [...options.map((o) => ({ ...o, count: counts.get(o.id) ?? 0 })), ...fresh.filter((o) => !known.has(o.id))];
}

/** `recounted` for every facet of a page: brands, categories and each property's values. */
export function recountedFacets(
  shown: { brands: FacetOption[]; categories: FacetOption[]; properties: PropertyFacet[] },
  fresh: { brands: FacetOption[]; categories: FacetOption[]; properties: PropertyFacet[] } | undefined,
) {
  if (!fresh) return shown;
  return {
    brands: recounted(shown.brands, fresh.brands),
    categories: recounted(shown.categories, fresh.categories),
    properties: shown.properties.map((p) => ({ ...p, options: recounted(p.options, fresh.properties.find((f) => f.id === p.id)?.options ?? []) })),
  };
}
