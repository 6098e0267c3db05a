import { errorMessage } from '@shop/contracts/errors';
import { parseTrackingNumber } from '@shop/contracts/order';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/database.ts';
import type { OrderHooks } from '../orders/order-hooks.ts';
import { changeOrderStatus } from '../orders/order-lifecycle.ts';
import type { Returns } from '../returns/returns.ts';
import { type OrderActor, isOrderStatus } from '../orders/order-status.ts';
import { BOM, csvLine } from './csv.ts';
import { HEADERS, error, json, orderNotFound, readBody } from './desk-http.ts';
import {
  type Viewer,
  allOrders,
  deliveryTitle,
  listOrders,
  moscowDate,
  moscowDateTime,
  orderDetail,
  orderIdByNumber,
  parseFilter,
  paymentTitle,
  seesPersonalData,
  statusTitle,
} from './desk-orders.ts';

export const MAX_NOTE_LENGTH = 500;

export interface OrderRouteContext {
  db: Db;
  /** The order hooks createApi built (mail outbox…); read at each status change, so later pushes count. */
  hooks: readonly OrderHooks[];
  /** Return requests and their refunds; null: the routes answer that returns are not set up. */
  returns: Returns | null;
}

async function statusChange(ctx: OrderRouteContext, request: Request, number: string, actor: OrderActor, viewer: Viewer): Promise<Response> {
  const body = await readBody(request);
  if (body instanceof Response) return body;
  const { status, note, trackingNumber } = body;
  if (!isOrderStatus(status)) return error('BAD_STATUS');
  // a parcel's number comes with the move to «отправлен» (the letter and the order page show it)
  const given = typeof trackingNumber === 'string' ? trackingNumber.trim() : trackingNumber;
  const tracking = given === undefined || given === null || given === '' ? null : typeof given === 'string' ? parseTrackingNumber(given) : null;
  if ((given !== undefined && given !== null && given !== '' && !tracking) || (tracking && status !== 'shipped')) return error('BAD_TRACKING');
  if (note !== undefined && note !== null && typeof note !== 'string') return error('BAD_REQUEST', 'Комментарий должен быть строкой');
  if (typeof note === 'string' && note.length > MAX_NOTE_LENGTH) return error('NOTE_TOO_LONG', errorMessage('NOTE_TOO_LONG', { max: MAX_NOTE_LENGTH }));
  const { db } = ctx;
  const id = await orderIdByNumber(db, number);
  if (id === null) return orderNotFound();
  const result = await changeOrderStatus(db, ctx.hooks, id, status, actor, typeof note === 'string' ? note.trim() : '', tracking ? { trackingNumber: tracking } : {});
  if (!result.ok) return result.code === 'ORDER_NOT_FOUND' ? orderNotFound() : error(result.code, result.message);
  const order = await orderDetail(db, id, viewer);
  return order ? json({ order, changed: result.changed }) : orderNotFound();
}

/**
 * A shipment СДЭК refused, sent again once the owner fixed the cause (the address, the point):
 * registered anew at the registrar's next round (a refused registration leaves nothing at СДЭК).
 */
async function retryShipment(ctx: OrderRouteContext, number: string, viewer: Viewer): Promise<Response> {
  const { db } = ctx;
  const id = await orderIdByNumber(db, number);
  if (id === null) return orderNotFound();
  const [updated] = await rows<{ orderId: number }>(
    db,
    sql`UPDATE shipments SET state = 'pending', attempts = 0, carrier_uuid = NULL, next_attempt_at = now(), last_error = NULL, updated_at = now()
        WHERE order_id = ${id} AND state = 'failed' RETURNING order_id AS "orderId"`,
  );
  if (!updated) return error('BAD_TRANSITION', 'Посылку можно отправить в СДЭК ещё раз, только если СДЭК её не принял');
  const order = await orderDetail(db, id, viewer);
  return order ? json({ order, changed: true }) : orderNotFound();
}

/** «Вернуть деньги» (through the payment provider) or «Отклонить» (with a note the shopper sees) on a return request. */
async function resolveReturn(
  ctx: OrderRouteContext,
  request: Request,
  number: string,
  requestId: number,
  action: 'refund' | 'reject',
  actor: OrderActor,
  viewer: Viewer,
): Promise<Response> {
  const { db, returns } = ctx;
  if (!returns) return error('NOT_FOUND', 'Возвраты не подключены');
  // money leaves the shop: the owner's (or the ops token's) decision, not a manager's
  if (action === 'refund' && viewer.kind === 'user' && viewer.role !== 'owner') return error('FORBIDDEN', 'Вернуть деньги может только владелец магазина');
  const body = await readBody(request);
  if (body instanceof Response) return body;
  const id = await orderIdByNumber(db, number);
  if (id === null) return orderNotFound();
  const note = typeof body.note === 'string' ? body.note.trim() : '';
  if (action === 'reject' && !note) return error('BAD_REQUEST', 'Напишите покупателю, почему возврат отклонён');
  if (note.length > MAX_NOTE_LENGTH) return error('NOTE_TOO_LONG', errorMessage('NOTE_TOO_LONG', { max: MAX_NOTE_LENGTH }));
  const result = action === 'refund' ? await returns.refund(id, requestId, actor) : await returns.reject(id, requestId, actor, note);
  if (!result.ok) {
    if (result.code === 'NOT_FOUND') return error('NOT_FOUND', result.message);
    return error(result.code === 'PAYMENT_UNAVAILABLE' ? 'SERVICE_UNAVAILABLE' : 'BAD_TRANSITION', result.message);
  }
  const order = await orderDetail(db, id, viewer);
  return order ? json({ order, changed: true }) : orderNotFound();
}

async function csv(db: Db, url: URL, viewer: Viewer): Promise<Response> {
  const filter = parseFilter(url.searchParams, { paged: false });
  const full = seesPersonalData(viewer);
  const header = full
    ? ['Номер', 'Дата (МСК)', 'Статус', 'Сумма, ₽', 'Товаров, шт.', 'ФИО', 'Телефон', 'E-mail', 'Город', 'Адрес', 'Доставка', 'Оплата', 'Комментарий']
    : ['Номер', 'Дата (МСК)', 'Статус', 'Сумма, ₽', 'Товаров, шт.', 'Город', 'Доставка', 'Оплата'];
  let text = BOM + csvLine(header);
  for await (const o of allOrders(db, filter, viewer)) {
    const common = [o.number, moscowDateTime(new Date(o.createdAt)), statusTitle(o.status), o.totalPrice, o.items];
    const tail = [deliveryTitle(o.deliveryMethod), paymentTitle(o.paymentStatus)];
    text += csvLine(full ? [...common, o.fullName, o.phone, o.email, o.city, o.address, ...tail, o.comment] : [...common, o.city, ...tail]);
  }
  return new Response(text, {
    headers: {
      ...HEADERS,
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="orders-${moscowDate(new Date())}.csv"`,
    },
  });
}


/** The order routes both sides share; `route` is what follows /api/admin or /api/ops. */
export async function orderRoutes(ctx: OrderRouteContext, request: Request, url: URL, route: string, actor: OrderActor, viewer: Viewer): Promise<Response> {
  const { db } = ctx;
  const method = request.method;
  if (route === '/orders') {
    if (method !== 'GET') return error('METHOD_NOT_ALLOWED', 'Только GET');
    return json(await listOrders(db, parseFilter(url.searchParams), viewer));
  }
  if (route === '/orders.csv') {
    if (method !== 'GET') return error('METHOD_NOT_ALLOWED', 'Только GET');
    return csv(db, url, viewer);
  }
  const r = /^\/orders\/([^/]+)\/returns\/(\d{1,9})\/(refund|reject)$/.exec(route);
  if (r) {
    if (method !== 'POST') return error('METHOD_NOT_ALLOWED', 'Только POST');
    return resolveReturn(ctx, request, decodeURIComponent(r[1] as string), Number(r[2]), r[3] as 'refund' | 'reject', actor, viewer);
  }
  const m = /^\/orders\/([^/]+)(\/status|\/shipment\/retry)?$/.exec(route);
  if (!m) return error('NOT_FOUND', 'Нет такого адреса');
  const number = decodeURIComponent(m[1] as string);
  if (m[2] === '/status') {
    if (method !== 'POST') return error('METHOD_NOT_ALLOWED', 'Только POST');
    return statusChange(ctx, request, number, actor, viewer);
  }
  if (m[2]) {
    if (method !== 'POST') return error('METHOD_NOT_ALLOWED', 'Только POST');
    return retryShipment(ctx, number, viewer);
  }
  if (method !== 'GET') return error('METHOD_NOT_ALLOWED', 'Только GET');
  const id = await orderIdByNumber(db, number);
  const order = id === null ? null : await orderDetail(db, id, viewer);
  return order ? json({ order }) : orderNotFound();
}
