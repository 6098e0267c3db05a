import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/database.ts';
import type { OrderDelivery } from '../db/order-delivery.ts';
import type { OrderHookOrder, OrderHooks } from '../orders/order-hooks.ts';
import type { OrderStatus } from '../orders/order-status.ts';
import { HOOK_ORDER_COLUMNS } from '../orders/order-lifecycle.ts';
import type { MailConfig } from './mail-config.ts';
import {
  type Letter,
  type LetterLine,
  type LetterReturn,
  type LetterShop,
  newOrderOwnerLetter,
  orderCancelledLetter,
  orderDeliveredLetter,
  orderPaidLetter,
  orderReadyLetter,
  orderShippedLetter,
  orderPlacedLetter,
  returnLetter,
  returnRequestOwnerLetter,
  type ReturnOutcome,
} from './mail-templates.ts';

export interface QueuedLetter extends Letter {
  /** One letter per key, ever: a repeated event (a retried transaction, a duplicated notification) writes nothing. */
  dedupeKey: string;
  kind: string;
  orderId: number | null;
  recipient: string;
}

/**
 * Puts a letter in the outbox through `tx`, so it is written if and only if the change it tells
 * about commits. Returns whether it was new (false: this dedupe key was queued before).
 */
export async function queueLetter(tx: Db, l: QueuedLetter): Promise<boolean> {
  const inserted = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO mail_outbox (dedupe_key, kind, order_id, recipient, subject, html, text)
        VALUES (${l.dedupeKey}, ${l.kind}, ${l.orderId}, ${l.recipient}, ${l.subject}, ${l.html}, ${l.text})
        ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
  );
  return inserted.length > 0;
}

async function orderLines(tx: Db, orderId: number): Promise<LetterLine[]> {
  return rows<LetterLine>(
    tx,
    sql`SELECT name, sku, size, price, quantity FROM order_lines WHERE order_id = ${orderId} ORDER BY id`,
  );
}

export interface MailHookOptions {
  shop: LetterShop;
  mail: Pick<MailConfig, 'ownerEmails'>;
  /** Called after a letter is queued (the sender looks sooner than its next poll; the transaction may still roll back). */
  onQueued?: () => void;
}

/**
 * The order hook of the mail outbox: on a placed order a letter to the shopper («Заказ №…
 * оформлен») and one to each owner address («Новый заказ №…»); on payment «Заказ №… оплачен»;
 * on cancellation «Заказ №… отменён» with the reason the history records. Letters are only
 * written here (in the order's transaction); MailSender sends them.
 */
export function createMailHook(options: MailHookOptions): OrderHooks {
  const { shop } = options;
  const queue = async (tx: Db, letters: QueuedLetter[]) => {
    let any = false;
    for (const l of letters) any = (await queueLetter(tx, l)) || any;
    if (any) options.onQueued?.();
  };
  return {
    async placed(tx: Db, order: OrderHookOrder) {
      await queue(tx, await placedLetters(tx, options, order));
    },
    async statusChanged(tx: Db, order: OrderHookOrder, from, to) {
      const letter = await statusLetter(tx, shop, order, from, to);
      if (letter) await queue(tx, [letter]);
    },
  };
}

/** The shopper's copy of an event's letter: one per order and kind, ever. */
function toShopper(kind: string, order: OrderHookOrder, letter: Letter): QueuedLetter {
  return { dedupeKey: `${kind}:${order.id}:shopper`, kind, orderId: order.id, recipient: order.email, ...letter };
}

async function placedLetters(tx: Db, options: MailHookOptions, order: OrderHookOrder): Promise<QueuedLetter[]> {
  const { shop } = options;
  const lines = await orderLines(tx, order.id);
  const [times] = await rows<{ createdAt: string | Date; reservedUntil: string | Date | null }>(
    tx,
    sql`SELECT created_at AS "createdAt", reserved_until AS "reservedUntil" FROM orders WHERE id = ${order.id}`,
  );
  const payBy = times?.reservedUntil ? new Date(times.reservedUntil) : null;
  const placedAt = times ? new Date(times.createdAt) : new Date();
  const letters: QueuedLetter[] = [toShopper('order-placed', order, orderPlacedLetter(shop, order, lines, payBy))];
  const owner = newOrderOwnerLetter(shop, order, lines, placedAt);
  for (const address of options.mail.ownerEmails) {
    letters.push({
      dedupeKey: `order-placed:${order.id}:owner:${address}`,
      kind: 'order-new-owner',
      orderId: order.id,
      recipient: address,
      ...owner,
    });
  }
  return letters;
}

/** The shopper's letter for a status change, or null for a status that sends none. */
async function statusLetter(tx: Db, shop: LetterShop, order: OrderHookOrder, from: OrderStatus, to: OrderStatus): Promise<QueuedLetter | null> {
  if (to === 'paid') return toShopper('order-paid', order, orderPaidLetter(shop, order, await orderLines(tx, order.id)));
  if (to === 'shipped') return toShopper('order-shipped', order, orderShippedLetter(shop, order, await orderLines(tx, order.id)));
  if (to === 'ready') {
    const [row] = await rows<{ delivery: OrderDelivery | null }>(tx, sql`SELECT delivery FROM orders WHERE id = ${order.id}`);
    return toShopper('order-ready', order, orderReadyLetter(shop, order, row?.delivery?.pickupPoint ?? null));
  }
  if (to === 'delivered') return toShopper('order-delivered', order, orderDeliveredLetter(shop, order));
  if (to !== 'cancelled') return null;
  // the reason is the note of the event changeOrderStatus wrote just before running the hooks
  const [event] = await rows<{ note: string }>(
    tx,
    sql`SELECT note FROM order_events WHERE order_id = ${order.id} AND to_status = 'cancelled' ORDER BY id DESC LIMIT 1`,
  );
  return toShopper('order-cancelled', order, orderCancelledLetter(shop, order, (event?.note ?? '').trim(), from !== 'new'));
}

/**
 * The letters of a return request, queued through `tx` (the request's or the resolution's own
 * transaction), one per request and outcome, ever: the shopper's, and for a new request the
 * owner's («Заявка на возврат по заказу №…»).
 */
export async function queueReturnLetters(
  tx: Db,
  options: Pick<MailHookOptions, 'shop' | 'mail'>,
  orderId: number,
  request: LetterReturn & { id: number; reason: string; comment: string },
  outcome: ReturnOutcome,
): Promise<boolean> {
  const [order] = await rows<OrderHookOrder>(tx, sql`SELECT ${HOOK_ORDER_COLUMNS} FROM orders WHERE id = ${orderId}`);
  if (!order) return false;
  const kind = `return-${outcome}`;
  let any = await queueLetter(tx, { dedupeKey: `${kind}:${request.id}:shopper`, kind, orderId, recipient: order.email, ...returnLetter(options.shop, order, request, outcome) });
  if (outcome === 'requested') {
    const owner = returnRequestOwnerLetter(options.shop, order, request);
    for (const address of options.mail.ownerEmails) {
      any = (await queueLetter(tx, { dedupeKey: `${kind}:${request.id}:owner:${address}`, kind: 'return-owner', orderId, recipient: address, ...owner })) || any;
    }
  }
  return any;
}
