import { useState } from 'react';
import { type FacetOption, isDisabled, selectedFirst } from './facets.ts';
import styles from './filters.module.css';

/** Checkboxes with facet counts in a list of at most 250 px; selected values first, no search box. */
export function OptionList({
  legend,
  options,
  selected,
  onChange,
}: {
  legend: string;
  options: FacetOption[];
  selected: string[];
  onChange: (next: string[]) => void;
}) {
  // The order is fixed when the list appears, so ticking a box does not move it under the pointer.
  const [ordered] = useState(() => selectedFirst(options, selected));
  const shown = ordered.length === options.length ? ordered.map((o) => options.find((x) => x.id === o.id) ?? o) : options;
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{legend}</legend>
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
