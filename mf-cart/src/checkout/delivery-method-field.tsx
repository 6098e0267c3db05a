import { DELIVERY_METHOD_CODES, type DeliveryMethod, deliveryTitle } from '@shop/contracts/order';
import styles from './checkout-form.module.css';

interface DeliveryMethodFieldProps {
  value: DeliveryMethod | '';
  error?: string;
  onChange(value: DeliveryMethod): void;
}

export function DeliveryMethodField({ value, error, onChange }: DeliveryMethodFieldProps) {
  return (
    <fieldset
      className={styles.fieldset}
      id="checkout-deliveryMethod"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? 'checkout-deliveryMethod-error' : undefined}
      tabIndex={-1}
    >
      <legend className={styles.label}>Способ доставки</legend>
      <div className={styles.options}>
        {DELIVERY_METHOD_CODES.map((method) => (
          <label key={method} className={styles.option}>
            <input
              type="radio"
              name="deliveryMethod"
              value={method}
              checked={value === method}
              onChange={() => onChange(method)}
            />
            <span>{deliveryTitle(method)}</span>
          </label>
        ))}
      </div>
      <p className={styles.hint}>Доставка бесплатная при любом способе.</p>
      {error && (
        <p id="checkout-deliveryMethod-error" className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
