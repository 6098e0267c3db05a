import { formatMoscowDateTime } from '@shop/contracts/format';
import type { OrderQuery } from '../graphql/generated.ts';

type Status = NonNullable<OrderQuery['order']>['status'];

export const ORDER_STATUS: Record<Status, string> = {
  NEW: 'Ожидает оплаты',
  PAID: 'Оплачен',
  ASSEMBLED: 'Собран',
  SHIPPED: 'Отправлен',
  READY: 'Ждёт в пункте выдачи',
  DELIVERED: 'Доставлен',
  CANCELLED: 'Отменён',
};


/** «22 ноября 2026 г. в 21:30» in Moscow time, the shop's time. */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatMoscowDateTime(date);
}
