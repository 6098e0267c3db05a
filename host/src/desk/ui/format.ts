/*
 * Formatting for the desk. Not mf-shared's formatPrice: importing mf-shared would load the
 * storefront's singleton (cart store, Apollo factory, analytics) into a page that needs none of it.
 */
const rub = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', minimumFractionDigits: 0, maximumFractionDigits: 2 });
const moscow = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'Europe/Moscow',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export function formatPrice(roubles: number): string {
  return rub.format(roubles);
}

/** «23.11.2026, 21:05 МСК»: the shop works on Moscow time whatever the browser's zone. */
export function formatMoscow(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${moscow.format(date)} МСК`;
}

const pluralRules = new Intl.PluralRules('ru-RU');

export function plural(count: number, one: string, few: string, many: string): string {
  const form = pluralRules.select(count);
  return `${count.toLocaleString('ru-RU')} ${form === 'one' ? one : form === 'few' ? few : many}`;
}

/** The checkout's delivery methods (api DeliveryMethod), as the shopper chose them. */
const DELIVERY_TITLES: Record<string, string> = {
  COURIER: 'курьер',
  CDEK_PICKUP: 'пункт выдачи СДЭК',
  RUSSIAN_POST: 'Почта России',
};

export function deliveryTitle(method: string): string {
  return DELIVERY_TITLES[method] ?? DELIVERY_TITLES[method.toUpperCase()] ?? method;
}

const PAYMENT_TITLES: Record<string, string> = {
  pending: 'ожидает оплаты',
  waiting_for_capture: 'ожидает подтверждения',
  succeeded: 'оплачен',
  canceled: 'отменён',
  cancelled: 'отменён',
};

export function paymentTitle(status: string | null | undefined): string {
  if (!status) return 'нет';
  return PAYMENT_TITLES[status] ?? PAYMENT_TITLES[status.toLowerCase()] ?? status;
}
