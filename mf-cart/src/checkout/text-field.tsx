import type { InputHTMLAttributes, Ref } from 'react';
import styles from './checkout-form.module.css';

interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement & HTMLTextAreaElement>, 'onChange' | 'value'> {
  name: string;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  multiline?: boolean;
  onChange(value: string): void;
  ref?: Ref<HTMLInputElement & HTMLTextAreaElement>;
}

/** A labelled field with its message beside it (announced and tied to the input). */
export function TextField({ name, label, value, error, hint, multiline, onChange, ref, ...rest }: TextFieldProps) {
  const id = `checkout-${name}`;
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name,
    value,
    ref,
    className: styles.input,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
    ...rest,
  };
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {multiline ? <textarea rows={3} {...common} /> : <input {...common} />}
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
