import type { InputHTMLAttributes, Ref } from 'react';
import styles from './text-field.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement & HTMLTextAreaElement>, 'id'> {
  id: string;
  label: string;
  /** Shown under the field and announced with it; the field is marked invalid. */
  error?: string;
  /** A line of help under the field, tied to it. */
  hint?: string;
  /** A three-row textarea instead of an input. */
  multiline?: boolean;
  ref?: Ref<HTMLInputElement & HTMLTextAreaElement>;
}

/**
 * The field's parts for a form that is not a TextField (a fieldset of radios, a consent box):
 * the same label, input, hint and message looks, and `group`, a fieldset without its frame. No
 * specificity, so the caller's class wins.
 */
export const fieldClassNames = {
  field: styles.field,
  group: styles.group,
  label: styles.label,
  input: styles.input,
  hint: styles.hint,
  error: styles.error,
} as const;

/** A labelled field with its hint and message beside it, announced and tied to the input. */
export function TextField({ id, label, error, hint, multiline, ref, ...rest }: TextFieldProps) {
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    ref,
    className: styles.input,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
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
