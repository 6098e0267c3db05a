import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  checkoutFieldsSchema,
  DELIVERY_METHOD_CODES,
  deliveryTitle,
  isDeliveryMethod,
  issueCode,
  normalizePhone,
  orderInputSchema,
  parseTrackingNumber,
  trackingUrl,
} from './order.ts';

const orderData = {
  fullName: 'Иванова Анна Сергеевна',
  phone: '+7 (916) 123-45-67',
  email: 'anna@mail.ru',
  city: 'Казань',
  address: 'ул. Баумана, д. 1, кв. 2',
  deliveryMethod: 'CDEK_PICKUP',
  comment: '',
  personalDataConsent: true,
  consentVersion: '2025-10',
} as const;
const input = { orderData, idempotencyKey: 'key-12345678', items: [{ offerId: '104', quantity: 1 }] };
const { consentVersion: _, ...fields } = orderData;

/** What the checkout form shows: each field's first issue, as react-hook-form's zod resolver picks it. */
function formErrors(values: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of z.safeParse(checkoutFieldsSchema, values).error?.issues ?? [])
    errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

/** Each issue as the API reports it: path, code, message. */
function issues(value: unknown) {
  return (z.safeParse(orderInputSchema, value).error?.issues ?? []).map((i) => [
    i.path.join('.'),
    issueCode(i),
    i.message,
  ]);
}

describe('@shop/contracts/order', () => {
  it('accepts a complete order and trims its texts', () => {
    const parsed = z.parse(orderInputSchema, {
      ...input,
      orderData: { ...orderData, city: ' Казань ', comment: ' домофон 12\nпозвонить ' },
    });
    expect(parsed.orderData.city).toBe('Казань');
    expect(parsed.orderData.comment).toBe('домофон 12\nпозвонить');
  });

  it('gives one coded Russian message per field, the first rule that fails', () => {
    expect(
      issues({
        ...input,
        orderData: { ...orderData, fullName: '', email: 'Я'.repeat(300), city: 'Ка\tзань', address: 'ул' },
      }),
    ).toEqual([
      ['orderData.fullName', 'REQUIRED', 'Укажите фамилию и имя'],
      ['orderData.email', 'TOO_LONG', 'Слишком длинное значение: не больше 254 символов'],
      ['orderData.city', 'INVALID_FORMAT', 'Поле содержит недопустимые символы'],
      ['orderData.address', 'INVALID_FORMAT', 'Слишком короткое значение: укажите адрес доставки'],
    ]);
    expect(
      issues({ ...input, orderData: { ...orderData, personalDataConsent: false, consentVersion: 'v1; DROP' } }),
    ).toEqual([
      ['orderData.personalDataConsent', 'CONSENT_REQUIRED', 'Нужно согласие на обработку персональных данных'],
      ['orderData.consentVersion', 'INVALID_FORMAT', 'Неверная версия текста согласия'],
    ]);
  });

  it('refuses invisible formatting and IP literals for a mail domain', () => {
    expect(issues({ ...input, orderData: { ...orderData, fullName: 'Иванов\u200b Иван' } })[0]?.[1]).toBe(
      'INVALID_FORMAT',
    );
    for (const email of ['ivan@127.0.0.1', 'ivan@[::1]', 'ivan@localhost', 'ivan@mail.123', 'ivan@-mail.ru']) {
      expect(issues({ ...input, orderData: { ...orderData, email } }), email).toEqual([
        ['orderData.email', 'INVALID_FORMAT', 'Укажите корректный e-mail, например ivan@mail.ru'],
      ]);
    }
    for (const email of ['иван@почта.рф', 'ivan@xn--80a1acny.xn--p1ai', 'Ivan.Petrov+shop@sub.example.com']) {
      expect(issues({ ...input, orderData: { ...orderData, email } }), email).toEqual([]);
    }
  });

  it('takes a Russian mobile number typed in the usual ways, and nothing else', () => {
    for (const phone of ['89123456789', '9123456789', '+79123456789', '8 (912) 345-67-89', '+7 (912) 345-67-89']) {
      expect(normalizePhone(phone), phone).toBe('+79123456789');
    }
    for (const phone of [
      '+7 (812) 123-45-67',
      '+1 555 123 4567',
      'телефон',
      '+7 (912) 345-67',
      `9123456789${' '.repeat(30)}`,
    ]) {
      expect(normalizePhone(phone), phone).toBeNull();
    }
  });

  it('checks the lines: empty, too many (alone), quantities, duplicates by line', () => {
    expect(issues({ ...input, items: [] })).toEqual([['items', 'EMPTY_CART', 'Корзина пуста']]);
    const many = Array.from({ length: 51 }, () => ({ offerId: '1', quantity: 0 }));
    expect(issues({ ...input, items: many })).toEqual([
      ['items', 'TOO_MANY_LINES', 'В одном заказе не больше 50 позиций'],
    ]);
    expect(
      issues({
        ...input,
        items: [
          { offerId: '1', quantity: 100 },
          { offerId: '1', quantity: 1 },
        ],
      }),
    ).toEqual([
      ['items.0.quantity', 'INVALID_QUANTITY', 'Количество должно быть от 1 до 99'],
      ['items.1.offerId', 'DUPLICATE_OFFER', 'Этот товар уже есть в заказе: измените количество в первой строке'],
    ]);
    expect(issues({ ...input, idempotencyKey: 'short' })[0]?.slice(0, 2)).toEqual(['idempotencyKey', 'INVALID_FORMAT']);
  });

  it('is the checkout form’s schema too: the same fields, «nothing chosen» refused with its own message', () => {
    expect(formErrors(fields)).toEqual({});
    expect(formErrors({ ...fields, deliveryMethod: '' })).toEqual({ deliveryMethod: 'Выберите способ доставки' });
  });

  it('gives every empty field of the form its own Russian message', () => {
    const empty = {
      fullName: '',
      phone: '',
      email: '',
      city: '   ',
      address: '',
      deliveryMethod: '',
      comment: '',
      personalDataConsent: false,
    };
    expect(formErrors(empty)).toEqual({
      fullName: 'Укажите фамилию и имя',
      phone: 'Укажите номер телефона',
      email: 'Укажите e-mail',
      city: 'Укажите город',
      address: 'Укажите адрес доставки',
      deliveryMethod: 'Выберите способ доставки',
      personalDataConsent: 'Нужно согласие на обработку персональных данных',
    });
  });

  it('shows the shopper, beside each field, what the API would refuse', () => {
    expect(
      formErrors({
        ...fields,
        fullName: 'Анна',
        phone: '+7 (495) 123-45-67',
        email: 'anna@mail',
        city: 'К',
        address: 'ул.',
        comment: 'x'.repeat(1001),
      }),
    ).toEqual({
      fullName: 'Укажите фамилию и имя полностью',
      phone: 'Укажите мобильный номер в формате +7 (9xx) xxx-xx-xx',
      email: 'Укажите корректный e-mail, например ivan@mail.ru',
      city: 'Слишком короткое значение: укажите город',
      address: 'Слишком короткое значение: укажите адрес доставки',
      comment: 'Слишком длинное значение: не больше 1000 символов',
    });
    expect(formErrors({ ...fields, fullName: 'Анна 123' }).fullName).toBe(
      'ФИО может содержать только буквы, пробелы, дефис и апостроф',
    );
    // stricter than the form's own copy was: a tab or an invisible character in one line, an IP for a mail domain
    expect(formErrors({ ...fields, city: 'Казань\nМосква' }).city).toBe('Поле содержит недопустимые символы');
    expect(formErrors({ ...fields, city: 'Казань\tМосква' }).city).toBe('Поле содержит недопустимые символы');
    expect(formErrors({ ...fields, address: 'ул. Ленина, д. 1\u202e2 .в' }).address).toBe(
      'Поле содержит недопустимые символы',
    );
    expect(formErrors({ ...fields, email: 'anna@127.0.0.1' }).email).toBe(
      'Укажите корректный e-mail, например ivan@mail.ru',
    );
    expect(formErrors({ ...fields, comment: 'домофон 12\nпозвонить\tзаранее' })).toEqual({});
    // a too long value is reported before its characters
    expect(formErrors({ ...fields, city: `К\n${'а'.repeat(100)}` }).city).toBe(
      'Слишком длинное значение: не больше 100 символов',
    );
  });

  it('names every delivery method in Russian, once', () => {
    expect(DELIVERY_METHOD_CODES).toEqual(['COURIER', 'CDEK_PICKUP', 'RUSSIAN_POST']);
    expect(DELIVERY_METHOD_CODES.map((m) => deliveryTitle(m))).toEqual(['Курьер', 'Пункт выдачи СДЭК', 'Почта России']);
    expect(deliveryTitle('cdek_pickup', 'inSentence')).toBe('пункт выдачи СДЭК');
    expect(deliveryTitle('DRONE')).toBe('DRONE');
    expect(isDeliveryMethod('toString')).toBe(false);
  });
});

describe('tracking numbers', () => {
  it('takes the number as the owner types it, with the carrier’s word, spaces and hyphens', () => {
    expect(parseTrackingNumber('СДЭК 1234567890')).toBe('1234567890');
    expect(parseTrackingNumber('cdek: 1234-5678-90')).toBe('1234567890');
    expect(parseTrackingNumber(' 8012 3456 7890 12 ')).toBe('80123456789012');
    expect(parseTrackingNumber('Почта России № ra123456789ru')).toBe('RA123456789RU');
    expect(parseTrackingNumber('трек-номер 1234567890')).toBe('1234567890');
  });

  it('refuses what no carrier numbers a parcel with', () => {
    for (const bad of ['', '12345', '1'.repeat(21), 'номер 123', '12345<script>', 'https://evil.example/1234567', '１２３４５６７']) {
      expect(parseTrackingNumber(bad), bad).toBeNull();
    }
  });

  it('links each delivery method to its carrier’s tracking page', () => {
    expect(trackingUrl('CDEK_PICKUP', '1234567890')).toBe('https://www.cdek.ru/ru/tracking/?order_id=1234567890');
    expect(trackingUrl('courier', '1234567890')).toBe('https://www.cdek.ru/ru/tracking/?order_id=1234567890');
    expect(trackingUrl('RUSSIAN_POST', 'RA123456789RU')).toBe('https://www.pochta.ru/tracking?barcode=RA123456789RU');
    expect(trackingUrl('PIGEON', '1234567890')).toBeNull();
  });
});
