/**
 * How the shop writes roubles and counts in Russian, once for every place that writes them:
 * the storefront, the orders desk, the letters, the payment page, page titles, the CLIs.
 * The gaps Intl writes in «12 990 ₽» are no-break spaces, so a sum never wraps in the middle.
 */

const rub = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 0 });
const rubKopecks = new Intl.NumberFormat('ru-RU', {
  style: 'currency',
  currency: 'RUB',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/**
 * «12 990 ₽». Prices are whole roubles; `kopecks: true` keeps them where an amount may have
 * them (a payment on the desk: «12 990,5 ₽»).
 */
export function formatPrice(roubles: number, options: { kopecks?: boolean } = {}): string {
  return (options.kopecks ? rubKopecks : rub).format(roubles);
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
  return `${options.grouped ? count.toLocaleString('ru-RU') : count} ${plural(count, forms)}`;
}

export const GOODS = { one: 'товар', few: 'товара', many: 'товаров' } as const satisfies PluralForms;
