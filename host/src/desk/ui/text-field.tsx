import type { InputHTMLAttributes, Ref } from 'react';
import styles from './desk.module.css';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement & HTMLTextAreaElement>, 'id'> {
  id: string;
  label: string;
  error?: string;
  multiline?: boolean;
  ref?: Ref<HTMLInputElement & HTMLTextAreaElement>;
}

/** A labelled field with its message beside it, announced and tied to the input. */
export function TextField({ id, label, error, multiline, ref, ...rest }: TextFieldProps) {
  const common = {
    id,
    ref,
    className: styles.input,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    ...rest,
  };
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {multiline ? <textarea rows={3} {...common} /> : <input {...common} />}
      {error && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
