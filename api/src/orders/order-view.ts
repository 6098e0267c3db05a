import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/database.ts';

/** When an unpaid order's reservation ends (orders.reserved_until), or null when it holds none. */
export async function reservedUntil(db: Db, orderId: number): Promise<Date | null> {
  const [row] = await rows<{ at: Date | string | null }>(db, sql`SELECT reserved_until AS at FROM orders WHERE id = ${orderId}`);
  return row?.at ? new Date(row.at) : null;
}
