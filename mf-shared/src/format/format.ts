const rub = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 0 });

/** «12 990 ₽» (the gaps are no-break spaces, as Intl writes them). */
export function formatPrice(roubles: number): string {
  return rub.format(roubles);
}

const pluralRules = new Intl.PluralRules('ru-RU');

/** Russian plural: `plural(2, { one: 'товар', few: 'товара', many: 'товаров' })` → «товара». */
export function plural(count: number, forms: { one: string; few: string; many: string; other?: string }): string {
  const form = pluralRules.select(count);
  if (form === 'one') return forms.one;
  if (form === 'few') return forms.few;
  if (form === 'many') return forms.many;
  return forms.other ?? forms.few;
}

export function formatCount(count: number, forms: { one: string; few: string; many: string; other?: string }): string {
  return `${count} ${plural(count, forms)}`;
}

export const GOODS = { one: 'товар', few: 'товара', many: 'товаров' } as const;
