/**
 * Parcels with СДЭК after the order is «собран»: the hook that writes the shipment with the
 * status change, the registrar that registers it (and retries), and the status notifications
 * that move the order on.
 *
 * The registrar is a small claim-and-retry loop over the shipments table, like the mail outbox's:
 * a job queue library (pg-boss, graphile-worker) needs a PostgreSQL server, and the shop also runs
 * on PGlite; a claim is one UPDATE … FOR UPDATE SKIP LOCKED, so replicas never take the same row.
 */
import { createRateLimit, errorResponse, type RateLimitStore } from '@shop/server-kit';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/database.ts';
import type { OrderDelivery } from '../db/order-delivery.ts';
import { changeOrderStatus } from '../orders/order-lifecycle.ts';
import { backoffSeconds } from '../util/backoff.ts';
import type { OrderHooks } from '../orders/order-hooks.ts';
import type { OrderStatus } from '../orders/order-status.ts';
import { type CdekClient, CdekError, type CdekOrderRequest } from './cdek-client.ts';
import type { CdekConfig } from './delivery-config.ts';
import { PARCEL } from './delivery-service.ts';

export const CDEK_NOTIFY_PATH = '/api/delivery/cdek/notify';

/** Methods СДЭК carries: to its pickup point, and to the door. */
const CDEK_METHODS: ReadonlySet<string> = new Set(['CDEK_PICKUP', 'COURIER']);

/** A claimed shipment is not due again for this long (longer than a registration can take). */
const CLAIM_SECONDS = 120;
/** СДЭК registers asynchronously: its number is asked again this soon after the 202. */
const PROCESSING_SECONDS = 5;

/**
 * What each СДЭК status means for the order: the parcel left with СДЭК (отправлен), waits at
 * the pickup point, or was handed over. Other codes (created, accepted, problems, returns) are
 * kept on the shipment for the desk and move nothing.
 */
export function orderStatusFor(code: string): OrderStatus | null {
  switch (code) {
    case 'RECEIVED_AT_SHIPMENT_WAREHOUSE':
    case 'READY_TO_SHIP_AT_SENDING_OFFICE':
    case 'TAKEN_BY_TRANSPORTER_FROM_SENDER_CITY':
    case 'SENT_TO_TRANSIT_CITY':
    case 'ACCEPTED_IN_TRANSIT_CITY':
    case 'SENT_TO_RECIPIENT_CITY':
    case 'ACCEPTED_IN_RECIPIENT_CITY':
    case 'TAKEN_BY_COURIER':
      return 'shipped';
    case 'ACCEPTED_AT_PICK_UP_POINT':
    case 'POSTOMAT_POSTED':
      return 'ready';
    case 'DELIVERED':
      return 'delivered';
    default:
      return null;
  }
}

/** The chain an order walks to reach `to` from `from` (a notification may skip a step: «в пути» missed, «ждёт» arrives). */
function stepsTo(from: OrderStatus, to: OrderStatus): OrderStatus[] {
  const chain: OrderStatus[] = ['assembled', 'shipped', 'ready', 'delivered'];
  const a = chain.indexOf(from);
  const b = chain.indexOf(to);
  if (a < 0 || b <= a) return [];
  // a courier parcel is never «ждёт в пункте выдачи»
  return chain.slice(a + 1, b + 1).filter((s) => s === to || s !== 'ready');
}

/** The order hook: a СДЭК order marked «собран» gets its shipment row, in the same transaction. */
export function createShipmentHook(onQueued?: () => void): OrderHooks {
  return {
    async statusChanged(tx, order, _from, to) {
      if (to !== 'assembled' || !CDEK_METHODS.has(order.deliveryMethod)) return;
      const [row] = await rows<{ delivery: OrderDelivery | null }>(tx, sql`SELECT delivery FROM orders WHERE id = ${order.id}`);
      if (row?.delivery?.provider !== 'cdek') return;
      await tx.execute(sql`INSERT INTO shipments (order_id, provider) VALUES (${order.id}, 'cdek') ON CONFLICT (order_id) DO NOTHING`);
      onQueued?.();
    },
  };
}

interface ShipmentRow {
  orderId: number;
  attempts: number;
  carrierUuid: string | null;
}

interface OrderForShipment {
  ordernumber: string;
  city: string;
  fullName: string;
  phone: string;
  email: string;
  address: string;
  comment: string;
  deliveryMethod: string;
  delivery: OrderDelivery | null;
}

export interface ShipmentRegistrarOptions {
  db: Db;
  hooks: readonly OrderHooks[];
  client: CdekClient;
  config: CdekConfig;
  /** Where СДЭК sends status notifications (subscribed at start). */
  notifyUrl: string;
  /** СДЭК's code of a city, for orders taken while СДЭК did not answer (DeliveryService.cityCode). */
  cityCode(city: string): Promise<number | null>;
  pollMs?: number;
  log?: (message: string) => void;
}

export class ShipmentRegistrar {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private subscribed = false;

  constructor(private readonly options: ShipmentRegistrarOptions) {}

  private log(message: string) {
    (this.options.log ?? ((m: string) => console.warn(m)))(message);
  }

  start(): void {
    const tick = () => {
      void this.subscribe();
      void this.registerDue().catch((e: Error) => this.log(`[delivery] shipments round failed: ${e.message}`));
    };
    this.timer = setInterval(tick, this.options.pollMs ?? 5000);
    this.timer.unref();
    tick();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** A shipment was just written: look now rather than at the next poll. */
  nudge(): void {
    if (this.timer) setTimeout(() => void this.registerDue().catch(() => {}), 50).unref();
  }

  /** Subscribes the shop to СДЭК's status notifications, once per process (again at the next poll after a failure). */
  private async subscribe(): Promise<void> {
    if (this.subscribed) return;
    try {
      await this.options.client.subscribeStatuses(this.options.notifyUrl);
      this.subscribed = true;
    } catch (e) {
      this.log(`[delivery] СДЭК status notifications not subscribed yet: ${(e as Error).message}`);
    }
  }

  /** Registers every due shipment; returns how many were tried. One round at a time per process. */
  registerDue(): Promise<number> {
    this.running ??= this.round().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async round(): Promise<number> {
    const { db } = this.options;
    const claimed = await rows<ShipmentRow>(
      db,
      sql`UPDATE shipments SET next_attempt_at = now() + make_interval(secs => ${CLAIM_SECONDS}), attempts = attempts + 1, updated_at = now()
          WHERE order_id IN (SELECT order_id FROM shipments WHERE state = 'pending' AND next_attempt_at <= now()
                             ORDER BY next_attempt_at LIMIT 10 FOR UPDATE SKIP LOCKED)
          RETURNING order_id AS "orderId", attempts, carrier_uuid AS "carrierUuid"`,
    );
    for (const shipment of claimed) await this.registerOne(shipment);
    return claimed.length;
  }

  private async registerOne(shipment: ShipmentRow): Promise<void> {
    const { db, client } = this.options;
    try {
      let uuid = shipment.carrierUuid;
      if (!uuid) {
        uuid = await this.create(shipment.orderId);
        await db.execute(sql`UPDATE shipments SET carrier_uuid = ${uuid}, updated_at = now() WHERE order_id = ${shipment.orderId}`);
      }
      const info = await client.order(uuid);
      if (info?.errors.length) return this.fail(shipment.orderId, info.errors.join('; '));
      if (!info?.cdekNumber) {
        // accepted, not processed yet
        await db.execute(sql`UPDATE shipments SET next_attempt_at = now() + make_interval(secs => ${PROCESSING_SECONDS}), last_error = NULL WHERE order_id = ${shipment.orderId}`);
        return;
      }
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        await tx.execute(
          sql`UPDATE shipments SET state = 'registered', carrier_number = ${info.cdekNumber}, last_error = NULL, updated_at = now() WHERE order_id = ${shipment.orderId}`,
        );
        // the parcel's number is the order's tracking number (a number the owner typed stays)
        await tx.execute(sql`UPDATE orders SET tracking_number = COALESCE(tracking_number, ${info.cdekNumber}) WHERE id = ${shipment.orderId}`);
      });
    } catch (e) {
      if (e instanceof CdekError && e.kind === 'rejected') return this.fail(shipment.orderId, e.message);
      const message = (e as Error).message.slice(0, 300);
      this.log(`[delivery] shipment of order ${shipment.orderId}: ${message}; retried in ${backoffSeconds(shipment.attempts - 1)} s`);
      await db.execute(
        sql`UPDATE shipments SET next_attempt_at = now() + make_interval(secs => ${backoffSeconds(shipment.attempts - 1)}), last_error = ${message}, updated_at = now()
            WHERE order_id = ${shipment.orderId}`,
      );
    }
  }

  /** СДЭК refused it: kept, with why, for the desk to fix and send again. */
  private async fail(orderId: number, why: string): Promise<void> {
    this.log(`[delivery] СДЭК refused the shipment of order ${orderId}: ${why}`);
    await this.options.db.execute(sql`UPDATE shipments SET state = 'failed', last_error = ${why.slice(0, 500)}, updated_at = now() WHERE order_id = ${orderId}`);
  }

  /** Registers the order with СДЭК; a number СДЭК already has (an answer lost before) is looked up instead. */
  private async create(orderId: number): Promise<string> {
    const { db, client, config } = this.options;
    const [order] = await rows<OrderForShipment>(
      db,
      sql`SELECT ordernumber, full_name AS "fullName", phone, email, city, address, comment, delivery_method AS "deliveryMethod", delivery FROM orders WHERE id = ${orderId}`,
    );
    if (!order?.delivery) throw new CdekError('rejected', 'Заказ оформлен без данных доставки: зарегистрируйте посылку в кабинете СДЭК');
    // placed while СДЭК did not answer: its city is asked now
    const cityCode = order.delivery.cityCode ?? (await this.options.cityCode(order.city));
    if (!cityCode) throw new CdekError('rejected', `СДЭК не знает город «${order.city}»: исправьте адрес или зарегистрируйте посылку в кабинете СДЭК`);
    const lines = await rows<{ name: string; sku: string; size: string; price: number; quantity: number }>(
      db,
      sql`SELECT name, sku, size, price, quantity FROM order_lines WHERE order_id = ${orderId} ORDER BY id`,
    );
    const units = lines.reduce((n, l) => n + l.quantity, 0) || 1;
    const pickup = order.deliveryMethod === 'CDEK_PICKUP';
    const request: CdekOrderRequest = {
      number: order.ordernumber,
      tariffCode: order.delivery.tariffCode ?? (pickup ? config.pickupTariff : config.courierTariff),
      comment: `Заказ ${order.ordernumber}`,
      ...(config.shipmentPoint ? { shipmentPoint: config.shipmentPoint } : { fromLocation: { code: config.fromCityCode, address: config.senderAddress } }),
      ...(pickup && order.delivery.pickupPoint
        ? { deliveryPoint: order.delivery.pickupPoint.code }
        : { toLocation: { code: cityCode, address: order.address } }),
      recipient: { name: order.fullName, phone: order.phone, email: order.email },
      package: { ...PARCEL, weight: Math.max(PARCEL.weight, units * 800) },
      items: lines.map((l) => ({ name: `${l.name}, размер ${l.size}`.slice(0, 255), wareKey: l.sku, cost: l.price, weight: 800, amount: l.quantity })),
    };
    try {
      return await client.createOrder(request);
    } catch (e) {
      // registered before, its answer lost: СДЭК refuses the same number again
      if (e instanceof CdekError && e.kind === 'rejected') {
        const existing = await client.orderByNumber(order.ordernumber);
        if (existing) return existing.uuid;
      }
      throw e;
    }
  }

  /**
   * A status notification is only a hint: the shipment is asked of СДЭК and its latest status
   * moves the order along the chain (each step with its letter). Unknown uuids are answered
   * 'unknown' (not ours; СДЭК stops sending them on a 200).
   */
  async applyStatus(uuid: string): Promise<'applied' | 'unknown'> {
    const { db, client, hooks } = this.options;
    const [shipment] = await rows<{ orderId: number }>(db, sql`SELECT order_id AS "orderId" FROM shipments WHERE carrier_uuid = ${uuid}`);
    if (!shipment) return 'unknown';
    const info = await client.order(uuid);
    if (!info) return 'unknown';
    const latest = info.statuses.reduce<(typeof info.statuses)[number] | null>((last, s) => (!last || s.at >= last.at ? s : last), null);
    await db.execute(
      sql`UPDATE shipments SET carrier_status = ${latest?.code ?? null}, carrier_number = COALESCE(carrier_number, ${info.cdekNumber}), updated_at = now() WHERE order_id = ${shipment.orderId}`,
    );
    const target = latest ? orderStatusFor(latest.code) : null;
    if (!target) return 'applied';
    const [order] = await rows<{ status: OrderStatus }>(db, sql`SELECT status FROM orders WHERE id = ${shipment.orderId}`);
    if (!order) return 'unknown';
    for (const step of stepsTo(order.status, target)) {
      const moved = await changeOrderStatus(db, hooks, shipment.orderId, step, 'cdek', `СДЭК: ${latest?.name || latest?.code}`);
      if (!moved.ok) break;
    }
    return 'applied';
  }
}

/**
 * POST /api/delivery/cdek/notify: СДЭК's ORDER_STATUS webhook `{type, uuid, attributes}`. Only
 * the uuid is taken from it (СДЭК's webhooks are not signed): the shipment is asked of СДЭК.
 * 200 for everything handled, 400 for a body that is not a notification, 503 when СДЭК cannot
 * be asked (it sends the notification again).
 */
export function cdekNotifyRoute(registrar: ShipmentRegistrar | null, log: (message: string) => void = (m) => console.warn(m), store?: RateLimitStore) {
  const limiter = createRateLimit({ name: 'cdek-notify', limit: 300, store });
  return async (request: Request, clientKey: string): Promise<Response> => {
    if (!registrar) return errorResponse('NOT_FOUND', 'Доставка через СДЭК не подключена');
    if (request.method !== 'POST') return errorResponse('METHOD_NOT_ALLOWED', 'Только POST', { headers: { allow: 'POST' } });
    const wait = await limiter.hit(clientKey);
    if (wait > 0) return errorResponse('RATE_LIMITED', `Слишком много уведомлений. Попробуйте снова через ${wait} с.`, { headers: { 'retry-after': String(wait) } });
    let body: { type?: unknown; uuid?: unknown } | null;
    try {
      body = JSON.parse(await request.text());
    } catch {
      return errorResponse('BAD_REQUEST', 'Ожидалось уведомление СДЭК в JSON');
    }
    const uuid = body?.uuid;
    if (typeof body?.type !== 'string' || typeof uuid !== 'string' || !/^[0-9a-f-]{8,64}$/i.test(uuid)) {
      return errorResponse('BAD_REQUEST', 'Ожидалось уведомление СДЭК: type и uuid');
    }
    if (body.type !== 'ORDER_STATUS') return Response.json({ ok: true, ignored: body.type.slice(0, 60) });
    try {
      const outcome = await registrar.applyStatus(uuid);
      if (outcome === 'unknown') log(`[delivery] СДЭК notification for ${uuid}, which is not ours: ignored`);
      return Response.json({ ok: true }, { headers: { 'cache-control': 'no-store' } });
    } catch (e) {
      if (e instanceof CdekError) {
        log(`[delivery] СДЭК notification for ${uuid}: СДЭК could not be asked (${e.message}); answered 503`);
        return errorResponse('SERVICE_UNAVAILABLE', 'Статус не удалось проверить, повторите позже');
      }
      throw e;
    }
  };
}
