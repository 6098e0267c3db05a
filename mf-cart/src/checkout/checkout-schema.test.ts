import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { checkoutSchema } from './checkout-schema.ts';
import { type CheckoutValues, EMPTY_CHECKOUT, type FieldErrors } from './checkout-values.ts';

/** What the form shows: each field's first issue, as react-hook-form's zod resolver picks it. */
function validateCheckout(values: CheckoutValues): FieldErrors {
  const result = z.safeParse(checkoutSchema, values);
  const errors: FieldErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as keyof FieldErrors;
    errors[field] ??= issue.message;
  }
  return errors;
}

const valid: CheckoutValues = {
  fullName: 'Иванова Анна Сергеевна',
  phone: '+7 (916) 123-45-67',
  email: 'anna@mail.ru',
  city: 'Казань',
  address: 'ул. Баумана, д. 1, кв. 2',
  deliveryMethod: 'CDEK_PICKUP',
  comment: '',
  personalDataConsent: true,
};

describe('checkout schema', () => {
  it('accepts a complete form with an empty comment', () => {
    expect(validateCheckout(valid)).toEqual({});
  });

  it('trims what is sent', () => {
    const parsed = z.parse(checkoutSchema, { ...valid, fullName: '  Иванова Анна ', city: ' Казань ' });
    expect(parsed.fullName).toBe('Иванова Анна');
    expect(parsed.city).toBe('Казань');
  });

  it('gives every empty required field its own Russian message', () => {
    expect(validateCheckout(EMPTY_CHECKOUT)).toEqual({
      fullName: 'Укажите фамилию и имя',
      phone: 'Укажите номер телефона',
      email: 'Укажите e-mail',
      city: 'Укажите город',
      address: 'Укажите адрес доставки',
      deliveryMethod: 'Выберите способ доставки',
      personalDataConsent: 'Нужно согласие на обработку персональных данных',
    });
    expect(validateCheckout({ ...valid, city: '   ' }).city).toBe('Укажите город');
  });

  it('refuses malformed values as the API would', () => {
    const errors = validateCheckout({
      ...valid,
      fullName: 'Анна',
      phone: '+7 (495) 123-45-67',
      email: 'anna@mail',
      city: 'К',
      address: 'ул.',
      comment: 'x'.repeat(1001),
    });
    expect(errors).toEqual({
      fullName: 'Укажите фамилию и имя полностью',
      phone: 'Укажите мобильный номер в формате +7 (9xx) xxx-xx-xx',
      email: 'Укажите корректный e-mail, например ivan@mail.ru',
      city: 'Слишком короткое значение: укажите город',
      address: 'Слишком короткое значение: укажите адрес доставки',
      comment: 'Слишком длинное значение: не больше 1000 символов',
    });
    expect(validateCheckout({ ...valid, fullName: 'Анна 123' }).fullName).toBe(
      'ФИО может содержать только буквы, пробелы, дефис и апостроф',
    );
    expect(validateCheckout({ ...valid, city: 'Казань\nМосква' }).city).toBe('Поле содержит недопустимые символы');
    expect(validateCheckout({ ...valid, comment: 'домофон 12\nпозвонить заранее' })).toEqual({});
  });

  it('refuses before sending what the API refuses: a tab, invisible characters, an IP for a mail domain', () => {
    expect(validateCheckout({ ...valid, city: 'Казань\tМосква' }).city).toBe('Поле содержит недопустимые символы');
    expect(validateCheckout({ ...valid, address: 'ул. Ленина, д. 1\u202e2 .в' }).address).toBe('Поле содержит недопустимые символы');
    expect(validateCheckout({ ...valid, email: 'anna@127.0.0.1' }).email).toBe('Укажите корректный e-mail, например ivan@mail.ru');
    expect(validateCheckout({ ...valid, comment: 'домофон\t12' })).toEqual({});
  });

  it('puts a too long value before its characters', () => {
    expect(validateCheckout({ ...valid, city: `К\n${'а'.repeat(100)}` }).city).toBe(
      'Слишком длинное значение: не больше 100 символов',
    );
  });
});
