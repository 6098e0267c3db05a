import { Button } from '@shop/mf-shared';
import { useState } from 'react';
import type { ListingScopeInput } from '../graphql/generated.ts';
import type { FiltersProps } from './desktop-filters.tsx';
import { FiltersModal } from './filters-modal.tsx';
import styles from './filters.module.css';
import { activeFilterCount, selectedValues } from './url-state.ts';

/** Below 1024 px: a row of buttons that scrolls sideways, each opening the «Фильтры» modal at its section. */
export function MobileFilters(props: FiltersProps & { scope: ListingScopeInput; resetAll: () => void }) {
  const [section, setSection] = useState<string | null | undefined>(undefined);
  const { state, brands, categories, properties, bounds } = props;
  const count = activeFilterCount(state);
  const buttons = [
    categories.length > 0 && { key: 'category', label: 'Категория', n: state.categories.length },
    brands.length > 0 && { key: 'brand', label: 'Бренд', n: state.brands.length },
    ...properties.map((p) => ({ key: `p:${p.id}`, label: p.title, n: selectedValues(state, p).length })),
    bounds && { key: 'price', label: 'Цена', n: state.priceFrom != null || state.priceTo != null ? 1 : 0 },
    { key: 'sort', label: 'Сортировка', n: 0 },
  ].filter((b): b is { key: string; label: string; n: number } => Boolean(b));
  return (
    <>
      <fieldset className={styles.row} aria-label="Фильтры и сортировка">
        <Button variant="outline" className={styles.rowButton} data-primary onClick={() => setSection(null)}>
          Фильтры{count > 0 && ' '}
          {count > 0 && <span className={styles.badge}>{count}</span>}
        </Button>
        {buttons.map((b) => (
          <Button
            key={b.key}
            variant="outline"
            className={styles.rowButton}
            data-active={b.n > 0 || undefined}
            onClick={() => setSection(b.key)}
          >
            {b.label}
            {b.n > 0 && ' '}
            {b.n > 0 && <span className={styles.badge}>{b.n}</span>}
          </Button>
        ))}
      </fieldset>
      {section !== undefined && <FiltersModal {...props} section={section} onClose={() => setSection(undefined)} />}
    </>
  );
}
