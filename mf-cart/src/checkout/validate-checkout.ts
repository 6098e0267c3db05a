import type { CheckoutValues, FieldErrors } from './checkout-values.ts';
import { isMobilePhone } from './phone-mask.ts';

/*
 * Small hand-written validators mirroring the API's own rules (api/src/orders/validate-order.ts),
 * so the shopper sees the same Russian message beside the field before anything is sent.
 * A form library with a schema validator (react-hook-form + zod) would replace this file
 * once those dependencies are agreed; the API stays the authority either way.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const EMAIL = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]{2,}$/;
const NAME = /^[\p{L}][\p{L}'’.\- ]*$/u;

function text(value: string, label: string, min: number, max: number, multiline = false): string | undefined {
  const v = value.trim();
  if (!v) return min > 0 ? `Укажите ${label}` : undefined;
  if (v.length > max) return `Слишком длинное значение: не больше ${max} символов`;
  if (CONTROL.test(v) || (!multiline && /[\r\n]/.test(v))) return 'Поле содержит недопустимые символы';
  if (v.length < min) return `Слишком короткое значение: укажите ${label}`;
  return undefined;
}

export function validateCheckout(values: CheckoutValues): FieldErrors {
  const errors: FieldErrors = {};
  const name = values.fullName.trim();
  errors.fullName = text(name, 'фамилию и имя', 2, 150);
  if (!errors.fullName) {
    if (!NAME.test(name)) errors.fullName = 'ФИО может содержать только буквы, пробелы, дефис и апостроф';
    else if (name.split(/\s+/).length < 2) errors.fullName = 'Укажите фамилию и имя полностью';
  }
  if (!values.phone.trim()) errors.phone = 'Укажите номер телефона';
  else if (!isMobilePhone(values.phone)) errors.phone = 'Укажите мобильный номер в формате +7 (9xx) xxx-xx-xx';
  errors.email = text(values.email, 'e-mail', 3, 254);
  if (!errors.email && !EMAIL.test(values.email.trim()))
    errors.email = 'Укажите корректный e-mail, например ivan@mail.ru';
  errors.city = text(values.city, 'город', 2, 100);
  errors.address = text(values.address, 'адрес доставки', 5, 300);
  if (!values.deliveryMethod) errors.deliveryMethod = 'Выберите способ доставки';
  errors.comment = text(values.comment, 'комментарий', 0, 1000, true);
  if (!values.personalDataConsent) errors.personalDataConsent = 'Нужно согласие на обработку персональных данных';
  for (const key of Object.keys(errors) as (keyof FieldErrors)[]) if (!errors[key]) delete errors[key];
  return errors;
}
