import * as z from 'zod/mini';
import { errorMessage, type OrderErrorCode } from './errors.ts';
import { DELIVERY_METHOD_CODES, type DeliveryMethod } from './order-tables.ts';

/* The shopper's fields and their rules; part of @shop/contracts/order (see ./order.ts). */

/**
 * A rule with its API code and Russian message; a failed rule stops the field's later rules
 * (`last`: a field's only rule, which must not stop its list's checks, such as the duplicate lines).
 */
export function rule<T>(code: OrderErrorCode, message: string, ok: (value: T) => boolean, last = false) {
  return z.refine<T>(ok, { error: message, params: { code }, abort: !last });
}

/** The API code a rule put on an issue; INVALID_FORMAT for zod's own (a wrong type). */
export function issueCode(issue: { code: string; params?: unknown }): OrderErrorCode {
  const code = issue.code === 'custom' ? (issue.params as { code?: OrderErrorCode } | undefined)?.code : undefined;
  return code ?? 'INVALID_FORMAT';
}

/** C0 controls and DEL; line breaks and tab are allowed where the text may have lines (the comment). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above, less tab, LF and CR
const CONTROL_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/**
 * Invisible formatting: bidi overrides and isolates (U+202A–U+202E, U+2066–U+2069, U+200E/F,
 * U+061C), zero-width characters, soft hyphen, BOM (all of Unicode's Cf), C1 controls and the
 * line/paragraph separators. In a name, e-mail or address they only serve to make the stored
 * text read differently from what it is (U+202E shows «ул. Ленина» backwards).
 */
const INVISIBLE = /[\p{Cf}\u0080-\u009f\u2028\u2029]/u;
const NAME = /^[\p{L}][\p{L}'’.\- ]*$/u;
const EMAIL = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]{2,}$/;

/**
 * The part after «@» must be a domain name: dot-separated labels of letters, digits and inner
 * hyphens, ending in an alphabetic top-level domain (or its punycode form). That refuses IP
 * literals (`ivan@127.0.0.1`, `ivan@[::1]`: no alphabetic TLD) and single-label hosts (`ivan@localhost`).
 */
export function isMailDomain(domain: string): boolean {
  if (domain.length > 253) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  const tld = labels.at(-1) as string;
  if (!/^(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})$/iu.test(tld)) return false;
  return labels.every((l) => l.length <= 63 && /^[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?$/u.test(l));
}

export function isEmail(value: string): boolean {
  return EMAIL.test(value) && isMailDomain(value.slice(value.lastIndexOf('@') + 1));
}

/** Russian mobile numbers only: +7 9xx xxx-xx-xx, also typed as 8 9xx… or 9xx…; `+79161234567` or null. */
export function normalizePhone(raw: string): string | null {
  if (raw.length > 30) return null;
  const digits = raw.replace(/[\s()+\-.]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  const national = digits.length === 11 && (digits[0] === '7' || digits[0] === '8') ? digits.slice(1) : digits;
  return /^9\d{9}$/.test(national) ? `+7${national}` : null;
}

/** A trimmed text: «Укажите …» when empty (if required), then too long, bad characters, too short. */
function text(label: string, min: number, max: number, multiline = false) {
  return z.string().check(
    z.trim(),
    ...(min > 0 ? [rule<string>('REQUIRED', `Укажите ${label}`, (v) => v !== '')] : []),
    rule<string>('TOO_LONG', errorMessage('TOO_LONG', { max }), (v) => v.length <= max),
    rule<string>(
      'INVALID_FORMAT',
      'Поле содержит недопустимые символы',
      (v) => !(multiline ? CONTROL_MULTILINE : CONTROL).test(v) && !INVISIBLE.test(v),
    ),
    rule<string>('INVALID_FORMAT', `Слишком короткое значение: укажите ${label}`, (v) => v === '' || v.length >= min),
  );
}

/** What the shopper fills in at checkout (field names as in the API's OrderDataInput). */
export const checkoutFieldsSchema = z.object({
  fullName: text('фамилию и имя', 2, 150).check(
    rule('INVALID_FORMAT', 'ФИО может содержать только буквы, пробелы, дефис и апостроф', (v: string) => NAME.test(v)),
    rule('INVALID_FORMAT', 'Укажите фамилию и имя полностью', (v: string) => v.split(/\s+/).length >= 2),
  ),
  phone: z.string().check(
    z.trim(),
    rule('REQUIRED', 'Укажите номер телефона', (v: string) => v !== ''),
    rule(
      'INVALID_FORMAT',
      'Укажите мобильный номер в формате +7 (9xx) xxx-xx-xx',
      (v: string) => normalizePhone(v) !== null,
    ),
  ),
  email: text('e-mail', 3, 254).check(
    rule('INVALID_FORMAT', 'Укажите корректный e-mail, например ivan@mail.ru', isEmail),
  ),
  city: text('город', 2, 100),
  address: text('адрес доставки', 5, 300),
  // '' is the form's «nothing chosen yet»; the API's enum never sends it
  deliveryMethod: z
    .enum(['', ...DELIVERY_METHOD_CODES] as ['', ...DeliveryMethod[]])
    .check(rule('REQUIRED', 'Выберите способ доставки', (v: string) => v !== '')),
  // a СДЭК point's code from the list ('' for none); the API checks it is one of the city's
  pickupPointCode: z.optional(
    z
      .string()
      .check(
        z.trim(),
        rule('INVALID_FORMAT', 'Выберите пункт выдачи из списка', (v: string) => v === '' || /^[A-Za-z0-9_-]{1,40}$/.test(v)),
      ),
  ),
  comment: text('комментарий', 0, 1000, true),
  personalDataConsent: z
    .boolean()
    .check(rule('CONSENT_REQUIRED', errorMessage('CONSENT_REQUIRED'), (v: boolean) => v === true)),
});

export type CheckoutFields = z.input<typeof checkoutFieldsSchema>;
