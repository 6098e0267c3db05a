import { DELIVERY_METHOD_CODES, type DeliveryMethod, deliveryTitle } from '@shop/contracts/order';
import { chipClassName, fieldClassNames } from '@shop/mf-shared';
import styles from './checkout-form.module.css';

interface DeliveryMethodFieldProps {
  value: DeliveryMethod | '';
  error?: string;
  onChange(value: DeliveryMethod): void;
}

export function DeliveryMethodField({ value, error, onChange }: DeliveryMethodFieldProps) {
  return (
    <fieldset
      className={`${fieldClassNames.field} ${fieldClassNames.group}`}
      id="checkout-deliveryMethod"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? 'checkout-deliveryMethod-error' : undefined}
      tabIndex={-1}
    >
      <legend className={fieldClassNames.label}>Способ доставки</legend>
      <div className={styles.options}>
        {DELIVERY_METHOD_CODES.map((method) => (
          <label key={method} className={chipClassName(styles.option)}>
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
      <p className={fieldClassNames.hint}>Доставка бесплатная при любом способе.</p>
      {error && (
        <p id="checkout-deliveryMethod-error" className={fieldClassNames.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
