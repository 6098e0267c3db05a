/**
 * Returns: a shopper asks from the order page to return chosen lines with a reason; the shop
 * refunds the money through the payment provider that took it (ЮKassa's refund API, or the
 * sandbox) or rejects the request with a note. Quantities never exceed what was bought less
 * what earlier requests (not rejected) already return; a refund is sent with the request's own
 * idempotence key, so pressing «Вернуть деньги» twice or retrying after an outage pays once.
 */
import { RETURN_REASONS, RETURN_WINDOW_DAYS, type ReturnReason } from '@shop/contracts/order';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/database.ts';
import type { OrderActor } from '../orders/order-status.ts';
import type { PaymentService } from '../payments/payment-service.ts';
import { PaymentProviderError } from '../payments/provider.ts';
import type { ReturnedLine } from './return-tables.ts';

export type ReturnStatus = 'requested' | 'refunding' | 'refunded' | 'rejected';

export interface ReturnRequestRow {
  id: number;
  orderId: number;
  status: ReturnStatus;
  reason: ReturnReason;
  comment: string;
  lines: ReturnedLine[];
  amount: number;
  createdAt: Date;
  resolvedAt: Date | null;
  resolvedBy: string | null;
  note: string;
  refundId: string | null;
  refundError: string | null;
}

export interface ReturnError {
  field: string | null;
  message: string;
}

/** Statuses whose parcel is (or is about to be) in the shopper's hands. */
const RETURNABLE_STATUSES: ReadonlySet<string> = new Set(['shipped', 'ready', 'delivered']);
/** Reasons the law lets a shopper return for past the 7 days. */
const NO_WINDOW: ReadonlySet<ReturnReason> = new Set(['DEFECT', 'WRONG']);
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\p{Cf}]/u;

const COLUMNS = sql`id, order_id AS "orderId", status, reason, comment, lines, amount, created_at AS "createdAt", resolved_at AS "resolvedAt",
  resolved_by AS "resolvedBy", note, refund_id AS "refundId", refund_error AS "refundError"`;

export async function orderReturns(db: Db, orderId: number): Promise<ReturnRequestRow[]> {
  return rows<ReturnRequestRow>(db, sql`SELECT ${COLUMNS} FROM return_requests WHERE order_id = ${orderId} ORDER BY id`);
}

/** Per offer: units already in a request that was not rejected. */
export async function returnedUnits(db: Db, orderId: number): Promise<Map<number, number>> {
  const units = new Map<number, number>();
  for (const r of await orderReturns(db, orderId)) {
    if (r.status === 'rejected') continue;
    for (const l of r.lines) units.set(l.offerId, (units.get(l.offerId) ?? 0) + l.quantity);
  }
  return units;
}

/**
 * Until when a good item may be returned: 7 days from the day it was handed over (its move to
 * «доставлен»); null while it is on its way (a return is a refusal then) or when the order is not
 * one that can be returned.
 */
export function returnWindow(order: { status: string; statusChangedAt: Date | string }): { open: boolean; until: Date | null } {
  if (!RETURNABLE_STATUSES.has(order.status)) return { open: false, until: null };
  if (order.status !== 'delivered') return { open: true, until: null };
  const until = new Date(new Date(order.statusChangedAt).getTime() + RETURN_WINDOW_DAYS * 86_400_000);
  return { open: Date.now() <= until.getTime(), until };
}

export interface ReturnInput {
  reason: string;
  comment?: string | null;
  lines: { offerId: string; quantity: number }[];
}

/** Checks and stores a shopper's request; the order was found by its number and key. */
export async function requestReturn(
  db: Db,
  order: { id: number; status: string; statusChangedAt: Date | string },
  input: ReturnInput,
  letter?: ReturnLetter,
): Promise<{ request: ReturnRequestRow | null; errors: ReturnError[] }> {
  const errors: ReturnError[] = [];
  const reason = input.reason as ReturnReason;
  if (!Object.hasOwn(RETURN_REASONS, reason)) errors.push({ field: 'reason', message: 'Выберите причину возврата' });
  const comment = (input.comment ?? '').trim();
  if (comment.length > 1000) errors.push({ field: 'comment', message: 'Комментарий длиннее 1000 символов' });
  else if (CONTROL.test(comment)) errors.push({ field: 'comment', message: 'Комментарий содержит недопустимые символы' });
  const window = returnWindow(order);
  if (!RETURNABLE_STATUSES.has(order.status)) {
    errors.push({ field: null, message: 'Вернуть можно заказ, который уже отправлен или получен' });
  } else if (!window.open && !NO_WINDOW.has(reason)) {
    errors.push({ field: null, message: `Прошло больше ${RETURN_WINDOW_DAYS} дней с получения: вернуть товар надлежащего качества уже нельзя. Если товар с браком — выберите эту причину.` });
  }
  const wanted = input.lines.filter((l) => l.quantity !== 0);
  if (wanted.length === 0) errors.push({ field: 'lines', message: 'Отметьте товары, которые хотите вернуть' });
  if (wanted.length > 50 || new Set(wanted.map((l) => l.offerId)).size !== wanted.length) errors.push({ field: 'lines', message: 'Каждый товар — один раз' });
  if (errors.length) return { request: null, errors };

  // one request at a time per order: concurrent submits cannot both take the last units
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.execute(sql`SELECT id FROM orders WHERE id = ${order.id} FOR UPDATE`);
    const sold = await rows<{ offerId: number; name: string; size: string; price: number; quantity: number }>(
      tx,
      sql`SELECT offer_id AS "offerId", name, size, price, quantity FROM order_lines WHERE order_id = ${order.id}`,
    );
    const taken = await returnedUnits(tx, order.id);
    const lines: ReturnedLine[] = [];
    wanted.forEach((w, index) => {
      const line = sold.find((s) => String(s.offerId) === w.offerId);
      const left = line ? line.quantity - (taken.get(line.offerId) ?? 0) : 0;
      if (!line) errors.push({ field: `lines[${index}]`, message: 'Такого товара нет в заказе' });
      else if (!Number.isInteger(w.quantity) || w.quantity < 1 || w.quantity > left) {
        errors.push({ field: `lines[${index}]`, message: left > 0 ? `Вернуть можно от 1 до ${left} шт. «${line.name}»` : `«${line.name}» уже в заявке на возврат` });
      } else lines.push({ offerId: line.offerId, name: line.name, size: line.size, price: line.price, quantity: w.quantity });
    });
    if (errors.length) return { request: null, errors };
    const amount = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
    const [request] = await rows<ReturnRequestRow>(
      tx,
      sql`INSERT INTO return_requests (order_id, reason, comment, lines, amount) VALUES (${order.id}, ${reason}, ${comment}, ${JSON.stringify(lines)}::jsonb, ${amount})
          RETURNING ${COLUMNS}`,
    );
    if (request) await letter?.(tx, order.id, request, 'requested');
    return { request: request ?? null, errors };
  });
}

export type ResolveResult = { ok: true; request: ReturnRequestRow } | { ok: false; code: 'NOT_FOUND' | 'BAD_TRANSITION' | 'PAYMENT_UNAVAILABLE'; message: string };

/**
 * Sends the request's money back. The request moves to `refunding` first (so a second press
 * waits for the first), then to `refunded` with the provider's refund id; an outage leaves it
 * `refunding` with the error, and the next press sends the same idempotence key again.
 */
/** Writes the shopper's letter about a resolved request, in the resolution's transaction (the mail outbox's). */
export type ReturnLetter = (tx: Db, orderId: number, request: ReturnRequestRow, outcome: 'requested' | 'refunded' | 'rejected') => Promise<unknown>;

export async function refundReturn(
  db: Db,
  payments: PaymentService,
  orderId: number,
  requestId: number,
  actor: OrderActor,
  letter?: ReturnLetter,
): Promise<ResolveResult> {
  const [claimed] = await rows<ReturnRequestRow & { email: string; phone: string; ordernumber: string }>(
    db,
    sql`UPDATE return_requests r SET status = 'refunding', refund_error = NULL FROM orders o
        WHERE r.id = ${requestId} AND r.order_id = ${orderId} AND o.id = r.order_id AND r.status IN ('requested', 'refunding')
        RETURNING r.id, r.order_id AS "orderId", r.lines, r.amount, o.email, o.phone, o.ordernumber`,
  );
  if (!claimed) return notResolvable(db, orderId, requestId);
  try {
    const refund = await payments.refund(orderId, {
      amount: claimed.amount,
      idempotenceKey: `return-${orderId}-${requestId}`,
      description: `Возврат по заказу №${claimed.ordernumber}`,
      customer: { email: claimed.email, phone: claimed.phone },
      lines: claimed.lines,
    });
    if (refund.status === 'canceled') throw new PaymentProviderError('rejected', 'Возврат отклонён платёжной системой');
    const done = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [row] = await rows<ReturnRequestRow>(
        tx,
        sql`UPDATE return_requests SET status = ${refund.status === 'succeeded' ? 'refunded' : 'refunding'}, refund_id = ${refund.id},
              resolved_at = now(), resolved_by = ${actor}, refund_error = NULL
            WHERE id = ${requestId} RETURNING ${COLUMNS}`,
      );
      if (row?.status === 'refunded') await letter?.(tx, orderId, row, 'refunded');
      return row as ReturnRequestRow;
    });
    return { ok: true, request: done };
  } catch (e) {
    const message = e instanceof PaymentProviderError ? e.message : 'Платёжная система не ответила';
    await db.execute(sql`UPDATE return_requests SET refund_error = ${message.slice(0, 500)} WHERE id = ${requestId}`);
    if (!(e instanceof PaymentProviderError)) throw e;
    return { ok: false, code: 'PAYMENT_UNAVAILABLE', message: `Деньги не вернулись: ${message}. Заявка ждёт, нажмите ещё раз позже.` };
  }
}

/** Refuses a request with the shop's note to the shopper. */
export async function rejectReturn(db: Db, orderId: number, requestId: number, actor: OrderActor, note: string, letter?: ReturnLetter): Promise<ResolveResult> {
  const done = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await rows<ReturnRequestRow>(
      tx,
      sql`UPDATE return_requests SET status = 'rejected', note = ${note.trim().slice(0, 500)}, resolved_at = now(), resolved_by = ${actor}
          WHERE id = ${requestId} AND order_id = ${orderId} AND status = 'requested' RETURNING ${COLUMNS}`,
    );
    if (row) await letter?.(tx, orderId, row, 'rejected');
    return row;
  });
  return done ? { ok: true, request: done } : notResolvable(db, orderId, requestId);
}

async function notResolvable(db: Db, orderId: number, requestId: number): Promise<ResolveResult> {
  const [known] = await rows<{ status: string }>(db, sql`SELECT status FROM return_requests WHERE id = ${requestId} AND order_id = ${orderId}`);
  if (!known) return { ok: false, code: 'NOT_FOUND', message: 'Заявка на возврат не найдена' };
  return { ok: false, code: 'BAD_TRANSITION', message: known.status === 'refunded' ? 'Деньги по этой заявке уже возвращены' : 'Заявка уже рассмотрена' };
}

/** The returns of one API, for the GraphQL context and the desk: the functions above on its database and payments. */
export class Returns {
  constructor(
    private readonly db: Db,
    private readonly payments: PaymentService,
    /** The shopper's letter about a refund or a rejection (the API's mail outbox); none: no letter. */
    private readonly letter?: ReturnLetter,
  ) {}

  list(orderId: number) {
    return orderReturns(this.db, orderId);
  }

  returnedUnits(orderId: number) {
    return returnedUnits(this.db, orderId);
  }

  request(order: { id: number; status: string; statusChangedAt: Date | string }, input: ReturnInput) {
    return requestReturn(this.db, order, input, this.letter);
  }

  refund(orderId: number, requestId: number, actor: OrderActor) {
    return refundReturn(this.db, this.payments, orderId, requestId, actor, this.letter);
  }

  reject(orderId: number, requestId: number, actor: OrderActor, note: string) {
    return rejectReturn(this.db, orderId, requestId, actor, note, this.letter);
  }
}
