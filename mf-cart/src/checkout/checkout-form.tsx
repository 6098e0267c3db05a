import { zodResolver } from '@hookform/resolvers/zod';
import { TextField, type TextFieldProps } from '@shop/mf-shared';
import { type Ref, useEffect, useRef, useState } from 'react';
import { type Control, Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { checkoutSchema } from './checkout-schema.ts';
import { loadDraft, saveDraft } from './checkout-draft.ts';
import { type CheckoutField, type CheckoutValues, FIELD_ORDER, type FieldErrors } from './checkout-values.ts';
import { ConsentField } from './consent-field.tsx';
import { DeliveryMethodField } from './delivery-method-field.tsx';
import { formatPhone, usePhoneMask } from './phone-mask.ts';
import { PickupPointField } from './pickup-point-field.tsx';
import { type DeliveryOptions, useAddressSuggestions, useDeliveryOptions } from './use-delivery-options.ts';
import styles from './checkout-form.module.css';

export const CHECKOUT_FORM_ID = 'checkout-form';

interface CheckoutFormProps {
  /** Field errors from the API, shown until the shopper edits that field. */
  serverErrors: FieldErrors;
  /** Gets the values as the schema returns them (text trimmed). */
  onSubmit(values: CheckoutValues): void;
}

type TextName = 'fullName' | 'phone' | 'email' | 'city' | 'address' | 'comment';
type TextProps = Omit<TextFieldProps, 'id' | 'name' | 'value' | 'onChange'>;

/**
 * ФИО, телефон, e-mail, город, адрес, доставка, комментарий and the consent, on react-hook-form
 * with the rules of checkout-schema.ts. Each field is checked when the shopper leaves it (then on
 * every change) and all of them on submit; the first wrong one gets focus. What the shopper typed
 * is kept for this tab (checkout-draft.ts) and comes back after a reload or a trip back to a product.
 */
export function CheckoutForm({ serverErrors, onSubmit }: CheckoutFormProps) {
  const [draft] = useState(loadDraft);
  // read by the resolver: whether the address is a СДЭК point chosen from the list
  const pickupMode = useRef(false);
  const { control, handleSubmit, setError, setValue, watch } = useForm<CheckoutValues, unknown, CheckoutValues>({
    defaultValues: draft,
    resolver: withPickupPoint(zodResolver(checkoutSchema), pickupMode),
    mode: 'onTouched',
    reValidateMode: 'onChange',
    // Focus follows the page's order (the delivery fieldset, the consent box), see onInvalid.
    shouldFocusError: false,
  });
  const form = useRef<HTMLFormElement>(null);
  const phoneInput = usePhoneMask();
  const [city, method, pointCode, address] = useWatch({ control, name: ['city', 'deliveryMethod', 'pickupPointCode', 'address'] });
  const options = useDeliveryOptions(city);
  const cities = useAddressSuggestions('CITY', city);
  const addresses = useAddressSuggestions('ADDRESS', address, city);
  const pickupCity = method === 'CDEK_PICKUP' && options?.pickupPoints ? options.city : null;
  pickupMode.current = pickupCity !== null;

  // Leaving the list (another method, a city without points): the point's address is not the
  // shopper's, so the address starts empty rather than silently keeping the point's.
  const wasPickup = useRef(pickupCity !== null);
  useEffect(() => {
    if (wasPickup.current && !pickupCity && pointCode) {
      setValue('pickupPointCode', '');
      setValue('address', '');
    }
    wasPickup.current = pickupCity !== null;
  }, [pickupCity, pointCode, setValue]);

  useEffect(() => {
    const subscription = watch((values) => saveDraft(values));
    return () => subscription.unsubscribe();
  }, [watch]);

  // The API's verdict beside its field, the first such field focused; the field's next change
  // re-validates and clears it.
  useEffect(() => {
    for (const field of FIELD_ORDER) {
      const message = serverErrors[field];
      if (message) setError(field, { type: 'server', message });
    }
    focusFirstWrong(form.current, serverErrors);
  }, [serverErrors, setError]);

  const text = (name: TextName, props: TextProps) => <CheckoutText control={control} name={name} {...props} />;

  return (
    <form
      id={CHECKOUT_FORM_ID}
      ref={form}
      className={styles.form}
      noValidate
      // A value that reached the field without keystrokes (autofill) goes out in the mask too.
      onSubmit={handleSubmit(
        (values) => onSubmit({ ...values, phone: formatPhone(values.phone) }),
        (errors) => focusFirstWrong(form.current, errors),
      )}
    >
      <h2 className={styles.section}>Получатель</h2>
      {text('fullName', { label: 'ФИО', autoComplete: 'name' })}
      <div className={styles.pair}>
        {text('phone', {
          label: 'Телефон',
          type: 'tel',
          inputMode: 'tel',
          autoComplete: 'tel',
          placeholder: '+7 (9__) ___-__-__',
          // The mask's ref goes on an <input> (TextField is single-line here).
          ref: phoneInput as Ref<HTMLInputElement & HTMLTextAreaElement>,
        })}
        {text('email', { label: 'E-mail', type: 'email', inputMode: 'email', autoComplete: 'email' })}
      </div>
      <h2 className={styles.section}>Доставка</h2>
      <Controller
        control={control}
        name="city"
        render={({ field, fieldState }) => (
          <TextField
            label="Город"
            autoComplete="address-level2"
            list="checkout-city-suggestions"
            id="checkout-city"
            name="city"
            value={field.value}
            error={fieldState.error?.message}
            onChange={(e) => {
              // a point of the old city is no point for the new one
              if (pointCode) setValue('pickupPointCode', '');
              field.onChange(e);
            }}
            onBlur={field.onBlur}
          />
        )}
      />
      <Suggestions id="checkout-city-suggestions" values={cities} />
      <Controller
        control={control}
        name="deliveryMethod"
        render={({ field, fieldState }) => (
          <DeliveryMethodField value={field.value} error={fieldState.error?.message} options={options} onChange={field.onChange} />
        )}
      />
      {pickupCity ? (
        <Controller
          control={control}
          name="pickupPointCode"
          render={({ field, fieldState }) => (
            <PickupPointField
              cityCode={pickupCity.code}
              cityName={pickupCity.name}
              value={field.value ?? ''}
              address={address}
              error={fieldState.error?.message}
              onChange={(point) => {
                field.onChange(point.code);
                setValue('address', point.address, { shouldValidate: true });
              }}
            />
          )}
        />
      ) : (
        <>
          {text('address', {
            label: 'Адрес доставки',
            autoComplete: 'street-address',
            list: 'checkout-address-suggestions',
            hint: addressHint(method, options),
          })}
          <Suggestions id="checkout-address-suggestions" values={addresses} />
        </>
      )}
      {text('comment', { label: 'Комментарий к заказу (необязательно)', multiline: true })}
      <Controller
        control={control}
        name="personalDataConsent"
        render={({ field, fieldState }) => (
          <ConsentField checked={field.value} error={fieldState.error?.message} onChange={field.onChange} />
        )}
      />
    </form>
  );
}

/** A field's suggestions as the browser's own list (<datalist>): nothing to learn, nothing blocks typing. */
function Suggestions({ id, values }: { id: string; values: string[] }) {
  return (
    <datalist id={id}>
      {values.map((value) => (
        <option key={value} value={value} />
      ))}
    </datalist>
  );
}

function addressHint(method: CheckoutValues['deliveryMethod'], options: DeliveryOptions | null): string {
  if (method === 'CDEK_PICKUP') {
    return options?.carrierDown
      ? 'Список пунктов СДЭК сейчас недоступен: укажите адрес пункта выдачи'
      : 'Укажите город: покажем пункты выдачи СДЭК в нём';
  }
  if (method === 'RUSSIAN_POST') return 'Индекс, улица, дом, квартира';
  return 'Улица, дом, квартира';
}

/**
 * The shared rules, plus the checkout's own: with the list of СДЭК points on the page, a point
 * must be chosen there (its address comes with it, so the hidden address field never speaks).
 */
function withPickupPoint(resolve: Resolver<CheckoutValues, unknown, CheckoutValues>, pickupMode: { current: boolean }): Resolver<CheckoutValues, unknown, CheckoutValues> {
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    if (!pickupMode.current) return result;
    const { address: _address, ...errors } = result.errors;
    if (!values.pickupPointCode) errors.pickupPointCode = { type: 'required', message: 'Выберите пункт выдачи СДЭК' };
    if (Object.keys(errors).length) return { values: {}, errors };
    // only the hidden address failed (a point not chosen yet is reported above): the values as typed
    return Object.keys(result.errors).length ? { values, errors: {} } : result;
  };
}

/** The first wrong field in the page's order gets focus (the delivery fieldset, the consent box included). */
function focusFirstWrong(form: HTMLFormElement | null, errors: Partial<Record<CheckoutField, unknown>>) {
  const first = FIELD_ORDER.find((field: CheckoutField) => errors[field]);
  if (first) form?.querySelector<HTMLElement>(`#checkout-${first}`)?.focus();
}

/** One text field of the form, on the form's state; its id is `checkout-<name>`. */
function CheckoutText({ control, name, ...props }: TextProps & { control: Control<CheckoutValues>; name: TextName }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          id={`checkout-${name}`}
          name={name}
          value={field.value}
          error={fieldState.error?.message}
          onChange={field.onChange}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}
