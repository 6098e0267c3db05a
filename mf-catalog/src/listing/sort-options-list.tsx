import { fieldClassNames } from '@shop/mf-shared';
import { useId } from 'react';
import type { ProductSort } from '../graphql/generated.ts';
import styles from './filters.module.css';
import { SORT_SETS, type SortSetName } from './sort-options.ts';

/** The sort radio group of a set (the chip's panel, the modal's section). */
export function SortOptions({ set, value, onChange }: { set: SortSetName; value: ProductSort; onChange: (sort: ProductSort) => void }) {
  const name = useId();
  return (
    <fieldset className={fieldClassNames.group}>
      <legend className={`${fieldClassNames.label} ${styles.legend}`}>Сортировка</legend>
      <ul className={styles.options}>
        {SORT_SETS[set].map((option) => (
          <li key={option.id}>
            <label className={styles.option}>
              <input type="radio" name={name} checked={value === option.id} onChange={() => onChange(option.id)} />
              <span className={styles.optionLabel}>{option.name}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
