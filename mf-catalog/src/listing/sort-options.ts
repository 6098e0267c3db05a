import type { ProductSort } from '../graphql/generated.ts';

export interface SortOption {
  id: ProductSort;
  name: string;
}

/** The two option sets: listings use «standart», search results «search». */
export type SortSetName = 'standart' | 'search';

const STANDART: SortOption[] = [
  { id: 'NEWLY', name: 'По новинкам' },
  { id: 'PRICEUP', name: 'По возрастанию цены' },
  { id: 'PRICEDOWN', name: 'По убыванию цены' },
];

export const SORT_SETS: Record<SortSetName, SortOption[]> = {
  standart: STANDART,
  search: [{ id: 'CONDITION', name: 'По совпадению' }, ...STANDART],
};

/** The first option of a set is its default (newest for listings, relevance for search). */
export function defaultSort(set: SortSetName): ProductSort {
  return SORT_SETS[set][0]?.id ?? 'NEWLY';
}

/** Reads the URL's `sort` value (`priceup`); an unknown or foreign value falls back to the set's default. */
export function parseSort(value: string | null, set: SortSetName): ProductSort {
  const id = value?.toUpperCase();
  return SORT_SETS[set].find((option) => option.id === id)?.id ?? defaultSort(set);
}

export function sortName(id: ProductSort, set: SortSetName): string {
  return SORT_SETS[set].find((option) => option.id === id)?.name ?? SORT_SETS[set][0]?.name ?? '';
}
