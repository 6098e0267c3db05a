import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/database.ts';
import { changeOrderStatus } from './order-lifecycle.ts';
import type { OrderHooks } from './order-hooks.ts';

/** The note an expired order's history gets (shown in the desk). */
export const EXPIRED_NOTE = 'Не оплачен вовремя: резерв снят';

/** How many expired orders one sweep cancels at most (the next sweep takes the rest). */
const SWEEP_BATCH = 200;

/**
 * Cancels every unpaid order ('new') whose reservation time has passed, as the actor 'system',
 * through changeOrderStatus: the row lock there makes this safe with several API processes
 * sweeping at once (the second one finds the order cancelled and changes nothing), and the
 * cancel releases the stock, records the event and runs the hooks like any other cancel.
 * Returns how many orders this call cancelled.
 */
export async function sweepExpiredReservations(db: Db, hooks: readonly OrderHooks[], now?: Date): Promise<number> {
  const at = now ?? null;
  const due = await rows<{ id: number }>(
    db,
    sql`SELECT id FROM orders WHERE status = 'new' AND reserved_until IS NOT NULL
          AND reserved_until <= coalesce(${at}::timestamptz, now())
        ORDER BY reserved_until LIMIT ${SWEEP_BATCH}`,
  );
  let cancelled = 0;
  for (const { id } of due) {
    const result = await changeOrderStatus(db, hooks, id, 'cancelled', 'system', EXPIRED_NOTE);
    if (result.ok && result.changed) cancelled++;
  }
  return cancelled;
}

/**
 * Sweeps every `intervalMs` (unref'd: it never keeps the process alive). `afterSweep` runs when a
 * sweep cancelled something (the API re-reads its catalogue version there: a size came back).
 * Overlapping sweeps are skipped; an error (database away) waits for the next tick.
 */
export function startReservationSweeper(sweep: () => Promise<number>, intervalMs = 30_000): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweep()
      .catch(() => 0)
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
