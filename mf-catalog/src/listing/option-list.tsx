import { fieldClassNames } from '@shop/mf-shared';
import { type ReactNode, useState } from 'react';
import { type FacetOption, isDisabled, keepOrder, selectedFirst } from './facets.ts';
import styles from './filters.module.css';

/** Checkboxes with facet counts in a list of at most 250 px; selected values first, no search box. */
export function OptionList({
  legend,
  options,
  selected,
  onChange,
  action,
}: {
  legend: string;
  options: FacetOption[];
  selected: string[];
  onChange: (next: string[]) => void;
  /** Shown after the legend, before the values (the sidebar's «Сбросить»). */
  action?: ReactNode;
}) {
  // The order is fixed when the list appears, so ticking a box does not move it under the pointer
  // (nor do new counts, in a list that stays on screen such as the sidebar's).
  const [order] = useState(() => selectedFirst(options, selected).map((o) => o.id));
  const shown = keepOrder(options, order);
  return (
    <fieldset className={fieldClassNames.group}>
      <legend className={`${fieldClassNames.label} ${styles.legend}`}>{legend}</legend>
      {action}
      <ul className={styles.options}>
        {shown.map((option) => {
          const checked = selected.includes(option.id);
          return (
            <li key={option.id}>
              <label className={styles.option} data-disabled={isDisabled(option, selected) || undefined}>
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={isDisabled(option, selected)}
                  onChange={() => onChange(checked ? selected.filter((v) => v !== option.id) : [...selected, option.id])}
                />
                <span className={styles.optionLabel}>{option.label}</span>{' '}
                <span className={styles.count}>{option.count}</span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
