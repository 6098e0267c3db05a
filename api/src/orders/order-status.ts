/**
 * The order lifecycle, written once: the API's transitions, the orders desk and the CLI all
 * read this table. новый → оплачен → собран → отправлен → (ждёт в пункте выдачи →) доставлен,
 * or отменён (stock returned).
 */
import type { OrderStatus } from '@shop/contracts/desk';

export { ORDER_STATUSES, ORDER_STATUS_TITLES, isOrderStatus, type OrderStatus } from '@shop/contracts/desk';

/**
 * Who may move an order where. `payment`: only a confirmed payment (the provider, asked, or the
 * sandbox) marks an order paid; people move it along the chain or cancel it. A delivered or
 * cancelled order is final.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  new: ['paid', 'cancelled'],
  paid: ['assembled', 'cancelled'],
  assembled: ['shipped', 'cancelled'],
  shipped: ['ready', 'delivered'],
  ready: ['delivered'],
  delivered: [],
  cancelled: [],
};

/** Transitions only a confirmed payment may make (never a person in the desk, never the ops token). */
export const PAYMENT_ONLY: ReadonlySet<string> = new Set(['new→paid']);

/** Statuses whose reservation is released (units back to free stock) when entered. */
export const RELEASES_STOCK: ReadonlySet<OrderStatus> = new Set(['cancelled']);

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/**
 * Who changed an order, as recorded in order_events.actor: the shopper (placing it), the system
 * (reservation expiry), a payment provider, the ops token, or a desk user by id and e-mail.
 */
export type OrderActor = 'shopper' | 'system' | 'sandbox' | 'yookassa' | 'cdek' | 'ops-token' | `user:${number}:${string}`;
