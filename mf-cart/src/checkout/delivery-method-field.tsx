import { formatDeliveryTerm } from '@shop/contracts/format';
import { DELIVERY_METHOD_CODES, type DeliveryMethod, deliveryTitle } from '@shop/contracts/order';
import { chipClassName, fieldClassNames } from '@shop/mf-shared';
import styles from './checkout-form.module.css';
import { type DeliveryOptions, termOf } from './use-delivery-options.ts';

interface DeliveryMethodFieldProps {
  value: DeliveryMethod | '';
  error?: string;
  /** The terms to the typed city; null before a city is typed. */
  options: DeliveryOptions | null;
  onChange(value: DeliveryMethod): void;
}

/** The three methods, each with its term to the shopper's city («3–5 дней, к 11 декабря»). */
export function DeliveryMethodField({ value, error, options, onChange }: DeliveryMethodFieldProps) {
  return (
    <fieldset
      className={`${fieldClassNames.field} ${fieldClassNames.group}`}
      id="checkout-deliveryMethod"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? 'checkout-deliveryMethod-error' : 'checkout-deliveryMethod-hint'}
      tabIndex={-1}
    >
      <legend className={fieldClassNames.label}>Способ доставки</legend>
      <div className={styles.options}>
        {DELIVERY_METHOD_CODES.map((method) => {
          const term = termOf(options, method);
          const unavailable = term && !term.available;
          return (
            <label key={method} className={chipClassName(styles.option)} data-testid={`delivery-${method}`}>
              <input
                type="radio"
                name="deliveryMethod"
                value={method}
                checked={value === method}
                disabled={Boolean(unavailable) && value !== method}
                onChange={() => onChange(method)}
              />
              <span className={styles.optionText}>
                <span>{deliveryTitle(method)}</span>
                {term && (
                  <span className={styles.term}>{unavailable ? 'В этом городе нет пунктов СДЭК' : formatDeliveryTerm(term)}</span>
                )}
              </span>
            </label>
          );
        })}
      </div>
      <p id="checkout-deliveryMethod-hint" className={fieldClassNames.hint}>
        {options ? 'Доставка бесплатная при любом способе. Срок считается от дня заказа.' : 'Доставка бесплатная при любом способе. Укажите город — покажем срок.'}
      </p>
      {error && (
        <p id="checkout-deliveryMethod-error" className={fieldClassNames.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
