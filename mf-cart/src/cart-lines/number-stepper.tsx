import { MAX_QUANTITY } from '@shop/mf-shared';
import { useEffect, useState } from 'react';
import styles from './number-stepper.module.css';

interface NumberStepperProps {
  value: number;
  onChange(value: number): void;
  /** What is counted, for the buttons' and the field's accessible names. */
  label: string;
  min?: number;
  max?: number;
}

/** Quantity between 1 and 99; the buttons are disabled at the bounds. */
export function NumberStepper({ value, onChange, label, min = 1, max = MAX_QUANTITY }: NumberStepperProps) {
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);
  const commit = () => {
    const n = Number.parseInt(draft, 10);
    if (Number.isFinite(n)) onChange(Math.min(Math.max(n, min), max));
    else setDraft(String(value));
  };
  return (
    <div className={styles.stepper}>
      <button
        type="button"
        className={styles.button}
        aria-label={`Уменьшить количество: ${label}`}
        disabled={value <= min}
        onClick={() => onChange(value - 1)}
      >
        −
      </button>
      <input
        className={styles.input}
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        aria-label={`Количество: ${label}`}
        value={draft}
        onChange={(event) => setDraft(event.target.value.replace(/\D/g, '').slice(0, 2))}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
      />
      <button
        type="button"
        className={styles.button}
        aria-label={`Увеличить количество: ${label}`}
        disabled={value >= max}
        onClick={() => onChange(value + 1)}
      >
        +
      </button>
    </div>
  );
}
