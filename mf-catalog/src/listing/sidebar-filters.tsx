import { Button, fieldClassNames } from '@shop/mf-shared';
import { startTransition, useId, useOptimistic, useState } from 'react';
import { Link } from 'react-router-dom';
import type { FiltersProps } from './desktop-filters.tsx';
import type { FacetOption } from './facets.ts';
import filterStyles from './filters.module.css';
import { PriceSlider } from './lazy-price-slider.tsx';
import { OptionList } from './option-list.tsx';
import { type PriceBounds, type PriceRange, rangeFromUrl } from './price-range.ts';
import styles from './sidebar.module.css';
import { SortOptions } from './sort-options-list.tsx';
import { defaultSort } from './sort-options.ts';
import {
  activeFilterCount,
  type ListingState,
  selectedValues,
  withFilters,
  withPriceRange,
  withPropertyValues,
} from './url-state.ts';

type Change = (next: ListingState) => void;

/** A section's own «Сбросить». */
function SectionReset({ title, next, change }: { title: string; next: ListingState; change: Change }) {
  return (
    <Button variant="link" className={styles.reset} aria-label={`Сбросить: ${title}`} onClick={() => change(next)}>
      Сбросить
    </Button>
  );
}

interface SidebarListProps {
  title: string;
  options: FacetOption[];
  selected: string[];
  write: (values: string[]) => ListingState;
  change: Change;
}

function SidebarList({ title, options, selected, write, change }: SidebarListProps) {
  if (options.length === 0) return null;
  return (
    <section className={styles.section}>
      <OptionList
        legend={title}
        options={options}
        selected={selected}
        onChange={(values) => change(write(values))}
        action={selected.length > 0 && <SectionReset title={title} next={write([])} change={change} />}
      />
    </section>
  );
}

/**
 * A handle being dragged shows its own range until released; it belongs to the URL's price it started
 * from, so a commit, a reset or back/forward (a new URL price) puts the URL's range back.
 */
function SidebarPrice({ shown, bounds, change }: { shown: ListingState; bounds: PriceBounds; change: Change }) {
  const urlPrice = `${shown.priceFrom}:${shown.priceTo}`;
  const [drag, setDrag] = useState<{ urlPrice: string; range: PriceRange } | null>(null);
  const range = drag && drag.urlPrice === urlPrice ? drag.range : rangeFromUrl(shown.priceFrom, shown.priceTo, bounds);
  return (
    <section className={styles.section}>
      <fieldset className={fieldClassNames.group}>
        <legend className={`${fieldClassNames.label} ${filterStyles.legend}`}>Цена</legend>
        {(shown.priceFrom != null || shown.priceTo != null) && (
          <SectionReset title="Цена" next={withFilters(shown, { priceFrom: null, priceTo: null })} change={change} />
        )}
        <PriceSlider
          bounds={bounds}
          range={range}
          onChange={(next) => setDrag({ urlPrice, range: next })}
          onCommit={(next) => {
            setDrag(null);
            const changed = withPriceRange(shown, next, bounds);
            if (changed) change(changed);
          }}
        />
      </fieldset>
    </section>
  );
}

/**
 * Wide screens (from 1440 px): the filters as a column beside the results. There is no panel to
 * close here, so every change applies at once: a ticked box, a radio, a released price handle
 * (or a key press on it), each section's «Сбросить»; «Сбросить все фильтры» is a link to the bare
 * path. Sections: Категория (where the listing spans more than one), Бренд (not on a brand's own
 * page), the allowed properties, Цена, Сортировка.
 * The router changes the URL in a transition: until it lands, the sidebar shows the change it
 * asked for (a ticked box stays ticked, it does not blink back for a frame).
 */
export function SidebarFilters({
  state,
  brands,
  categories,
  properties,
  bounds,
  sortSet,
  propertyKey,
  apply,
  resetHref,
}: FiltersProps & { resetHref: string }) {
  const titleId = useId();
  const [shown, setShown] = useOptimistic(state);
  const change = (next: ListingState) =>
    startTransition(() => {
      setShown(next);
      apply(next);
    });
  const anything = activeFilterCount(shown) > 0 || shown.sort !== defaultSort(sortSet);

  return (
    <aside className={styles.sidebar} aria-labelledby={titleId} data-testid="listing-sidebar">
      <div className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          Фильтры
        </h2>
        {anything && (
          <Link className={styles.resetAll} to={resetHref} preventScrollReset>
            Сбросить все фильтры
          </Link>
        )}
      </div>
      <SidebarList
        title="Категория"
        options={categories}
        selected={shown.categories}
        write={(values) => withFilters(shown, { categories: values })}
        change={change}
      />
      <SidebarList
        title="Бренд"
        options={brands}
        selected={shown.brands}
        write={(values) => withFilters(shown, { brands: values })}
        change={change}
      />
      {properties.map((property) => (
        <SidebarList
          key={`p:${property.id}`}
          title={property.title}
          options={property.options}
          selected={selectedValues(shown, property)}
          write={(values) => withPropertyValues(shown, property, propertyKey(property), values)}
          change={change}
        />
      ))}
      {bounds && <SidebarPrice shown={shown} bounds={bounds} change={change} />}
      <section className={styles.section}>
        <SortOptions set={sortSet} value={shown.sort} onChange={(sort) => change(withFilters(shown, { sort }))} />
      </section>
    </aside>
  );
}
