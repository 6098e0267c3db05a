import { isIP } from 'node:net';
import { hasControlChars } from '../util/control-chars.ts';

export type DeliveryMethod = 'COURIER' | 'CDEK_PICKUP' | 'RUSSIAN_POST';

export interface OrderInput {
  idempotencyKey: string;
  orderData: {
    fullName: string;
    phone: string;
    email: string;
    city: string;
    address: string;
    deliveryMethod: DeliveryMethod;
    comment?: string | null;
    personalDataConsent: boolean;
    consentVersion: string;
  };
  items: { offerId: string; quantity: number; price?: number | null }[];
}

export type OrderErrorCode =
  | 'REQUIRED'
  | 'INVALID_FORMAT'
  | 'TOO_LONG'
  | 'CONSENT_REQUIRED'
  | 'EMPTY_CART'
  | 'TOO_MANY_LINES'
  | 'INVALID_QUANTITY'
  | 'DUPLICATE_OFFER'
  | 'UNKNOWN_OFFER'
  | 'SOLD_OUT'
  | 'INSUFFICIENT_STOCK'
  | 'PRICE_CHANGED'
  | 'IDEMPOTENCY_KEY_REUSED';

export interface OrderError {
  field: string | null;
  line: number | null;
  code: OrderErrorCode;
  message: string;
  /** For PRICE_CHANGED and INSUFFICIENT_STOCK: the current price or the quantity available. */
  price?: number | null;
  available?: number | null;
}

export interface CleanOrder {
  fullName: string;
  phone: string;
  email: string;
  city: string;
  address: string;
  deliveryMethod: DeliveryMethod;
  comment: string;
  consentVersion: string;
}

export const MAX_LINES = 50;
export const MAX_QUANTITY = 99;


/**
 * Invisible formatting: bidi overrides and isolates (U+202A–U+202E, U+2066–U+2069, U+200E/F,
 * U+061C), zero-width characters, soft hyphen, BOM (all of Unicode's Cf), C1 controls and the
 * line/paragraph separators. In a name, e-mail or address they only serve to make the stored
 * text read differently from what it is (U+202E shows «ул. Ленина» backwards).
 */
const INVISIBLE = /[\p{Cf}\u0080-\u009f\u2028\u2029]/u;

/**
 * The part after «@» must be a domain name: dot-separated labels of letters, digits and inner
 * hyphens, ending in an alphabetic top-level domain (or its punycode form). That refuses IP
 * literals (`ivan@127.0.0.1`, `ivan@[::1]`) and single-label hosts (`ivan@localhost`).
 */
export function isMailDomain(domain: string): boolean {
  if (domain.length > 253 || isIP(domain.replace(/^\[|\]$/g, '')) !== 0) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  const tld = labels.at(-1) as string;
  if (!/^(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})$/iu.test(tld)) return false;
  return labels.every((l) => l.length <= 63 && /^[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?$/u.test(l));
}

/** Russian mobile numbers only: +7 9xx xxx-xx-xx, also typed as 8 9xx… or 9xx… */
export function normalizePhone(raw: string): string | null {
  const digits = raw.replace(/[\s()+\-.]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  const national = digits.length === 11 && (digits[0] === '7' || digits[0] === '8') ? digits.slice(1) : digits;
  return /^9\d{9}$/.test(national) ? `+7${national}` : null;
}

export interface ValidateOptions {
  /** Consent versions an order may cite (config CONSENT_VERSIONS); unset: any well-formed one. */
  consentVersions?: readonly string[];
}

export function validateOrderData(input: OrderInput, options: ValidateOptions = {}): { clean: CleanOrder | null; errors: OrderError[] } {
  const errors: OrderError[] = [];
  const d = input.orderData;
  const err = (field: string, code: OrderErrorCode, message: string) => errors.push({ field: `orderData.${field}`, line: null, code, message });

  const text = (field: keyof OrderInput['orderData'], value: string | null | undefined, opts: { label: string; min: number; max: number; multiline?: boolean }) => {
    const v = (value ?? '').trim();
    if (!v) {
      if (opts.min > 0) err(field, 'REQUIRED', `Укажите ${opts.label}`);
      return v;
    }
    if (v.length > opts.max) err(field, 'TOO_LONG', `Слишком длинное значение: не больше ${opts.max} символов`);
    // control characters (other than line breaks in the comment) have no business in an address
    else if (hasControlChars(v, opts.multiline) || INVISIBLE.test(v)) err(field, 'INVALID_FORMAT', 'Поле содержит недопустимые символы');
    else if (v.length < opts.min) err(field, 'INVALID_FORMAT', `Слишком короткое значение: укажите ${opts.label}`);
    return v;
  };

  const fullName = text('fullName', d.fullName, { label: 'фамилию и имя', min: 2, max: 150 });
  if (fullName && !errors.some((e) => e.field === 'orderData.fullName')) {
    if (!/^[\p{L}][\p{L}'’.\- ]*$/u.test(fullName)) err('fullName', 'INVALID_FORMAT', 'ФИО может содержать только буквы, пробелы, дефис и апостроф');
    else if (fullName.split(/\s+/).length < 2) err('fullName', 'INVALID_FORMAT', 'Укажите фамилию и имя полностью');
  }

  let phone = '';
  const rawPhone = (d.phone ?? '').trim();
  if (!rawPhone) err('phone', 'REQUIRED', 'Укажите номер телефона');
  else {
    const normalized = rawPhone.length <= 30 ? normalizePhone(rawPhone) : null;
    if (!normalized) err('phone', 'INVALID_FORMAT', 'Укажите мобильный номер в формате +7 (9xx) xxx-xx-xx');
    else phone = normalized;
  }

  const email = text('email', d.email, { label: 'e-mail', min: 3, max: 254 });
  if (
    email &&
    !errors.some((e) => e.field === 'orderData.email') &&
    (!/^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]{2,}$/.test(email) || !isMailDomain(email.slice(email.lastIndexOf('@') + 1)))
  ) {
    err('email', 'INVALID_FORMAT', 'Укажите корректный e-mail, например ivan@mail.ru');
  }
  const city = text('city', d.city, { label: 'город', min: 2, max: 100 });
  const address = text('address', d.address, { label: 'адрес доставки', min: 5, max: 300 });
  const comment = text('comment', d.comment, { label: 'комментарий', min: 0, max: 1000, multiline: true });

  if (d.personalDataConsent !== true) {
    err('personalDataConsent', 'CONSENT_REQUIRED', 'Нужно согласие на обработку персональных данных');
  }
  const consentVersion = (d.consentVersion ?? '').trim();
  if (!consentVersion) err('consentVersion', 'REQUIRED', 'Не указана версия текста согласия');
  else if (!/^[A-Za-z0-9._-]{1,50}$/.test(consentVersion)) err('consentVersion', 'INVALID_FORMAT', 'Неверная версия текста согласия');
  else if (options.consentVersions && !options.consentVersions.includes(consentVersion)) {
    // consent is to a published text: a version nobody was shown is no consent
    err('consentVersion', 'CONSENT_REQUIRED', 'Текст согласия обновился: обновите страницу и подтвердите согласие ещё раз');
  }

  if (!/^[A-Za-z0-9_-]{8,100}$/.test(input.idempotencyKey ?? '')) {
    errors.push({ field: 'idempotencyKey', line: null, code: 'INVALID_FORMAT', message: 'Ключ идемпотентности: 8–100 символов (латиница, цифры, «-», «_»)' });
  }

  if (!input.items.length) errors.push({ field: 'items', line: null, code: 'EMPTY_CART', message: 'Корзина пуста' });
  if (input.items.length > MAX_LINES) {
    // stop here: checking (and later pricing) every line of a 2,500-line request is work for nothing
    errors.push({ field: 'items', line: null, code: 'TOO_MANY_LINES', message: `В одном заказе не больше ${MAX_LINES} позиций` });
    return { clean: null, errors };
  }
  const seen = new Set<string>();
  input.items.forEach((item, line) => {
    if (!Number.isInteger(item.quantity) || item.quantity < 1 || item.quantity > MAX_QUANTITY) {
      errors.push({ field: `items[${line}].quantity`, line, code: 'INVALID_QUANTITY', message: `Количество должно быть от 1 до ${MAX_QUANTITY}` });
    }
    if (seen.has(item.offerId)) {
      errors.push({ field: `items[${line}].offerId`, line, code: 'DUPLICATE_OFFER', message: 'Этот товар уже есть в заказе: измените количество в первой строке' });
    }
    seen.add(item.offerId);
  });

  const clean = errors.length
    ? null
    : { fullName, phone, email, city, address, deliveryMethod: d.deliveryMethod, comment, consentVersion };
  return { clean, errors };
}
