import { useRef, useState } from 'react';
import {
  type CheckoutField,
  type CheckoutValues,
  EMPTY_CHECKOUT,
  FIELD_ORDER,
  type FieldErrors,
} from './checkout-values.ts';
import { ConsentField } from './consent-field.tsx';
import { DeliveryMethodField } from './delivery-method-field.tsx';
import { formatPhone } from './phone-mask.ts';
import { TextField } from './text-field.tsx';
import { validateCheckout } from './validate-checkout.ts';
import styles from './checkout-form.module.css';

export const CHECKOUT_FORM_ID = 'checkout-form';

interface CheckoutFormProps {
  /** Field errors from the API, shown until the shopper edits that field. */
  serverErrors: FieldErrors;
  onSubmit(values: CheckoutValues): void;
}

/**
 * ФИО, телефон, e-mail, город, адрес, доставка, комментарий and the consent. Each field is
 * checked when the shopper leaves it and all of them on submit; the first wrong one gets focus.
 */
export function CheckoutForm({ serverErrors, onSubmit }: CheckoutFormProps) {
  const [values, setValues] = useState<CheckoutValues>(EMPTY_CHECKOUT);
  const [touched, setTouched] = useState<Partial<Record<CheckoutField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [edited, setEdited] = useState<Partial<Record<CheckoutField, boolean>>>({});
  const form = useRef<HTMLFormElement>(null);

  const local = validateCheckout(values);
  const errorOf = (field: CheckoutField) =>
    (submitted || touched[field] ? local[field] : undefined) ?? (edited[field] ? undefined : serverErrors[field]);

  const set = <K extends CheckoutField>(field: K, value: CheckoutValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setEdited((current) => ({ ...current, [field]: true }));
  };
  const blur = (field: CheckoutField) => () => setTouched((current) => ({ ...current, [field]: true }));

  return (
    <form
      id={CHECKOUT_FORM_ID}
      ref={form}
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        setEdited({});
        const first = FIELD_ORDER.find((field) => local[field]);
        if (first) {
          form.current?.querySelector<HTMLElement>(`#checkout-${first}`)?.focus();
          return;
        }
        onSubmit(values);
      }}
    >
      <h2 className={styles.section}>Получатель</h2>
      <TextField
        name="fullName"
        label="ФИО"
        autoComplete="name"
        value={values.fullName}
        error={errorOf('fullName')}
        onChange={(v) => set('fullName', v)}
        onBlur={blur('fullName')}
      />
      <div className={styles.pair}>
        <TextField
          name="phone"
          label="Телефон"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+7 (9__) ___-__-__"
          value={values.phone}
          error={errorOf('phone')}
          onChange={(v) => set('phone', formatPhone(v))}
          onBlur={blur('phone')}
        />
        <TextField
          name="email"
          label="E-mail"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={values.email}
          error={errorOf('email')}
          onChange={(v) => set('email', v)}
          onBlur={blur('email')}
        />
      </div>
      <h2 className={styles.section}>Доставка</h2>
      <TextField
        name="city"
        label="Город"
        autoComplete="address-level2"
        value={values.city}
        error={errorOf('city')}
        onChange={(v) => set('city', v)}
        onBlur={blur('city')}
      />
      <TextField
        name="address"
        label="Адрес доставки"
        autoComplete="street-address"
        hint="Улица, дом, квартира или адрес пункта выдачи"
        value={values.address}
        error={errorOf('address')}
        onChange={(v) => set('address', v)}
        onBlur={blur('address')}
      />
      <DeliveryMethodField
        value={values.deliveryMethod}
        error={errorOf('deliveryMethod')}
        onChange={(v) => set('deliveryMethod', v)}
      />
      <TextField
        name="comment"
        label="Комментарий к заказу (необязательно)"
        multiline
        value={values.comment}
        error={errorOf('comment')}
        onChange={(v) => set('comment', v)}
        onBlur={blur('comment')}
      />
      <ConsentField
        checked={values.personalDataConsent}
        error={errorOf('personalDataConsent')}
        onChange={(v) => set('personalDataConsent', v)}
      />
    </form>
  );
}
