import { useEffect, useRef, useState } from 'react';
import type { FiltersProps } from './desktop-filters.tsx';
import styles from './filters.module.css';
import { OptionList } from './option-list.tsx';
import { rangeFromUrl, rangeToUrl } from './price-range.ts';
import { PriceSlider } from './lazy-price-slider.tsx';
import { SortOptions } from './sort-options-list.tsx';
import { type ListingState, selectedValues, setPropertyValues, withFilters } from './url-state.ts';

/**
 * The mobile «Фильтры» modal: Category, Brand, properties, Price and Sort. Everything is a
 * draft until «Применить»; «Сбросить» drops every filter (the bare path).
 */
export function FiltersModal({
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
}: FiltersProps & { resetAll: () => void; section: string | null; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [draft, setDraft] = useState<ListingState>(state);
  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (!el.open) el.showModal?.();
    if (section) el.querySelector(`[data-section="${section}"]`)?.scrollIntoView({ block: 'start' });
  }, [section]);
  const range = bounds ? rangeFromUrl(draft.priceFrom, draft.priceTo, bounds) : null;

  return (
    <dialog
      ref={dialog}
      className={styles.modal}
      aria-labelledby="filters-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className={styles.modalHead}>
        <h2 id="filters-title" className={styles.modalTitle}>
          Фильтры
        </h2>
        <button type="button" className={styles.close} aria-label="Закрыть" onClick={onClose}>
          ×
        </button>
      </div>
      <div className={styles.modalBody}>
        {categories.length > 0 && (
          <section data-section="category">
            <OptionList
              legend="Категория"
              options={categories}
              selected={draft.categories}
              onChange={(values) => setDraft((d) => ({ ...d, categories: values }))}
            />
          </section>
        )}
        {brands.length > 0 && (
          <section data-section="brand">
            <OptionList legend="Бренд" options={brands} selected={draft.brands} onChange={(values) => setDraft((d) => ({ ...d, brands: values }))} />
          </section>
        )}
        {properties.map((property) => (
          <section key={property.id} data-section={`p:${property.id}`}>
            <OptionList
              legend={property.title}
              options={property.options}
              selected={selectedValues(draft, property)}
              onChange={(values) => setDraft((d) => ({ ...d, properties: setPropertyValues(d, property, propertyKey(property), values) }))}
            />
          </section>
        ))}
        {bounds && range && (
          <section data-section="price">
            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>Цена</legend>
              <PriceSlider bounds={bounds} range={range} onChange={(r) => setDraft((d) => ({ ...d, ...rangeToUrl(r, bounds) }))} />
            </fieldset>
          </section>
        )}
        <section data-section="sort">
          <SortOptions set={sortSet} value={draft.sort} onChange={(sort) => setDraft((d) => ({ ...d, sort }))} />
        </section>
      </div>
      <div className={styles.modalFoot}>
        <button
          type="button"
          className={styles.secondary}
          onClick={() => {
            onClose();
            resetAll();
          }}
        >
          Сбросить
        </button>
        <button
          type="button"
          className={styles.apply}
          onClick={() => {
            onClose();
            apply(withFilters(state, draft));
          }}
        >
          Применить
        </button>
      </div>
    </dialog>
  );
}
