import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/database.ts';
import { type OrderHookOrder, type OrderHooks, runStatusChanged } from './order-hooks.ts';
import {
  type OrderActor,
  type OrderStatus,
  ORDER_STATUS_TITLES,
  PAYMENT_ONLY,
  RELEASES_STOCK,
  canMove,
  isOrderStatus,
} from './order-status.ts';
import { releaseStock } from './stock.ts';

/** The columns of an order its hooks are told about (OrderHookOrder). */
export const HOOK_ORDER_COLUMNS = sql`id, ordernumber, access_key AS "accessKey", status, total_price AS "totalPrice", full_name AS "fullName",
  phone, email, city, address, delivery_method AS "deliveryMethod", comment, tracking_number AS "trackingNumber"`;

export type StatusChange =
  | { ok: true; changed: boolean; order: OrderHookOrder }
  | { ok: false; code: 'ORDER_NOT_FOUND' | 'BAD_TRANSITION' | 'PAYMENT_ONLY'; message: string };

const PAYMENT_ACTORS: ReadonlySet<string> = new Set(['yookassa', 'sandbox']);

/**
 * The one way an order's status changes (payment, desk, CLI, reservation expiry): in one
 * transaction it locks the order row, checks the move against ORDER_TRANSITIONS, writes the
 * status with its time, records who did it in order_events, releases the stock when the new
 * status gives it back, and runs the hooks (mail outbox). Moving an order to the status it
 * already has is a no-op that answers `changed: false` (a duplicated payment notification marks
 * an order paid once).
 */
export async function changeOrderStatus(
  db: Db,
  hooks: readonly OrderHooks[],
  orderId: number,
  to: OrderStatus,
  actor: OrderActor,
  note = '',
  /** The parcel's tracking number (parsed), kept with a move to «отправлен». */
  shipment: { trackingNumber?: string } = {},
): Promise<StatusChange> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [order] = await rows<OrderHookOrder>(
      tx,
      sql`SELECT ${HOOK_ORDER_COLUMNS} FROM orders WHERE id = ${orderId} FOR UPDATE`,
    );
    if (!order || !isOrderStatus(order.status))
      return { ok: false as const, code: 'ORDER_NOT_FOUND' as const, message: 'Заказ не найден' };
    const from = order.status;
    if (from === to) return { ok: true as const, changed: false, order };
    if (!canMove(from, to)) {
      return {
        ok: false as const,
        code: 'BAD_TRANSITION' as const,
        message: `Заказ в статусе «${ORDER_STATUS_TITLES[from]}» нельзя перевести в «${ORDER_STATUS_TITLES[to]}»`,
      };
    }
    if (PAYMENT_ONLY.has(`${from}→${to}`) && !PAYMENT_ACTORS.has(actor)) {
      return {
        ok: false as const,
        code: 'PAYMENT_ONLY' as const,
        message: 'Оплаченным заказ отмечает только подтверждённый платёж',
      };
    }
    const trackingNumber = to === 'shipped' && shipment.trackingNumber ? shipment.trackingNumber : order.trackingNumber;
    await tx.execute(
      sql`UPDATE orders SET status = ${to}, status_changed_at = now(),
            paid_at = CASE WHEN ${to} = 'paid' THEN now() ELSE paid_at END,
            reserved_until = CASE WHEN ${to} IN ('paid', 'cancelled') THEN NULL ELSE reserved_until END,
            tracking_number = ${trackingNumber}
          WHERE id = ${orderId}`,
    );
    await tx.execute(
      sql`INSERT INTO order_events (order_id, actor, from_status, to_status, note) VALUES (${orderId}, ${actor}, ${from}, ${to}, ${note.slice(0, 500)})`,
    );
    if (RELEASES_STOCK.has(to)) await releaseStock(tx, orderId);
    const changed = { ...order, status: to, trackingNumber };
    await runStatusChanged(hooks, tx, changed, from, to);
    return { ok: true as const, changed: true, order: changed };
  });
}
