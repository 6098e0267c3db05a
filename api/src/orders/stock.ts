import { type SQL, sql } from 'drizzle-orm';
import { type Db, rows } from '../db/database.ts';

/**
 * Stock, as the shop sells it. offers.stock is the FREE stock: what the catalogue shows and what
 * an order may take. Placing an order takes its units off offers.stock in the order's own
 * transaction (a conditional UPDATE per line: the row lock serialises concurrent orders for one
 * offer, and `stock >= q` is re-checked on the row another order just committed, so two orders
 * can never both take the last unit) and records them in stock_reservations ('held'). A cancel
 * or an expired reservation gives them back (releaseStock); a paid order keeps them. A catalogue
 * import sets free stock = imported stock − units still held (holdBackReservedUnits).
 *
 * Lock order, everywhere: the order row (if any), then offers by ascending id, then products by
 * ascending id, then catalog_meta. The same order in every transaction means no deadlock cycle.
 */

/** What a product's derived listing columns are, computed from its offers' free stock (the one place). */
const DERIVED = sql`
  SELECT o.product_id,
         bool_or(o.stock > 0) AS in_stock,
         coalesce(array_agg(o.size ORDER BY o.sort, o.id) FILTER (WHERE o.stock > 0), '{}'::text[]) AS sizes,
         coalesce(min(o.price) FILTER (WHERE o.stock > 0), min(o.price)) AS min_price
  FROM offers o`;

/**
 * Recomputes products' derived columns from their offers' free stock: in_stock, sizes (on sale,
 * in the offers' order), min_price (the lowest price on sale, or the lowest of all when nothing
 * is), and the `size:` tags in props (the other property tags stay). The catalogue import runs it
 * for every product; a stock change runs it for the products whose offers crossed 0 (these
 * columns only depend on which offers have stock > 0, so no other change can alter them).
 */
export async function refreshDerivedColumns(tx: Db, productIds: number[] | 'all'): Promise<void> {
  if (productIds !== 'all' && !productIds.length) return;
  const ids = productIds === 'all' ? [] : [...productIds].sort((a, b) => a - b);
  if (productIds !== 'all') {
    // Lock the products first (ascending id), then derive in a statement of its own: under READ
    // COMMITTED that statement sees every sibling offer's change committed by a transaction that
    // held the lock before us. Deriving inside the UPDATE alone would keep the values read before
    // waiting (two sizes of one product selling out at once would leave one of them listed).
    await tx.execute(sql`SELECT id FROM products WHERE id = ANY(${sql.param(ids)}::int[]) ORDER BY id FOR UPDATE`);
  }
  const scope: SQL = productIds === 'all' ? sql`` : sql`WHERE o.product_id = ANY(${sql.param(ids)}::int[])`;
  await tx.execute(sql`
    UPDATE products p SET
      in_stock = d.in_stock,
      sizes = d.sizes,
      min_price = d.min_price,
      props = ARRAY(SELECT 'size:' || s FROM unnest(d.sizes) AS s)
              || ARRAY(SELECT x FROM unnest(p.props) AS x WHERE NOT starts_with(x, 'size:'))
    FROM (${DERIVED} ${scope} GROUP BY o.product_id) d
    WHERE p.id = d.product_id`);
}

/**
 * A size sold out or came back: the API answers from a cache keyed by catalog_meta.version, so
 * the version moves with the change (same transaction). Only on such a crossing, never on every
 * order: the cache has to stay useful at hundreds of orders a second.
 */
export async function bumpCatalogVersion(tx: Db): Promise<void> {
  await tx.execute(
    sql`INSERT INTO catalog_meta (id, version, updated_at) VALUES (1, 1, now())
        ON CONFLICT (id) DO UPDATE SET version = catalog_meta.version + 1, updated_at = now()`,
  );
}

/** Derived columns of these products, then the version bump. Returns whether anything crossed. */
async function afterCrossing(tx: Db, productIds: Set<number>): Promise<boolean> {
  if (!productIds.size) return false;
  await refreshDerivedColumns(tx, [...productIds]);
  await bumpCatalogVersion(tx);
  return true;
}

export interface ReserveLine {
  offerId: number;
  /** The sku the shopper's line was priced with: an import may have renumbered the offer since. */
  sku: string;
  size: string;
  quantity: number;
}

export type ReserveRejection =
  | { line: ReserveLine; code: 'SOLD_OUT' | 'INSUFFICIENT_STOCK'; available: number }
  | { line: ReserveLine; code: 'UNKNOWN_OFFER' };

export type ReserveResult = { ok: true; crossed: boolean } | { ok: false; rejections: ReserveRejection[] };

/**
 * Takes the lines' units off free stock and records them as held by the order, in the caller's
 * transaction. Lines are taken in ascending offer id (the lock order). When a line cannot be
 * taken (another order got the units first), the remaining lines are only checked, and the
 * result lists every line that cannot be served: the caller must roll the transaction back
 * (units already taken by this call are given back by the rollback).
 */
export async function reserveStock(tx: Db, orderId: number, lines: ReserveLine[]): Promise<ReserveResult> {
  const sorted = [...lines].sort((a, b) => a.offerId - b.offerId);
  const rejections: ReserveRejection[] = [];
  const crossedProducts = new Set<number>();
  for (const line of sorted) {
    // a release committed between the UPDATE and the SELECT can make the units free again: try again
    for (let attempt = 0; attempt < 3; attempt++) {
      if (!rejections.length) {
        const [taken] = await rows<{ stock: number; product_id: number }>(
          tx,
          sql`UPDATE offers SET stock = stock - ${line.quantity}
              WHERE id = ${line.offerId} AND lower(sku) = lower(${line.sku}) AND stock >= ${line.quantity}
              RETURNING stock, product_id`,
        );
        if (taken) {
          if (taken.stock === 0) crossedProducts.add(taken.product_id);
          break;
        }
      }
      const [now] = await rows<{ stock: number }>(
        tx,
        sql`SELECT stock FROM offers WHERE id = ${line.offerId} AND lower(sku) = lower(${line.sku})`,
      );
      if (!now) rejections.push({ line, code: 'UNKNOWN_OFFER' });
      else if (now.stock <= 0) rejections.push({ line, code: 'SOLD_OUT', available: 0 });
      else if (now.stock < line.quantity || attempt === 2) rejections.push({ line, code: 'INSUFFICIENT_STOCK', available: now.stock });
      else if (!rejections.length) continue;
      break;
    }
  }
  if (rejections.length) return { ok: false, rejections };
  for (const line of sorted) {
    await tx.execute(
      sql`INSERT INTO stock_reservations (order_id, sku, quantity, state) VALUES (${orderId}, ${line.sku}, ${line.quantity}, 'held')`,
    );
  }
  return { ok: true, crossed: await afterCrossing(tx, crossedProducts) };
}

/**
 * Gives an order's held units back to free stock (cancel, reservation expiry) and marks its
 * reservations released. Runs inside the caller's transaction (changeOrderStatus, which holds
 * the order's row lock); a second call releases nothing. An offer that no longer exists (a
 * later import dropped its sku) gets nothing back. A size that comes back from 0 updates its
 * product's derived columns and bumps the catalogue version. Returns the skus given back.
 */
export async function releaseStock(tx: Db, orderId: number): Promise<string[]> {
  const released = await rows<{ sku: string; quantity: number }>(
    tx,
    sql`UPDATE stock_reservations SET state = 'released', released_at = now()
        WHERE order_id = ${orderId} AND state = 'held' RETURNING sku, quantity`,
  );
  if (!released.length) return [];
  const bySku = new Map<string, number>();
  for (const r of released) bySku.set(r.sku.toLowerCase(), (bySku.get(r.sku.toLowerCase()) ?? 0) + r.quantity);
  // by offer id: the same lock order as placing an order
  const offers = await rows<{ id: number; sku: string }>(
    tx,
    sql`SELECT id, lower(sku) AS sku FROM offers WHERE lower(sku) = ANY(${sql.param([...bySku.keys()])}::text[]) ORDER BY id`,
  );
  const crossedProducts = new Set<number>();
  const given: string[] = [];
  for (const offer of offers) {
    const quantity = bySku.get(offer.sku) ?? 0;
    const [after] = await rows<{ stock: number; product_id: number }>(
      tx,
      sql`UPDATE offers SET stock = stock + ${quantity} WHERE id = ${offer.id} RETURNING stock, product_id`,
    );
    if (!after) continue;
    given.push(offer.sku);
    if (after.stock > 0 && after.stock - quantity <= 0) crossedProducts.add(after.product_id);
  }
  await afterCrossing(tx, crossedProducts);
  return given;
}

/**
 * After a catalogue import (inside its transaction, offers freshly inserted with the imported
 * stock): free stock = imported stock − units still held for that sku, never below 0, so an
 * import cannot resurrect reserved units. "Still held" means held by an order that has not left
 * the warehouse yet (new, paid, assembled): the imported stock counts the units on the shelves,
 * and a shipped order's units are no longer there.
 */
export async function holdBackReservedUnits(tx: Db): Promise<void> {
  await tx.execute(sql`
    UPDATE offers o SET stock = greatest(o.stock - h.quantity, 0)
    FROM (SELECT lower(r.sku) AS sku, sum(r.quantity)::int AS quantity
          FROM stock_reservations r JOIN orders ord ON ord.id = r.order_id
          WHERE r.state = 'held' AND ord.status IN ('new', 'paid', 'assembled')
          GROUP BY lower(r.sku)) h
    WHERE lower(o.sku) = h.sku`);
}

/** Deadlock or serialization failure: the transaction did nothing and may simply run again. */
export function isRetryableTransactionError(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === '40P01' || code === '40001') return true;
  }
  return false;
}
