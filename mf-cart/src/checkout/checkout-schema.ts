import * as z from 'zod/mini';
import type { DeliveryMethod } from '../graphql/generated.ts';
import type { CheckoutValues } from './checkout-values.ts';
import { isMobilePhone } from './phone-mask.ts';

/*
 * The checkout form's rules, one schema mirroring the API's own (api/src/orders/validate-order.ts),
 * so the shopper sees the same Russian message beside the field before anything is sent; the API
 * stays the authority. react-hook-form shows each field's first issue, so the order of the
 * checks below is the order of the messages' precedence.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const EMAIL = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]{2,}$/;
const NAME = /^[\p{L}][\p{L}'’.\- ]*$/u;

/** A trimmed text: «Укажите …» when empty (if required), then too long, bad characters, too short. */
function text(label: string, min: number, max: number, multiline = false) {
  return z.string().check(
    z.trim(),
    ...(min > 0 ? [z.minLength(1, `Укажите ${label}`)] : []),
    z.maxLength(max, `Слишком длинное значение: не больше ${max} символов`),
    z.refine<string>(
      (v) => !CONTROL.test(v) && (multiline || !/[\r\n]/.test(v)),
      'Поле содержит недопустимые символы',
    ),
    ...(min > 1 ? [z.minLength(min, `Слишком короткое значение: укажите ${label}`)] : []),
  );
}

const DELIVERY: ['', ...DeliveryMethod[]] = ['', 'COURIER', 'CDEK_PICKUP', 'RUSSIAN_POST'];

export const checkoutSchema = z.object({
  fullName: text('фамилию и имя', 2, 150).check(
    z.regex(NAME, 'ФИО может содержать только буквы, пробелы, дефис и апостроф'),
    z.refine<string>((v) => v.split(/\s+/).length >= 2, 'Укажите фамилию и имя полностью'),
  ),
  phone: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Укажите номер телефона'),
      z.refine<string>(isMobilePhone, 'Укажите мобильный номер в формате +7 (9xx) xxx-xx-xx'),
    ),
  email: text('e-mail', 3, 254).check(z.regex(EMAIL, 'Укажите корректный e-mail, например ivan@mail.ru')),
  city: text('город', 2, 100),
  address: text('адрес доставки', 5, 300),
  deliveryMethod: z.enum(DELIVERY).check(z.refine((v) => v !== '', 'Выберите способ доставки')),
  comment: text('комментарий', 0, 1000, true),
  personalDataConsent: z.boolean().check(z.refine((v) => v, 'Нужно согласие на обработку персональных данных')),
}) satisfies z.core.$ZodType<CheckoutValues, CheckoutValues>;
