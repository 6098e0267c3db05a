import type { Db } from '../db/database.ts';
import type { OrderFacts } from './order-row.ts';
import type { OrderStatus } from './order-status.ts';

/** What a hook is told: the order as stored after the change. */
export type OrderHookOrder = OrderFacts;

/**
 * Work that must happen exactly when an order changes, in the same transaction (so it is
 * written if and only if the change is): the mail outbox rows of notify/. A hook only writes
 * rows through `tx`; anything slow (SMTP) happens later, from those rows.
 */
export interface OrderHooks {
  placed?(tx: Db, order: OrderHookOrder): Promise<void>;
  statusChanged?(tx: Db, order: OrderHookOrder, from: OrderStatus, to: OrderStatus): Promise<void>;
}

export async function runPlaced(hooks: readonly OrderHooks[], tx: Db, order: OrderHookOrder) {
  for (const h of hooks) await h.placed?.(tx, order);
}

export async function runStatusChanged(
  hooks: readonly OrderHooks[],
  tx: Db,
  order: OrderHookOrder,
  from: OrderStatus,
  to: OrderStatus,
) {
  for (const h of hooks) await h.statusChanged?.(tx, order, from, to);
}
