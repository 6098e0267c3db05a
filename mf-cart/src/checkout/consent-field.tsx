import { Button, fieldClassNames } from '@shop/mf-shared';
import { useState } from 'react';
import { ConsentDialog } from './consent-dialog.tsx';
import styles from './checkout-form.module.css';

interface ConsentFieldProps {
  checked: boolean;
  error?: string;
  onChange(checked: boolean): void;
}

/**
 * The consent to personal-data processing as its own required checkbox, not folded into an
 * offer or a policy (152-ФЗ as of September 2025), with the consent text one click away.
 */
export function ConsentField({ checked, error, onChange }: ConsentFieldProps) {
  const [textOpen, setTextOpen] = useState(false);
  return (
    <div className={fieldClassNames.field}>
      <div className={styles.consent}>
        <input
          id="checkout-personalDataConsent"
          type="checkbox"
          checked={checked}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'checkout-personalDataConsent-error' : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor="checkout-personalDataConsent">Я даю согласие на обработку персональных данных</label>
      </div>
      <Button variant="link" className={styles.link} onClick={() => setTextOpen(true)}>
        Текст согласия на обработку персональных данных
      </Button>
      {error && (
        <p id="checkout-personalDataConsent-error" className={fieldClassNames.error}>
          {error}
        </p>
      )}
      <ConsentDialog open={textOpen} onClose={() => setTextOpen(false)} />
    </div>
  );
}
