import { useQuery } from '@apollo/client/react';
import { formatCount, GOODS } from '@shop/contracts/format';
import { Button, Dialog, DialogHeader, fieldClassNames } from '@shop/mf-shared';
import { type Dispatch, type SetStateAction, useEffect, useMemo, useRef, useState } from 'react';
import { ListingFiltersDocument, type ListingScopeInput } from '../graphql/generated.ts';
import type { FiltersProps } from './desktop-filters.tsx';
import { pageFacets, recountedFacets } from './facets.ts';
import styles from './filters.module.css';
import { PriceSlider } from './lazy-price-slider.tsx';
import { OptionList } from './option-list.tsx';
import { rangeFromUrl, rangeToUrl } from './price-range.ts';
import { SortOptions } from './sort-options-list.tsx';
import { type ListingState, selectedValues, setPropertyValues, toFilterInput, withFilters } from './url-state.ts';

/** `value` once it has stayed the same for `ms` (the first value at once). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

type Facets = Pick<FiltersProps, 'brands' | 'categories' | 'properties'>;

/**
 * The facets recounted for the pending selection: every count is what ticking that value would
 * give, so a value that would leave nothing cannot be ticked. Asked with the same variables as
 * the listing's own filters query, so opening the modal asks nothing new.
 */
function useRecount(scope: ListingScopeInput, draft: ListingState, offered: Facets) {
  const pending = useMemo(() => toFilterInput(draft), [draft]);
  const asked = useSettled(pending, 200);
  const recount = useQuery(ListingFiltersDocument, { variables: { scope, filter: asked } });
  const fresh = recount.data?.productFilters ?? recount.previousData?.productFilters;
  const options = recountedFacets(offered, fresh ? pageFacets(fresh, scope) : undefined);
  return { options, counting: asked !== pending || recount.loading, found: fresh ? fresh.totalCount : null };
}

/** Opens the dialog as a modal and scrolls to the section the shopper tapped. */
function useModalAtSection(section: string | null) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (!el.open) el.showModal?.();
    if (section) el.querySelector(`[data-section="${section}"]`)?.scrollIntoView({ block: 'start' });
  }, [section]);
  return dialog;
}

interface DraftSectionsProps extends Pick<FiltersProps, 'bounds' | 'sortSet' | 'propertyKey'> {
  draft: ListingState;
  setDraft: Dispatch<SetStateAction<ListingState>>;
  options: Facets;
}

/** The modal's sections, each editing the draft: Category, Brand, properties, Price and Sort. */
function DraftSections({ draft, setDraft, options, bounds, sortSet, propertyKey }: DraftSectionsProps) {
  const { brands: brandOptions, categories: categoryOptions, properties: propertyOptions } = options;
  const range = bounds ? rangeFromUrl(draft.priceFrom, draft.priceTo, bounds) : null;
  return (
    <>
      {categoryOptions.length > 0 && (
        <section data-section="category">
          <OptionList
            legend="Категория"
            options={categoryOptions}
            selected={draft.categories}
            onChange={(values) => setDraft((d) => ({ ...d, categories: values }))}
          />
        </section>
      )}
      {brandOptions.length > 0 && (
        <section data-section="brand">
          <OptionList
            legend="Бренд"
            options={brandOptions}
            selected={draft.brands}
            onChange={(values) => setDraft((d) => ({ ...d, brands: values }))}
          />
        </section>
      )}
      {propertyOptions.map((property) => (
        <section key={property.id} data-section={`p:${property.id}`}>
          <OptionList
            legend={property.title}
            options={property.options}
            selected={selectedValues(draft, property)}
            onChange={(values) =>
              setDraft((d) => ({ ...d, properties: setPropertyValues(d, property, propertyKey(property), values) }))
            }
          />
        </section>
      ))}
      {bounds && range && (
        <section data-section="price">
          <fieldset className={fieldClassNames.group}>
            <legend className={`${fieldClassNames.label} ${styles.legend}`}>Цена</legend>
            <PriceSlider
              bounds={bounds}
              range={range}
              onChange={(r) => setDraft((d) => ({ ...d, ...rangeToUrl(r, bounds) }))}
            />
          </fieldset>
        </section>
      )}
      <section data-section="sort">
        <SortOptions set={sortSet} value={draft.sort} onChange={(sort) => setDraft((d) => ({ ...d, sort }))} />
      </section>
    </>
  );
}

/**
 * The mobile «Фильтры» modal: Category, Brand, properties, Price and Sort. Everything is a
 * draft until «Применить»; «Сбросить» drops every filter (the bare path). As boxes are ticked,
 * the API's productFilters is asked again with the pending selection, so every count is what
 * ticking that value would give and a value that would leave nothing cannot be ticked (once
 * «Ботинки» then «Vans 8» led to «0 товаров»). The lists keep their order.
 */
export function FiltersModal({
  scope,
  state,
  brands,
  categories,
  properties,
  bounds,
  sortSet,
  propertyKey,
  apply,
  resetAll,
  section,
  onClose,
}: FiltersProps & { scope: ListingScopeInput; resetAll: () => void; section: string | null; onClose: () => void }) {
  const dialog = useModalAtSection(section);
  const [draft, setDraft] = useState<ListingState>(state);
  const { options, counting, found } = useRecount(scope, draft, { brands, categories, properties });

  return (
    <Dialog ref={dialog} variant="sheet" className={styles.modal} aria-labelledby="filters-title" onDismiss={onClose}>
      <DialogHeader titleId="filters-title" title="Фильтры" onClose={onClose} className={styles.modalHead} />
      <div className={styles.modalBody}>
        <DraftSections
          draft={draft}
          setDraft={setDraft}
          options={options}
          bounds={bounds}
          sortSet={sortSet}
          propertyKey={propertyKey}
        />
      </div>
      <p className={styles.modalFound} aria-live="polite" aria-busy={counting} data-testid="filters-found">
        {found === null
          ? '\u00a0'
          : found === 0
            ? 'Ничего не найдено: измените фильтры'
            : `Найдено: ${formatCount(found, GOODS)}`}
      </p>
      <div className={styles.modalFoot}>
        <Button
          variant="secondary"
          className={styles.apply}
          onClick={() => {
            onClose();
            resetAll();
          }}
        >
          Сбросить
        </Button>
        <Button
          className={styles.apply}
          disabled={found === 0 && !counting}
          onClick={() => {
            onClose();
            apply(withFilters(state, draft));
          }}
        >
          Применить
        </Button>
      </div>
    </Dialog>
  );
}
