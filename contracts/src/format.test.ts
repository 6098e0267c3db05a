import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDeliveryDate,
  formatDeliveryTerm,
  formatMoscowDateTime,
  formatMoscowDay,
  formatMoscowTime,
  formatNumber,
  formatPrice,
  GOODS,
  moscowDateKey,
  plural,
} from './format.ts';

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

describe('formatNumber', () => {
  const intl = (digits: number) => new Intl.NumberFormat('ru-RU', { maximumFractionDigits: digits });
  // the shop's own numbers and the edges of rounding: halves, carries, float noise, tiny and huge
  const values = [
    0, 1, 5, 9, 10, 999, 1000, 9999, 10000, 12990, 99999, 100000, 999999, 1000000, 1234567, 999999999, 123456789012,
    0.5, 1.5, 2.5, 0.005, 1.005, 0.015, 0.045, 1.255, 9.995, 99.995, 999.995, 999999.995, 12990.5, 12990.555, 0.1 + 0.2,
    0.35, 0.3499999, 4.4999, 1e-7, 1.23e-5, 0.000001, 9.9999999e14, 2 ** 49 + 0.5, 1e15, 1.5e20, -1, -1500, -0.4, -0,
    Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY,
  ];

  it('writes what Intl writes for ru-RU, at 0, 1 and 2 fraction digits', () => {
    for (const digits of [0, 1, 2]) {
      for (const value of values) expect(formatNumber(value, digits), `${value} at ${digits}`).toBe(intl(digits).format(value));
    }
  });

  it('agrees with Intl on many random prices, sizes and weights', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    for (let i = 0; i < 5000; i++) {
      const scale = 10 ** Math.floor(random() * 10);
      const value = i % 2 ? Math.round(random() * scale) : Math.round(random() * scale * 1000) / 1000;
      for (const digits of [0, 2]) expect(formatNumber(value, digits)).toBe(intl(digits).format(value));
    }
  });

  it('groups with no-break spaces and writes the decimal comma', () => {
    expect(formatNumber(1234567.891, 2)).toBe('1\u00a0234\u00a0567,89');
    expect(formatNumber(0.35, 2)).toBe('0,35');
  });
});

describe('formatDeliveryTerm', () => {
  it('says the days with their plural and the last date in the genitive', () => {
    expect(formatDeliveryTerm({ minDays: 3, maxDays: 5, latest: '2026-12-11' })).toBe('3–5 дней, к 11 декабря');
    expect(formatDeliveryTerm({ minDays: 2, maxDays: 2, latest: '2026-12-08' })).toBe('2 дня, к 8 декабря');
    expect(formatDeliveryTerm({ minDays: 1, maxDays: 21, latest: '2027-01-01' })).toBe('1–21 день, к 1 января');
  });

  it('keeps the calendar date whatever the time zone', () => {
    expect(formatDeliveryDate('2026-03-01')).toBe('1 марта');
  });

  it('writes every day of two years as Intl writes it for ru-RU, a leap day and a rolled-over day included', () => {
    const intl = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', timeZone: 'UTC' });
    const start = Date.UTC(2027, 0, 1);
    for (let day = 0; day < 731; day++) {
      const date = new Date(start + day * 86_400_000);
      expect(formatDeliveryDate(date.toISOString().slice(0, 10))).toBe(intl.format(date));
    }
    expect(formatDeliveryDate('2028-02-29')).toBe('29 февраля');
    expect(formatDeliveryDate('2026-02-30')).toBe(intl.format(new Date(Date.UTC(2026, 1, 30))));
    expect(formatDeliveryDate('скоро')).toBe('скоро');
    expect(formatDeliveryDate('')).toBe('');
  });
});

describe('Moscow time', () => {
  const moscow = (options: Intl.DateTimeFormatOptions, locale = 'ru-RU') => new Intl.DateTimeFormat(locale, { ...options, timeZone: 'Europe/Moscow' });
  const time = moscow({ hour: '2-digit', minute: '2-digit' });
  const day = moscow({ day: 'numeric', month: 'long' });
  const key = moscow({ year: 'numeric', month: '2-digit', day: '2-digit' }, 'en-CA');
  const dateTime = moscow({ day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });

  it('writes what Intl writes with the Europe/Moscow zone, over many moments of ten years and around midnight', () => {
    const moments = [Date.UTC(2026, 10, 23, 20, 59), Date.UTC(2026, 10, 23, 21, 0), Date.UTC(2026, 11, 31, 21, 0), Date.UTC(2028, 1, 28, 21, 30)];
    let seed = 7;
    for (let i = 0; i < 3000; i++) {
      seed = (seed * 48271) % 2147483647;
      moments.push(Date.UTC(2020, 0, 1) + (seed % (10 * 366 * 24 * 60)) * 60_000);
    }
    for (const ms of moments) {
      const at = new Date(ms);
      expect(formatMoscowTime(at)).toBe(time.format(at));
      expect(formatMoscowDay(at)).toBe(day.format(at));
      expect(moscowDateKey(at)).toBe(key.format(at));
      expect(formatMoscowDateTime(at)).toBe(dateTime.format(at));
    }
  });

  it('puts 21:00 UTC on the next Moscow day', () => {
    expect(moscowDateKey(new Date('2026-11-23T20:59:00Z'))).toBe('2026-11-23');
    expect(moscowDateKey(new Date('2026-11-23T21:00:00Z'))).toBe('2026-11-24');
    expect(formatMoscowDateTime(new Date('2026-11-22T18:30:00Z'))).toBe('22 ноября 2026 г. в 21:30');
  });
});
