import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/database.ts';
import { type OrderHookOrder, type OrderHooks, runStatusChanged } from './order-hooks.ts';
import { HOOK_ORDER_COLUMNS } from './order-lifecycle.ts';
import type { OrderActor } from './order-status.ts';
import { isRetryableTransactionError, reserveStock } from './stock.ts';

export type LatePaymentOutcome =
  /** The order was cancelled; its units were free again and are now held: it is paid. */
  | { outcome: 'revived'; order: OrderHookOrder }
  /** The order stays cancelled (units sold meanwhile, or cancelled by a person): the payment must be refunded. */
  | { outcome: 'refund'; order: OrderHookOrder; reason: string }
  /** The order is not cancelled: mark it paid through changeOrderStatus as usual. */
  | { outcome: 'not-cancelled' }
  | { outcome: 'not-found' };

/** Written in the history of an order that a late payment brought back. */
export const REVIVED_NOTE = 'Оплата пришла после снятия резерва: товар снова зарезервирован, заказ оплачен';
/** Written in the history of an order that stays cancelled although it was paid: the owner must refund it. */
export const REFUND_NOTE = 'Оплата пришла после отмены заказа: товара уже нет — нужен возврат платежа';

/**
 * A payment confirmed for an order the sweeper already cancelled (the shopper paid on the
 * provider's page after the reservation expired; changeOrderStatus refuses cancelled → paid).
 *
 * The choice: the money is real, so the order is brought back when it can be. If the order was
 * cancelled by the reservation expiry (actor 'system') and every line's units are free again,
 * they are reserved anew (the same conditional UPDATE as placing an order: never an oversell) and
 * the order becomes 'paid' (event: the payment actor, cancelled → paid, REVIVED_NOTE; the
 * statusChanged hooks run, so the shopper gets the «оплачен» letter). Otherwise (some size sold
 * meanwhile, or a person cancelled the order on purpose) the order stays cancelled and its history
 * gets an event (cancelled → cancelled, REFUND_NOTE) that the desk shows; the caller (the payment
 * service) refunds the payment through its provider, or leaves that to the owner.
 *
 * Idempotent per payment as far as this function goes: a revived order is no longer cancelled
 * (a repeat answers 'not-cancelled'); a refund flag is written again on each call, so the
 * caller should call it once per confirmed payment (it does: it marks a payment succeeded once).
 */
export async function acceptLatePayment(db: Db, hooks: readonly OrderHooks[], orderId: number, actor: OrderActor): Promise<LatePaymentOutcome> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const [order] = await rows<OrderHookOrder>(
          tx,
          sql`SELECT ${HOOK_ORDER_COLUMNS} FROM orders WHERE id = ${orderId} FOR UPDATE`,
        );
        if (!order) return { outcome: 'not-found' as const };
        if (order.status !== 'cancelled') return { outcome: 'not-cancelled' as const };
        const flag = async (reason: string) => {
          await tx.execute(
            sql`INSERT INTO order_events (order_id, actor, from_status, to_status, note) VALUES (${orderId}, ${actor}, 'cancelled', 'cancelled', ${REFUND_NOTE})`,
          );
          return { outcome: 'refund' as const, order, reason };
        };
        const [last] = await rows<{ actor: string }>(
          tx,
          sql`SELECT actor FROM order_events WHERE order_id = ${orderId} AND to_status = 'cancelled' AND from_status <> 'cancelled' ORDER BY id DESC LIMIT 1`,
        );
        if (last?.actor !== 'system') return flag('cancelled-by-person');
        // the order's lines as sold, matched to today's offers by sku (an import renumbers offers)
        const lines = await rows<{ offerId: number | null; sku: string; size: string; quantity: number }>(
          tx,
          sql`SELECT o.id AS "offerId", l.sku, l.size, l.quantity FROM order_lines l LEFT JOIN offers o ON lower(o.sku) = lower(l.sku)
              WHERE l.order_id = ${orderId}`,
        );
        if (lines.some((l) => l.offerId === null)) return flag('offer-gone');
        const reserved = await reserveStock(
          tx,
          orderId,
          lines.map((l) => ({ offerId: l.offerId as number, sku: l.sku, size: l.size, quantity: l.quantity })),
        );
        if (!reserved.ok) {
          // nothing of the partial take may stay: undo it by rolling back to here
          throw new NotEnough(order);
        }
        await tx.execute(
          sql`UPDATE orders SET status = 'paid', paid_at = now(), status_changed_at = now(), reserved_until = NULL WHERE id = ${orderId}`,
        );
        await tx.execute(
          sql`INSERT INTO order_events (order_id, actor, from_status, to_status, note) VALUES (${orderId}, ${actor}, 'cancelled', 'paid', ${REVIVED_NOTE})`,
        );
        const paid = { ...order, status: 'paid' as const };
        await runStatusChanged(hooks, tx, paid, 'cancelled', 'paid');
        return { outcome: 'revived' as const, order: paid };
      });
    } catch (e) {
      if (e instanceof NotEnough) {
        // the units taken by the earlier lines were rolled back; the flag goes in its own transaction
        await db.execute(
          sql`INSERT INTO order_events (order_id, actor, from_status, to_status, note) VALUES (${orderId}, ${actor}, 'cancelled', 'cancelled', ${REFUND_NOTE})`,
        );
        return { outcome: 'refund', order: e.order, reason: 'sold-out' };
      }
      if (attempt < 4 && isRetryableTransactionError(e)) continue;
      throw e;
    }
  }
}

class NotEnough extends Error {
  constructor(readonly order: OrderHookOrder) {
    super('not enough stock to revive the order');
  }
}
