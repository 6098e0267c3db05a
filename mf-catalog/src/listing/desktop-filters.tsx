import { formatPrice } from '@shop/contracts/format';
import { useState } from 'react';
import type { FacetOption, PropertyFacet } from './facets.ts';
import { FilterChip } from './filter-chip.tsx';
import styles from './filters.module.css';
import { PriceSlider } from './lazy-price-slider.tsx';
import { OptionList } from './option-list.tsx';
import { isNarrowed, type PriceBounds, type PriceRange, rangeFromUrl } from './price-range.ts';
import { SORT_SETS, type SortSetName } from './sort-options.ts';
import { SortOptions } from './sort-options-list.tsx';
import { type ListingState, selectedValues, withFilters, withPriceRange, withPropertyValues } from './url-state.ts';

export interface FiltersProps {
  state: ListingState;
  brands: FacetOption[];
  categories: FacetOption[];
  properties: PropertyFacet[];
  bounds: PriceBounds | null;
  sortSet: SortSetName;
  /** How this page writes a property into the URL: f{id} on listings, f{name} in search. */
  propertyKey: (property: PropertyFacet) => string;
  apply: (next: ListingState) => void;
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((v) => b.includes(v));

interface ChipProps {
  state: ListingState;
  open: string | null;
  setOpen: (key: string | null) => void;
  apply: (next: ListingState) => void;
}

/** «Цена»: the slider's range is a draft while the chip is open, applied when it closes. */
function PriceChip({ state, open, setOpen, apply, bounds }: ChipProps & { bounds: PriceBounds }) {
  const urlRange = rangeFromUrl(state.priceFrom, state.priceTo, bounds);
  const [priceDraft, setPriceDraft] = useState<PriceRange | null>(null);
  const commitPrice = (range: PriceRange) => {
    const next = withPriceRange(state, range, bounds);
    if (next) apply(next);
  };
  return (
    <FilterChip
      label="Цена"
      value={isNarrowed(urlRange, bounds) ? `${formatPrice(urlRange.from)} – ${formatPrice(urlRange.to)}` : undefined}
      open={open === 'price'}
      onOpen={() => {
        setPriceDraft(urlRange);
        setOpen('price');
      }}
      onClose={() => {
        setOpen(null);
        if (priceDraft) commitPrice(priceDraft);
      }}
      onReset={() => {
        setOpen(null);
        apply(withFilters(state, { priceFrom: null, priceTo: null }));
      }}
    >
      <PriceSlider bounds={bounds} range={priceDraft ?? urlRange} onChange={setPriceDraft} onCommit={commitPrice} />
    </FilterChip>
  );
}

/** «Сортировка»: a choice applies at once and closes the chip. */
function SortChip({ state, open, setOpen, apply, sortSet }: ChipProps & { sortSet: FiltersProps['sortSet'] }) {
  return (
    <FilterChip
      label="Сортировка"
      value={SORT_SETS[sortSet].find((o) => o.id === state.sort)?.name}
      open={open === 'sort'}
      onOpen={() => setOpen('sort')}
      onClose={() => setOpen(null)}
      applyButton={false}
    >
      <SortOptions
        set={sortSet}
        value={state.sort}
        onChange={(sort) => {
          setOpen(null);
          apply(withFilters(state, { sort }));
        }}
      />
    </FilterChip>
  );
}

export function DesktopFilters({
  state,
  brands,
  categories,
  properties,
  bounds,
  sortSet,
  propertyKey,
  apply,
}: FiltersProps) {
  const [open, setOpen] = useState<string | null>(null);
  const [draft, setDraft] = useState<string[]>([]);
  const listChip = (
    key: string,
    label: string,
    options: FacetOption[],
    selected: string[],
    write: (values: string[]) => ListingState,
  ) =>
    options.length > 0 && (
      <FilterChip
        key={key}
        label={label}
        value={selected.length ? String(selected.length) : undefined}
        open={open === key}
        onOpen={() => {
          setDraft(selected);
          setOpen(key);
        }}
        onClose={() => {
          setOpen(null);
          if (!sameSet(draft, selected)) apply(write(draft));
        }}
        onReset={() => {
          setOpen(null);
          apply(write([]));
        }}
      >
        <OptionList legend={label} options={options} selected={draft} onChange={setDraft} />
      </FilterChip>
    );

  return (
    <fieldset className={styles.chips} aria-label="Фильтры и сортировка">
      {listChip('category', 'Категория', categories, state.categories, (categories) =>
        withFilters(state, { categories }),
      )}
      {listChip('brand', 'Бренд', brands, state.brands, (brands) => withFilters(state, { brands }))}
      {properties.map((property) =>
        listChip(`p:${property.id}`, property.title, property.options, selectedValues(state, property), (values) =>
          withPropertyValues(state, property, propertyKey(property), values),
        ),
      )}
      {bounds && <PriceChip state={state} open={open} setOpen={setOpen} apply={apply} bounds={bounds} />}
      <SortChip state={state} open={open} setOpen={setOpen} apply={apply} sortSet={sortSet} />
    </fieldset>
  );
}
