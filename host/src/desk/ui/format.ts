/*
 * Formatting for the desk: roubles and plurals from @shop/contracts/format (plain functions, not
 * the storefront's mf-shared singleton, which would load the cart store, Apollo factory and
 * analytics into a page that needs none of them).
 */
import { formatCount, formatPrice as formatRoubles } from '@shop/contracts/format';
import { deliveryTitle as titleOf } from '@shop/contracts/order';

const moscow = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'Europe/Moscow',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** «12 990 ₽»; a payment's kopecks are kept: «12 990,5 ₽». */
export function formatPrice(roubles: number): string {
  return formatRoubles(roubles, { kopecks: true });
}

/** «23.11.2026, 21:05 МСК»: the shop works on Moscow time whatever the browser's zone. */
export function formatMoscow(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${moscow.format(date)} МСК`;
}

/** «1 234 заказа». */
export function plural(count: number, one: string, few: string, many: string): string {
  return formatCount(count, { one, few, many }, { grouped: true });
}

/** The delivery method the shopper chose, mid-line («Казань, пункт выдачи СДЭК»): @shop/contracts/order's table. */
export function deliveryTitle(method: string): string {
  return titleOf(method, 'inSentence');
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
