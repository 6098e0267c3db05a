import { formatMoscowDay, formatMoscowTime, moscowDateKey } from '@shop/contracts/format';
import { deliveryTitle as titleOf, isDeliveryMethod } from '@shop/contracts/order';
import type { OrderQuery } from '../graphql/generated.ts';

type Order = NonNullable<OrderQuery['order']>;
export type OrderStatus = Order['status'];


/**
 * «до 22:30» when the moment is today in Moscow (the shop's time), else «до 22:30 24 ноября»; null
 * for a value that is not a date.
 */
export function formatHoldUntil(iso: string | null | undefined, now = new Date()): string | null {
  if (!iso) return null;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  const time = formatMoscowTime(at);
  return moscowDateKey(at) === moscowDateKey(now) ? `до ${time}` : `до ${time} ${formatMoscowDay(at)}`;
}

/** The delivery method's title (@shop/contracts/order); «Доставка» for a method this release does not know. */
export function deliveryTitle(method: string): string {
  return isDeliveryMethod(method) ? titleOf(method) : 'Доставка';
}

/** What the order page's heading and first line say about an order in its current status. */
export function orderSummary(order: Pick<Order, 'ordernumber' | 'status' | 'reservedUntil' | 'deliveryMethod'>, now = new Date()): { heading: string; lead: string } {
  const number = `Заказ №${order.ordernumber}`;
  const delivery = deliveryTitle(order.deliveryMethod);
  switch (order.status) {
    case 'NEW': {
      const until = formatHoldUntil(order.reservedUntil, now);
      return {
        heading: `${number} оформлен`,
        lead: until
          ? `Заказ ждёт оплаты. Товары закреплены за вами ${until} (по Москве): если заказ не оплатить к этому времени, он отменится, а товары вернутся в продажу.`
          : 'Заказ ждёт оплаты: как только он будет оплачен, мы начнём собирать посылку.',
      };
    }
    case 'PAID':
      return { heading: `${number} оформлен`, lead: 'Спасибо за покупку! Заказ оплачен, мы собираем посылку и напишем, когда отправим её.' };
    case 'ASSEMBLED':
      return { heading: `${number} оформлен`, lead: `Заказ собран и скоро будет передан в доставку. Способ доставки: ${delivery}.` };
    case 'SHIPPED':
      return { heading: `${number} отправлен`, lead: `Посылка в пути. Способ доставки: ${delivery}.` };
    case 'READY':
      return {
        heading: `${number} ждёт в пункте выдачи`,
        lead: 'Посылка в пункте выдачи. Возьмите паспорт и назовите номер заказа или трек-номер; там же можно примерить и сразу вернуть то, что не подошло.',
      };
    case 'DELIVERED':
      return { heading: `${number} доставлен`, lead: 'Заказ доставлен. Спасибо за покупку!' };
    case 'CANCELLED':
      return {
        heading: `${number} отменён`,
        lead: 'Заказ отменён, платить за него не нужно. Товары из него вернулись в продажу: если они ещё нужны, оформите новый заказ.',
      };
    default:
      return { heading: `${number} оформлен`, lead: '' };
  }
}

/** The status's colour on the page: waiting (not paid yet), done (paid and on), or cancelled. */
export function statusTone(status: OrderStatus): 'waiting' | 'done' | 'cancelled' {
  if (status === 'NEW') return 'waiting';
  if (status === 'CANCELLED') return 'cancelled';
  return 'done';
}
