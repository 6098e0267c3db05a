import { asc, eq, sql } from 'drizzle-orm';
import { errorMessage } from '@shop/contracts/errors';
import { sameSecret } from '@shop/server-kit';
import { type Db, rows } from '../db/database.ts';
import type { OrderDelivery } from '../db/order-delivery.ts';
import { offers, orderConsents, orderLines, orders } from '../db/schema.ts';
import { type OrderHooks, runPlaced } from './order-hooks.ts';
import { isOrderStatus, type OrderStatus } from './order-status.ts';
import { isRetryableTransactionError, type ReserveRejection, reserveStock } from './stock.ts';
import { orderFingerprint, storedOrderFingerprint } from './order-fingerprint.ts';
import { newAccessKey, newOrderNumber } from './order-number.ts';
import {
  type CleanOrder,
  type OrderError,
  type OrderInput,
  type ValidateOptions,
  validateOrderData,
} from './validate-order.ts';

/**
 * An order as the API hands it on: the orders table's row (db/schema.ts) without what only the
 * repository reads (the request's idempotency key and fingerprint), its status typed;
 * `statusChangedAt` dates a delivery (the return window counts from it). `reservedUntil`: until when an unpaid order holds its units; null once paid,
 * cancelled or released.
 */
export type OrderRow = Omit<OrderSelect, 'idempotencyKey' | 'requestFingerprint' | 'status'> & { status: OrderStatus };
type OrderSelect = typeof orders.$inferSelect;

export interface OrderLineRow {
  offerId: number;
  /** The product id when the order was placed. */
  productId: number;
  /** The product in today's catalogue, or null when its offer is gone. */
  currentProductId: number | null;
  name: string;
  sku: string;
  size: string;
  price: number;
  quantity: number;
}

/** A line of a stored order (what the order page lists), with its order. */
export interface SoldLineRow extends OrderLineRow {
  orderId: number;
}

export interface CreateOrderResult {
  success: boolean;
  errors: OrderError[];
  order: OrderRow | null;
}

/**
 * An order row as the API hands it on, from drizzle's row of `orders` (dates as Date on both
 * drivers); a status this code does not know is an error, not a silently mistyped value.
 */
function toOrder(r: OrderSelect): OrderRow {
  const { idempotencyKey: _key, requestFingerprint: _fingerprint, status, ...order } = r;
  if (!isOrderStatus(status)) throw new Error(`Order ${r.id} has an unknown status ${JSON.stringify(status)}`);
  return { ...order, status };
}

/** The answer to a known key with other content: nothing of the stored order, only this. */
const keyReused = (): CreateOrderResult => ({
  success: false,
  order: null,
  errors: [
    {
      field: 'idempotencyKey',
      line: null,
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: errorMessage('IDEMPOTENCY_KEY_REUSED'),
    },
  ],
});

/** Rolls the placing transaction back when a line's units are gone. */
class StockRejected extends Error {
  constructor(readonly rejections: ReserveRejection[]) {
    super('stock rejected');
  }
}

/** A line's rejection in the words the API already uses for stock (validation does the same before the transaction). */
function stockError(r: ReserveRejection, lines: OrderLineRow[]): OrderError {
  const line = Math.max(
    0,
    lines.findIndex((l) => l.offerId === r.line.offerId),
  );
  const field = `items[${line}]`;
  if (r.code === 'UNKNOWN_OFFER')
    return { field: `${field}.offerId`, line, code: 'UNKNOWN_OFFER', message: errorMessage('UNKNOWN_OFFER') };
  if (r.code === 'SOLD_OUT')
    return { field, line, code: 'SOLD_OUT', message: errorMessage('SOLD_OUT', { size: r.line.size }), available: 0 };
  return {
    field: `${field}.quantity`,
    line,
    code: 'INSUFFICIENT_STOCK',
    message: errorMessage('INSUFFICIENT_STOCK', { available: r.available, size: r.line.size }),
    available: r.available,
  };
}

/** An offer as an order line needs it: its price and free stock from the catalogue. */
interface OfferForOrder {
  id: number;
  productId: number;
  name: string;
  sku: string;
  size: string;
  price: number;
  stock: number;
}

/**
 * Prices every line from the catalogue (never from the client). A line's problems (unknown
 * offer, sold out, too few units, a changed price) are appended to `errors`.
 */
function priceLines(input: OrderInput, ids: (number | null)[], byId: Map<number, OfferForOrder>, errors: OrderError[]): OrderLineRow[] {
  const lines: OrderLineRow[] = [];
  input.items.forEach((item, line) => {
    const offer = ids[line] === null ? undefined : byId.get(ids[line] as number);
    const field = `items[${line}]`;
    if (!offer) {
      errors.push({
        field: `${field}.offerId`,
        line,
        code: 'UNKNOWN_OFFER',
        message: errorMessage('UNKNOWN_OFFER'),
      });
      return;
    }
    if (offer.stock <= 0) {
      errors.push({ field, line, code: 'SOLD_OUT', message: errorMessage('SOLD_OUT', { size: offer.size }), available: 0 });
      return;
    }
    if (Number.isInteger(item.quantity) && item.quantity > offer.stock) {
      errors.push({
        field: `${field}.quantity`,
        line,
        code: 'INSUFFICIENT_STOCK',
        message: errorMessage('INSUFFICIENT_STOCK', { available: offer.stock, size: offer.size }),
        available: offer.stock,
      });
    }
    if (item.price !== undefined && item.price !== null && item.price !== offer.price) {
      errors.push({
        field: `${field}.price`,
        line,
        code: 'PRICE_CHANGED',
        message: errorMessage('PRICE_CHANGED', { price: offer.price }),
        price: offer.price,
      });
    }
    lines.push({
      offerId: offer.id,
      productId: offer.productId,
      currentProductId: offer.productId,
      name: offer.name,
      sku: offer.sku,
      size: offer.size,
      price: offer.price,
      quantity: item.quantity,
    });
  });
  return lines;
}

export class OrderRepo {
  /**
   * `hooks`: the API's order hooks (createApi builds the list once), run in the transaction that
   * places an order. `onCatalogChanged`: called after a commit that bumped catalog_meta.version
   * (a size sold out or came back), so this process re-reads it before its next answer.
   */
  constructor(
    private readonly db: Db,
    readonly hooks: readonly OrderHooks[] = [],
    private readonly onCatalogChanged: () => unknown = () => {},
    /** How long an unpaid order holds its units (ORDER_RESERVATION_MINUTES). */
    private readonly reservationMinutes = 30,
  ) {}

  /**
   * The order stored under a key, if its content has this fingerprint. The comparison happens
   * before anything of the order leaves this function: another request's content gets
   * `mismatch`, never the order.
   */
  private async byKey(idempotencyKey: string, fingerprint: string): Promise<{ order: OrderRow } | 'mismatch' | null> {
    const [o] = await this.db.select().from(orders).where(eq(orders.idempotencyKey, idempotencyKey));
    if (!o) return null;
    const order = toOrder(o);
    const expected = o.requestFingerprint ?? (await this.legacyFingerprint(order));
    return sameSecret(expected, fingerprint) ? { order } : 'mismatch';
  }

  /** An order from before migration 0004: its fingerprint from what it stored, written back once. */
  private async legacyFingerprint(order: OrderRow): Promise<string> {
    const lines = await this.db
      .select({ offerId: orderLines.offerId, quantity: orderLines.quantity })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id));
    const consent = await this.consent(order.id);
    const fingerprint = storedOrderFingerprint(order, lines, consent?.consentVersion ?? null);
    await this.db.execute(
      sql`UPDATE orders SET request_fingerprint = ${fingerprint} WHERE id = ${order.id} AND request_fingerprint IS NULL`,
    );
    return fingerprint;
  }

  /**
   * Validates, prices every line from the catalogue (never from the client) and stores the
   * order, its lines and the consent record in one transaction. The idempotency key makes a
   * repeated or concurrent submit of the same order (same content: orderFingerprint) return
   * the first order instead of creating a second; the same key with other content is refused
   * with IDEMPOTENCY_KEY_REUSED and learns nothing about the stored order.
   */
  async create(input: OrderInput, clientIp: string, options: ValidateOptions = {}): Promise<CreateOrderResult> {
    const { clean, errors } = validateOrderData(input, options);
    const fingerprint = orderFingerprint(input);
    const keyOk = !errors.some((e) => e.field === 'idempotencyKey');
    if (keyOk) {
      const existing = await this.byKey(input.idempotencyKey, fingerprint);
      if (existing === 'mismatch') return keyReused();
      if (existing) return { success: true, errors: [], order: existing.order };
    }
    // too many lines: refused before any offer is looked up
    if (errors.some((e) => e.code === 'TOO_MANY_LINES')) return { success: false, errors, order: null };

    const ids = input.items.map((i) => (/^[1-9]\d{0,9}$/.test(i.offerId) ? Number(i.offerId) : null));
    const byId = await this.offersById(ids);
    const lines = priceLines(input, ids, byId, errors);
    if (errors.length || !clean) return this.refusedUnlessPlaced(input, fingerprint, keyOk, errors);
    const delivery = options.delivery ? await options.delivery(clean) : null;
    if (delivery && 'errors' in delivery) {
      return { success: false, errors: delivery.errors.map((e) => ({ ...e, line: null })), order: null };
    }
    const checked = delivery ? { ...clean, address: delivery.address, delivery: delivery.delivery } : clean;
    return this.placeChecked(input, fingerprint, keyOk, checked, clientIp, lines);
  }

  /** Offers by id for the ids a client sent; ids out of the int4 range find nothing. */
  private async offersById(ids: (number | null)[]): Promise<Map<number, OfferForOrder>> {
    const wanted = ids.filter((x): x is number => x !== null && x <= 2_147_483_647);
    // raw SQL through db.execute: orders-stock.test.ts races a first submit against this very statement
    const found = wanted.length
      ? await rows<OfferForOrder>(
          this.db,
          sql`SELECT o.id, o.product_id AS "productId", p.name, o.sku, o.size, o.price, o.stock FROM offers o JOIN products p ON p.id = o.product_id
              WHERE o.id = ANY(${sql.param(wanted)}::int[])`,
        )
      : [];
    return new Map(found.map((offer) => [offer.id, offer]));
  }

  /** Places a checked order; a lost race on the same key answers with the winner's order if the content matches. */
  private async placeChecked(
    input: OrderInput,
    fingerprint: string,
    keyOk: boolean,
    clean: CleanOrder & { delivery?: OrderDelivery },
    clientIp: string,
    lines: OrderLineRow[],
  ): Promise<CreateOrderResult> {
    const total = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
    const placed = await this.place(input, fingerprint, clean, clientIp, lines, total);
    if (placed && 'rejections' in placed) {
      return this.refusedUnlessPlaced(
        input,
        fingerprint,
        keyOk,
        placed.rejections.map((r) => stockError(r, lines)),
      );
    }
    if (placed?.crossed) await this.onCatalogChanged();
    const created = placed?.order ?? null;
    if (created) return { success: true, errors: [], order: created };
    // a concurrent submit with the same key won: its order is ours only if its content is
    const winner = await this.byKey(input.idempotencyKey, fingerprint);
    if (winner === 'mismatch') return keyReused();
    return { success: !!winner, errors: [], order: winner?.order ?? null };
  }

  /**
   * A stock refusal for a key whose first submit committed meanwhile (a resend while the first
   * request was still in flight: the first took the units, so the resend sees them gone) is no
   * refusal: that order is the answer. Other refusals are answered as they are.
   */
  private async refusedUnlessPlaced(
    input: OrderInput,
    fingerprint: string,
    keyOk: boolean,
    errors: OrderError[],
  ): Promise<CreateOrderResult> {
    if (keyOk && errors.some((e) => e.code === 'SOLD_OUT' || e.code === 'INSUFFICIENT_STOCK')) {
      const settled = await this.byKey(input.idempotencyKey, fingerprint);
      if (settled && settled !== 'mismatch') return { success: true, errors: [], order: settled.order };
    }
    return { success: false, errors, order: null };
  }

  /**
   * The order, its lines, consent, reserved units, first history event and the placed hooks, in
   * one transaction. The order row is inserted first: a concurrent submit with the same key waits
   * on its unique index and, once the first commits, inserts nothing and takes no units (null).
   * A line whose units another order took meanwhile rolls everything back (`rejections`). A
   * deadlock or serialization failure (PostgreSQL) runs the transaction again, a few times.
   */
  private async place(
    input: OrderInput,
    fingerprint: string,
    clean: CleanOrder & { delivery?: OrderDelivery },
    clientIp: string,
    lines: OrderLineRow[],
    total: number,
  ): Promise<{ order: OrderRow; crossed: boolean } | { rejections: ReserveRejection[] } | null> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.transaction(async (txRaw) => {
          const tx = txRaw as unknown as Db;
          let ordernumber = newOrderNumber();
          for (let i = 0; i < 5; i++) {
            const [taken] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.ordernumber, ordernumber));
            if (!taken) break;
            ordernumber = newOrderNumber();
          }
          // ON CONFLICT: a concurrent submit with the same key waits for ours, then inserts nothing
          const [inserted] = await tx
            .insert(orders)
            .values({
              ordernumber,
              idempotencyKey: input.idempotencyKey,
              requestFingerprint: fingerprint,
              accessKey: newAccessKey(),
              status: 'new',
              fullName: clean.fullName,
              phone: clean.phone,
              email: clean.email,
              city: clean.city,
              address: clean.address,
              deliveryMethod: clean.deliveryMethod,
              delivery: clean.delivery ?? null,
              comment: clean.comment,
              totalPrice: total,
              reservedUntil: sql`now() + make_interval(mins => ${this.reservationMinutes}::int)`,
            })
            .onConflictDoNothing({ target: orders.idempotencyKey })
            .returning();
          const order = inserted && toOrder(inserted);
          if (!order) return null;
          const reserved = await reserveStock(
            tx,
            order.id,
            lines.map((l) => ({ offerId: l.offerId, sku: l.sku, size: l.size, quantity: l.quantity })),
          );
          // thrown to roll back: the order, and the units the earlier lines took
          if (!reserved.ok) throw new StockRejected(reserved.rejections);
          for (const l of lines) {
            await tx.execute(
              sql`INSERT INTO order_lines (order_id, offer_id, product_id, name, sku, size, price, quantity)
                  VALUES (${order.id}, ${l.offerId}, ${l.productId}, ${l.name}, ${l.sku}, ${l.size}, ${l.price}, ${l.quantity})`,
            );
          }
          await tx.execute(
            sql`INSERT INTO order_consents (order_id, consent_version, consented_at, client_ip) VALUES (${order.id}, ${clean.consentVersion}, now(), ${clientIp})`,
          );
          await tx.execute(
            sql`INSERT INTO order_events (order_id, actor, from_status, to_status, note) VALUES (${order.id}, 'shopper', NULL, 'new', '')`,
          );
          await runPlaced(this.hooks, tx, { ...order, status: 'new' });
          return { order, crossed: reserved.crossed };
        });
      } catch (e) {
        if (e instanceof StockRejected) return { rejections: e.rejections };
        if (attempt < 4 && isRetryableTransactionError(e)) continue;
        throw e;
      }
    }
  }

  async byNumber(ordernumber: string, key: string): Promise<OrderRow | null> {
    const [o] = await this.db.select().from(orders).where(eq(orders.ordernumber, ordernumber.toUpperCase()));
    return o && sameSecret(o.accessKey, key) ? toOrder(o) : null;
  }

  async byId(id: number, key: string): Promise<OrderRow | null> {
    const [o] = await this.db.select().from(orders).where(eq(orders.id, id));
    return o && sameSecret(o.accessKey, key) ? toOrder(o) : null;
  }

  /**
   * Lines as sold. A catalogue import renumbers offers and products, so the links to today's
   * catalogue go through the offer's sku (null when it is no longer sold).
   */
  async lines(orderId: number): Promise<SoldLineRow[]> {
    const l = orderLines;
    return this.db
      .select({ orderId: l.orderId, offerId: l.offerId, productId: l.productId, currentProductId: offers.productId, name: l.name, sku: l.sku, size: l.size, price: l.price, quantity: l.quantity })
      .from(l)
      .leftJoin(offers, sql`lower(${offers.sku}) = lower(${l.sku})`)
      .where(eq(l.orderId, orderId))
      .orderBy(asc(l.id));
  }

  async consent(orderId: number): Promise<{ consentVersion: string; consentedAt: Date; clientIp: string } | null> {
    const c = orderConsents;
    const [consent] = await this.db
      .select({ consentVersion: c.consentVersion, consentedAt: c.consentedAt, clientIp: c.clientIp })
      .from(c)
      .where(eq(c.orderId, orderId));
    return consent ?? null;
  }

}
