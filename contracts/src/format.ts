/**
 * How the shop writes roubles and counts in Russian, once for every place that writes them:
 * the storefront, the orders desk, the letters, the payment page, page titles, the CLIs.
 * The gaps in «12 990 ₽» are no-break spaces, so a sum never wraps in the middle.
 */

const NBSP = '\u00a0';

/**
 * A number as Intl.NumberFormat('ru-RU', { maximumFractionDigits }) writes it: «12 990»,
 * «0,35», rounded half away from zero on its shortest decimal form.
 *
 * Written out rather than asked of Intl because a browser builds its number-formatting locale
 * data on the first NumberFormat (or toLocaleString) a page makes: 30–80 ms of one task on this
 * project's 2-core machine, four times that on a slowed phone, in the middle of the page's start.
 * Plural rules cost no such start. What the short path does not cover (negative, non-finite,
 * 15 digits and more) goes to Intl; the tests compare both on the shop's numbers.
 */
export function formatNumber(value: number, maximumFractionDigits = 0): string {
  if (!(value >= 0) || value >= 1e15 || Object.is(value, -0) || maximumFractionDigits > 6) {
    return intlFormat(maximumFractionDigits).format(value);
  }
  const [whole, fraction] = roundDecimal(value, maximumFractionDigits);
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, NBSP);
  return fraction ? `${grouped},${fraction}` : grouped;
}

/** Whole and fraction digits of a non-negative number rounded to `digits` places, fraction without trailing zeros. */
function roundDecimal(value: number, digits: number): [string, string] {
  const text = String(value);
  // below 1e-6 String() writes an exponent; a price, count or size that small rounds to 0
  if (text.includes('e')) return ['0', ''];
  const [whole = '0', fraction = ''] = text.split('.');
  if (fraction.length <= digits) return [whole, fraction];
  let kept = BigInt(whole + fraction.slice(0, digits));
  if (fraction.charCodeAt(digits) >= 53 /* '5' */) kept += 1n;
  const all = kept.toString().padStart(digits + 1, '0');
  return [all.slice(0, all.length - digits), all.slice(all.length - digits).replace(/0+$/, '')];
}

const intlFormats = new Map<number, Intl.NumberFormat>();
function intlFormat(maximumFractionDigits: number): Intl.NumberFormat {
  let format = intlFormats.get(maximumFractionDigits);
  if (!format) {
    format = new Intl.NumberFormat('ru-RU', { maximumFractionDigits });
    intlFormats.set(maximumFractionDigits, format);
  }
  return format;
}

/**
 * «12 990 ₽». Prices are whole roubles; `kopecks: true` keeps them where an amount may have
 * them (a payment on the desk: «12 990,5 ₽»).
 */
export function formatPrice(roubles: number, options: { kopecks?: boolean } = {}): string {
  return `${formatNumber(roubles, options.kopecks ? 2 : 0)}${NBSP}₽`;
}

/** A word's three Russian forms: 1 товар, 2 товара, 5 товаров (`other` for fractions). */
export interface PluralForms {
  one: string;
  few: string;
  many: string;
  other?: string;
}

const pluralRules = new Intl.PluralRules('ru-RU');

/** Russian plural: `plural(2, GOODS)` → «товара». */
export function plural(count: number, forms: PluralForms): string {
  const form = pluralRules.select(count);
  if (form === 'one') return forms.one;
  if (form === 'few') return forms.few;
  if (form === 'many') return forms.many;
  return forms.other ?? forms.few;
}

/** «3 товара». `grouped: true` writes large counts with a gap: «1 234 заказа». */
export function formatCount(count: number, forms: PluralForms, options: { grouped?: boolean } = {}): string {
  return `${options.grouped ? formatNumber(count) : count} ${plural(count, forms)}`;
}

export const GOODS = { one: 'товар', few: 'товара', many: 'товаров' } as const satisfies PluralForms;

export const DAYS = { one: 'день', few: 'дня', many: 'дней' } as const satisfies PluralForms;

/**
 * The months as Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long' }) writes them after
 * a day. Written out for the reason formatNumber is: a browser builds its date locale data on the
 * first DateTimeFormat a page makes (30–90 ms of one task here), and this module is loaded by
 * every page, most of which never show a date. The tests compare both.
 */
const MONTHS_AFTER_DAY = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'];

/** «24 ноября» from a day of the month and a month index (0: January). */
const dayAndMonth = (day: number, month: number) => `${day} ${MONTHS_AFTER_DAY[month]}`;

/** «2026-12-11» → «11 декабря» (a calendar date: no time zone shifts it). */
export function formatDeliveryDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  // through Date, so that an out-of-range day («2026-02-30») rolls over as Intl would show it
  const date = new Date(Date.UTC(y, m - 1, d));
  // not a date at all: shown as it came, never «NaN undefined»
  if (Number.isNaN(date.getTime())) return isoDate;
  return dayAndMonth(date.getUTCDate(), date.getUTCMonth());
}

/**
 * Moscow keeps UTC+3 all year (since 26 October 2014), and the shop works on Moscow time whatever the browser's zone.
 * Its dates and times are written out from that offset, not by Intl.DateTimeFormat with a time
 * zone, for formatDeliveryDate's reason (the order page made four such formatters as it loaded).
 */
const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;

function moscowParts(date: Date) {
  const m = new Date(date.getTime() + MOSCOW_OFFSET_MS);
  return { year: m.getUTCFullYear(), month: m.getUTCMonth(), day: m.getUTCDate(), hour: m.getUTCHours(), minute: m.getUTCMinutes() };
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** «21:05» on Moscow's clock. */
export function formatMoscowTime(date: Date): string {
  const { hour, minute } = moscowParts(date);
  return `${twoDigits(hour)}:${twoDigits(minute)}`;
}

/** «24 ноября»: the day in Moscow. */
export function formatMoscowDay(date: Date): string {
  const { month, day } = moscowParts(date);
  return dayAndMonth(day, month);
}

/** «2026-11-24»: the calendar day in Moscow, to compare two moments by their day. */
export function moscowDateKey(date: Date): string {
  const { year, month, day } = moscowParts(date);
  return `${year}-${twoDigits(month + 1)}-${twoDigits(day)}`;
}

/** «22 ноября 2026 г. в 21:30» in Moscow. */
export function formatMoscowDateTime(date: Date): string {
  return `${formatMoscowDay(date)} ${moscowParts(date).year} г. в ${formatMoscowTime(date)}`;
}

/** A delivery term as the checkout, the order page and the letters say it: «3–5 дней, к 11 декабря», «2 дня, к 8 декабря». */
export function formatDeliveryTerm(term: { minDays: number; maxDays: number; latest: string }): string {
  const days = term.minDays === term.maxDays ? `${term.maxDays}` : `${term.minDays}–${term.maxDays}`;
  return `${days} ${plural(term.maxDays, DAYS)}, к ${formatDeliveryDate(term.latest)}`;
}
