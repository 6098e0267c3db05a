import { describe, expect, it } from 'vitest';
import { formatCount, formatPrice, GOODS, plural } from './format.ts';

describe('formatting', () => {
  it('writes roubles with no-break spaces and no decimals', () => {
    expect(formatPrice(12990)).toBe('12\u00a0990\u00a0₽');
    expect(formatPrice(990.4)).toBe('990\u00a0₽');
  });

  it('keeps kopecks only when asked', () => {
    expect(formatPrice(12990.5, { kopecks: true })).toBe('12\u00a0990,5\u00a0₽');
    expect(formatPrice(12990, { kopecks: true })).toBe('12\u00a0990\u00a0₽');
  });

  it('uses Russian plurals for goods', () => {
    expect([1, 2, 5, 11, 21, 22, 25].map((n) => formatCount(n, GOODS))).toEqual([
      '1 товар',
      '2 товара',
      '5 товаров',
      '11 товаров',
      '21 товар',
      '22 товара',
      '25 товаров',
    ]);
    expect(plural(1.5, { one: 'заказ', few: 'заказа', many: 'заказов' })).toBe('заказа');
  });

  it('groups a large count only when asked', () => {
    expect(formatCount(1234, GOODS)).toBe('1234 товара');
    expect(formatCount(1234, { one: 'заказ', few: 'заказа', many: 'заказов' }, { grouped: true })).toBe(
      '1\u00a0234 заказа',
    );
  });
});
