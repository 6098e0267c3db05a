import { Link } from 'react-router-dom';
import type { FilterData, PropertyFacet } from './facets.ts';
import styles from './applied-filters.module.css';
import { type ListingState, withFilters } from './url-state.ts';

export interface KnownProperty {
  id: string;
  name: string;
  title: string;
  /** Every value the catalogue has for it. */
  values: readonly string[];
}

export interface AppliedFilter {
  key: string;
  label: string;
  remove: () => ListingState;
}

/**
 * The filters a link applies that the page's own controls do not show (so could not be seen
 * or removed): a category the category list does not offer, a brand where no brand list is
 * offered (a brand's own page), a property the page offers no list for (`fcolor`, a property id
 * from an old link). The same at every width: the chips, the modal and the sidebar list alike.
 */
export function hiddenFilters({
  state,
  data,
  offered,
  properties,
}: {
  state: ListingState;
  data: FilterData | undefined;
  /** What the page's controls list (pageFacets). */
  offered: { brands: { id: string }[]; categories: { id: string }[]; properties: PropertyFacet[] };
  properties: readonly KnownProperty[];
}): AppliedFilter[] {
  const out: AppliedFilter[] = [];
  for (const id of state.categories) {
    if (offered.categories.some((c) => c.id === id)) continue;
    const name = data?.categories.find((c) => c.id === id)?.name;
    out.push({
      key: `category:${id}`,
      label: name ? `Категория: ${name}` : 'Категория из ссылки',
      remove: () => withFilters(state, { categories: state.categories.filter((c) => c !== id) }),
    });
  }
  for (const id of state.brands) {
    if (offered.brands.some((b) => b.id === id)) continue;
    const name = data?.brands.find((b) => b.id === id)?.name;
    out.push({
      key: `brand:${id}`,
      label: name ? `Бренд: ${name}` : 'Бренд из ссылки',
      remove: () => withFilters(state, { brands: state.brands.filter((b) => b !== id) }),
    });
  }
  for (const [key, values] of Object.entries(state.properties)) {
    if (offered.properties.some((p) => p.id === key || p.name === key)) continue;
    const title = properties.find((p) => p.id === key || p.name === key)?.title ?? 'Свойство';
    for (const value of values) {
      out.push({
        key: `property:${key}:${value}`,
        label: `${title}: ${value}`,
        remove: () => {
          const rest = values.filter((v) => v !== value);
          const next = { ...state.properties };
          if (rest.length) next[key] = rest;
          else delete next[key];
          return withFilters(state, { properties: next });
        },
      });
    }
  }
  return out;
}

/** The row of those filters, each with its ×, and a note when part of the link could not be applied. */
export function AppliedFilters({
  filters,
  apply,
  ignored,
  ignoredValues = [],
  cleanHref,
}: {
  filters: AppliedFilter[];
  apply: (state: ListingState) => void;
  /** Parameters of the link that were not applied. */
  ignored: readonly string[];
  /** The values among them the catalogue does not have, as «Размер «abc»». */
  ignoredValues?: readonly string[];
  /** The same listing without them. */
  cleanHref: string;
}) {
  if (filters.length === 0 && ignored.length === 0) return null;
  return (
    <>
      {ignored.length > 0 && (
        <p className={styles.notice} role="status" data-testid="listing-link-notice">
          Часть фильтров из ссылки не распознана и не применена
          {ignoredValues.length ? `: ${ignoredValues.join(', ')}.` : '.'}{' '}
          <Link to={cleanHref} replace preventScrollReset>
            Убрать их из адреса
          </Link>
        </p>
      )}
      {filters.length > 0 && (
        <ul
          className={styles.applied}
          aria-label="Применённые фильтры"
          data-testid="applied-filters"
        >
          {filters.map((filter) => (
            <li key={filter.key} className={styles.item}>
              {filter.label}
              <button
                type="button"
                className={styles.remove}
                aria-label={`Убрать фильтр «${filter.label}»`}
                onClick={() => apply(filter.remove())}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
