import type { OrderDetail, OrderList, OrderSummary } from '@shop/contracts/desk';
import { formatDeliveryTerm } from '@shop/contracts/format';
import { deliveryTitle, orderTracking, RETURN_REASONS } from '@shop/contracts/order';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rows } from '../db/database.ts';
import type { OrderDelivery } from '../db/order-delivery.ts';
import { ORDER_STATUS_TITLES, ORDER_TRANSITIONS, type OrderStatus, PAYMENT_ONLY, isOrderStatus } from '../orders/order-status.ts';
import { orderReturns } from '../returns/returns.ts';
import { maskEmail, maskIp, maskName, maskPhone } from './masking.ts';

export const PAGE_SIZE = 30;
/** A page beyond this is refused (30 × 10 000 orders; OFFSET costs grow with it). */
export const MAX_PAGE = 10_000;
/** A search longer than this is refused: no number, phone or e-mail is that long. */
export const MAX_QUERY_LENGTH = 100;

/** Who is looking: the owner and the ops token see personal data, a manager sees it masked. */
export type Viewer = { kind: 'user'; role: 'owner' | 'manager' } | { kind: 'ops' };

export function seesPersonalData(viewer: Viewer): boolean {
  return viewer.kind === 'ops' || viewer.role === 'owner';
}

export interface OrderFilter {
  status?: OrderStatus;
  /** Inclusive bounds as UTC instants: from = start of the Moscow day, to = start of the Moscow day after. */
  from?: Date;
  to?: Date;
  q?: string;
  page: number;
}

export class FilterError extends Error {}

/** The delivery method's title: @shop/contracts/order's table, the checkout's and the letters' too. */
export { deliveryTitle };

const PAYMENT_TITLES: Record<string, string> = {
  pending: 'ожидает оплаты',
  waiting_for_capture: 'ожидает подтверждения',
  succeeded: 'оплачен',
  canceled: 'отменён',
};

export function paymentTitle(status: string | null): string {
  return status === null ? '—' : (PAYMENT_TITLES[status] ?? status);
}

/**
 * Moscow has been UTC+3 all year since 2014 (no DST), so a Moscow calendar day is a fixed UTC
 * range; computed here rather than with AT TIME ZONE, which would depend on the server's tz data.
 */
const MOSCOW_OFFSET_MS = 3 * 3600_000;

function moscowDayStart(value: string, name: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const [y, mo, d] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
  const utc = Date.UTC(y, mo - 1, d);
  const check = new Date(utc);
  if (!m || y < 2000 || y > 2100 || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) {
    throw new FilterError(`Дата «${name === 'from' ? 'с' : 'по'}» должна быть в виде ГГГГ-ММ-ДД, например 2026-11-23`);
  }
  return new Date(utc - MOSCOW_OFFSET_MS);
}

/** Moscow date and time of an instant: «2026-11-23 14:05». */
export function moscowDateTime(at: Date): string {
  return new Date(at.getTime() + MOSCOW_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

export function moscowDate(at: Date): string {
  return moscowDateTime(at).slice(0, 10);
}

/** Reads the list filters of a query string; anything malformed is a FilterError (400 BAD_FILTER), never a guess. */
export function parseFilter(params: URLSearchParams, { paged = true } = {}): OrderFilter {
  const filter: OrderFilter = { page: 1 };
  const status = params.get('status');
  if (status !== null && status !== '') {
    if (!isOrderStatus(status)) throw new FilterError(`Неизвестный статус «${status.slice(0, 30)}»: new, paid, assembled, shipped, delivered или cancelled`);
    filter.status = status;
  }
  const from = params.get('from');
  if (from) filter.from = moscowDayStart(from, 'from');
  const to = params.get('to');
  if (to) filter.to = new Date(moscowDayStart(to, 'to').getTime() + 24 * 3600_000);
  if (filter.from && filter.to && filter.from >= filter.to) throw new FilterError('Дата «с» позже даты «по»');
  const q = params.get('q');
  if (q !== null && q.trim() !== '') {
    if (q.length > MAX_QUERY_LENGTH) throw new FilterError(`Строка поиска длиннее ${MAX_QUERY_LENGTH} символов`);
    filter.q = q.trim();
  }
  const page = params.get('page');
  if (paged && page !== null && page !== '') {
    if (!/^\d{1,6}$/.test(page) || Number(page) < 1 || Number(page) > MAX_PAGE) throw new FilterError(`Номер страницы должен быть целым числом от 1 до ${MAX_PAGE}`);
    filter.page = Number(page);
  }
  return filter;
}

/** A LIKE pattern matching `text` anywhere, with its own % _ \ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Search: the order number (or a part of it), the phone's digits (8… is read as +7…; at least
 * four digits, so «12» does not list every phone with a 12), or a part of the e-mail. Every value
 * is a bound parameter. A viewer who sees personal data masked (a manager) finds a phone or an
 * e-mail only by the whole of it: a part would be an oracle that unmasks them a few characters at
 * a time (search «1267», «11267»… and watch whether the order stays in the list).
 */
function searchCondition(q: string, whole: boolean): SQL {
  const text = q.toLowerCase();
  const parts: SQL[] = [sql`lower(o.ordernumber) LIKE ${containsPattern(text)} ESCAPE '\\'`];
  parts.push(whole ? sql`lower(o.email) = ${text}` : sql`lower(o.email) LIKE ${containsPattern(text)} ESCAPE '\\'`);
  let digits = q.replace(/\D/g, '');
  if (digits.length >= 4 && /^[\d\s()+-]+$/.test(q)) {
    if (digits.length === 11 && digits.startsWith('8')) digits = `7${digits.slice(1)}`;
    if (whole && digits.length === 10) digits = `7${digits}`; // 921 765-43-21 without the country code
    const phoneDigits = sql`regexp_replace(o.phone, '[^0-9]', '', 'g')`;
    if (!whole) parts.push(sql`${phoneDigits} LIKE ${containsPattern(digits)}`);
    else if (digits.length === 11) parts.push(sql`${phoneDigits} = ${digits}`);
  }
  return sql`(${sql.join(parts, sql` OR `)})`;
}

function whereClause(filter: OrderFilter, viewer: Viewer): SQL {
  const conditions: SQL[] = [sql`TRUE`];
  if (filter.status) conditions.push(sql`o.status = ${filter.status}`);
  if (filter.from) conditions.push(sql`o.created_at >= ${filter.from.toISOString()}::timestamptz`);
  if (filter.to) conditions.push(sql`o.created_at < ${filter.to.toISOString()}::timestamptz`);
  if (filter.q) conditions.push(searchCondition(filter.q, !seesPersonalData(viewer)));
  return sql.join(conditions, sql` AND `);
}

/** The list's line as read from the database: the answer's fields before titles and masking. */
interface OrderListRow extends Omit<OrderSummary, 'createdAt' | 'statusTitle'> {
  id: number;
  createdAt: Date;
  address: string;
  comment: string;
}

const LIST_COLUMNS = sql`o.id, o.ordernumber AS number, o.created_at AS "createdAt", o.status, o.total_price AS "totalPrice",
  COALESCE((SELECT sum(l.quantity) FROM order_lines l WHERE l.order_id = o.id), 0)::int AS items,
  o.full_name AS "fullName", o.phone, o.email, o.city, o.address, o.delivery_method AS "deliveryMethod", o.comment,
  (SELECT p.status FROM payments p WHERE p.order_id = o.id ORDER BY p.created_at DESC, p.id DESC LIMIT 1) AS "paymentStatus"`;

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

export function statusTitle(status: string): string {
  return isOrderStatus(status) ? ORDER_STATUS_TITLES[status] : status;
}

/** Personal fields as the viewer may see them. */
function personal(row: { fullName: string; phone: string; email: string; city: string; address: string }, viewer: Viewer) {
  if (seesPersonalData(viewer)) return { fullName: row.fullName, phone: row.phone, email: row.email, address: row.address };
  return { fullName: maskName(row.fullName), phone: maskPhone(row.phone), email: maskEmail(row.email), address: row.city };
}

function listItem(row: OrderListRow, viewer: Viewer): OrderSummary {
  const p = personal(row, viewer);
  return {
    number: row.number,
    createdAt: asDate(row.createdAt).toISOString(),
    status: row.status,
    statusTitle: statusTitle(row.status),
    totalPrice: row.totalPrice,
    items: row.items,
    fullName: p.fullName,
    phone: p.phone,
    email: p.email,
    city: row.city,
    deliveryMethod: row.deliveryMethod,
    paymentStatus: row.paymentStatus,
  };
}

export type { OrderDetail, OrderSummary as OrderListItem } from '@shop/contracts/desk';

export async function listOrders(db: Db, filter: OrderFilter, viewer: Viewer): Promise<OrderList> {
  const where = whereClause(filter, viewer);
  const [count] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM orders o WHERE ${where}`);
  const found = await rows<OrderListRow>(
    db,
    sql`SELECT ${LIST_COLUMNS} FROM orders o WHERE ${where}
        ORDER BY o.created_at DESC, o.id DESC LIMIT ${PAGE_SIZE} OFFSET ${(filter.page - 1) * PAGE_SIZE}`,
  );
  return { orders: found.map((r) => listItem(r, viewer)), total: count?.n ?? 0, page: filter.page, pageSize: PAGE_SIZE };
}

/**
 * Every order the filter matches (for the CSV export), newest first, read in batches of 500 by
 * id (keyset: ids grow with creation time, and a timestamp would lose its microseconds in JS).
 */
export async function* allOrders(db: Db, filter: OrderFilter, viewer: Viewer): AsyncGenerator<OrderListRow> {
  const where = whereClause(filter, viewer);
  let before: number | null = null;
  for (;;) {
    const after: SQL = before === null ? sql`` : sql`AND o.id < ${before}`;
    const batch: OrderListRow[] = await rows<OrderListRow>(db, sql`SELECT ${LIST_COLUMNS} FROM orders o WHERE ${where} ${after} ORDER BY o.id DESC LIMIT 500`);
    yield* batch;
    if (batch.length < 500) return;
    before = (batch[batch.length - 1] as OrderListRow).id;
  }
}

const ACTOR_TITLES: Record<string, string> = {
  shopper: 'покупатель',
  system: 'система',
  yookassa: 'ЮKassa',
  sandbox: 'песочница',
  cdek: 'СДЭК',
  'ops-token': 'ops-токен',
};

/** How the history names who changed an order; a desk user by their name and e-mail (as they are now). */
async function actorTitles(db: Db, actors: string[]): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  const ids = new Set<number>();
  for (const actor of actors) {
    const user = /^user:(\d+):(.*)$/.exec(actor);
    if (user) ids.add(Number(user[1]));
  }
  const users = ids.size
    ? await rows<{ id: number; name: string; email: string }>(db, sql`SELECT id, name, email FROM users WHERE id IN (${sql.join([...ids].map((id) => sql`${id}`), sql`, `)})`)
    : [];
  const byId = new Map(users.map((u) => [u.id, u]));
  for (const actor of actors) {
    const user = /^user:(\d+):(.*)$/.exec(actor);
    if (user) {
      const known = byId.get(Number(user[1]));
      const email = known?.email ?? (user[2] as string);
      titles.set(actor, known?.name ? `${known.name} (${email})` : email);
    } else titles.set(actor, ACTOR_TITLES[actor] ?? actor);
  }
  return titles;
}

interface DetailRow extends OrderListRow {
  reservedUntil: Date | null;
  paidAt: Date | null;
  trackingNumber: string | null;
  delivery: OrderDelivery | null;
}

/** Where a person (not a payment) may move an order from `status`; a courier's parcel never waits at a pickup point. */
export function nextStatuses(status: string, deliveryMethod: string) {
  if (!isOrderStatus(status)) return [];
  return ORDER_TRANSITIONS[status]
    .filter((to) => !PAYMENT_ONLY.has(`${status}→${to}`) && !(to === 'ready' && deliveryMethod === 'COURIER'))
    .map((to) => ({ status: to, title: ORDER_STATUS_TITLES[to] }));
}

export async function orderIdByNumber(db: Db, number: string): Promise<number | null> {
  if (!/^[A-Za-z0-9-]{1,40}$/.test(number)) return null;
  const [row] = await rows<{ id: number }>(db, sql`SELECT id FROM orders WHERE ordernumber = ${number.toUpperCase()}`);
  return row?.id ?? null;
}

export async function orderDetail(db: Db, orderId: number, viewer: Viewer): Promise<OrderDetail | null> {
  const [row] = await rows<DetailRow>(
    db,
    sql`SELECT ${LIST_COLUMNS}, o.reserved_until AS "reservedUntil", o.paid_at AS "paidAt", o.tracking_number AS "trackingNumber", o.delivery FROM orders o WHERE o.id = ${orderId}`,
  );
  if (!row) return null;
  const [lines, consents, payments, events, shipments, returns] = await Promise.all([
    rows<{ name: string; sku: string; size: string; price: number; quantity: number }>(
      db,
      sql`SELECT name, sku, size, price, quantity FROM order_lines WHERE order_id = ${orderId} ORDER BY id`,
    ),
    rows<{ version: string; at: Date; clientIp: string }>(
      db,
      sql`SELECT consent_version AS version, consented_at AS at, client_ip AS "clientIp" FROM order_consents WHERE order_id = ${orderId}`,
    ),
    rows<{ provider: string; providerPaymentId: string | null; status: string; amount: number; createdAt: Date; updatedAt: Date }>(
      db,
      sql`SELECT provider, provider_payment_id AS "providerPaymentId", status, amount, created_at AS "createdAt", updated_at AS "updatedAt"
          FROM payments WHERE order_id = ${orderId} ORDER BY created_at, id`,
    ),
    rows<{ at: Date; actor: string; from: string | null; to: string; note: string }>(
      db,
      sql`SELECT at, actor, from_status AS "from", to_status AS "to", note FROM order_events WHERE order_id = ${orderId} ORDER BY at, id`,
    ),
    rows<{ state: 'pending' | 'registered' | 'failed'; attempts: number; lastError: string | null; carrierNumber: string | null; carrierStatus: string | null }>(
      db,
      sql`SELECT state, attempts, last_error AS "lastError", carrier_number AS "carrierNumber", carrier_status AS "carrierStatus" FROM shipments WHERE order_id = ${orderId}`,
    ),
    orderReturns(db, orderId),
  ]);
  const titles = await actorTitles(db, events.map((e) => e.actor));
  const p = personal(row, viewer);
  const consent = consents[0];
  return {
    ...listItem(row, viewer),
    address: p.address,
    comment: row.comment,
    deliveryTitle: deliveryTitle(row.deliveryMethod),
    tracking: orderTracking(row.deliveryMethod, row.trackingNumber),
    delivery: row.delivery
      ? {
          term: formatDeliveryTerm(row.delivery),
          fromCarrier: row.delivery.fromCarrier,
          cost: row.delivery.cost,
          pickupPoint: row.delivery.pickupPoint
            ? { code: row.delivery.pickupPoint.code, address: row.delivery.pickupPoint.address, workTime: row.delivery.pickupPoint.workTime, verified: row.delivery.pickupPoint.verified }
            : null,
        }
      : null,
    shipment: shipments[0] ?? null,
    returns: returns.map((r) => ({
      id: r.id,
      createdAt: asDate(r.createdAt).toISOString(),
      status: r.status,
      reason: RETURN_REASONS[r.reason] ?? r.reason,
      comment: r.comment,
      amount: r.amount,
      lines: r.lines.map((l) => ({ name: l.name, size: l.size, price: l.price, quantity: l.quantity })),
      note: r.note,
      refundError: r.refundError,
    })),
    masked: !seesPersonalData(viewer),
    reservedUntil: row.reservedUntil ? asDate(row.reservedUntil).toISOString() : null,
    paidAt: row.paidAt ? asDate(row.paidAt).toISOString() : null,
    lines: lines.map((l) => ({ ...l, total: l.price * l.quantity })),
    consent: consent
      ? { version: consent.version, at: asDate(consent.at).toISOString(), clientIp: seesPersonalData(viewer) ? consent.clientIp : maskIp(consent.clientIp) }
      : null,
    payments: payments.map((pay) => ({ ...pay, createdAt: asDate(pay.createdAt).toISOString(), updatedAt: asDate(pay.updatedAt).toISOString() })),
    history: events.map((e) => ({
      at: asDate(e.at).toISOString(),
      actor: e.actor,
      actorTitle: titles.get(e.actor) ?? e.actor,
      from: e.from,
      fromTitle: e.from ? statusTitle(e.from) : null,
      to: e.to,
      toTitle: statusTitle(e.to),
      note: e.note,
    })),
    next: nextStatuses(row.status, row.deliveryMethod),
  };
}

