import type { Db } from '../db/database.ts';

/**
 * Gives an order's held units back to free stock (cancel, reservation expiry) and marks its
 * reservations released. Runs inside the caller's transaction; a second call releases nothing.
 * Returns the skus whose free stock changed.
 *
 * STUB: the stock helper replaces this with the real release (offers.stock += held quantity,
 * products' derived columns, the catalogue version bump when a size comes back).
 */
export async function releaseStock(_tx: Db, _orderId: number): Promise<string[]> {
  return [];
}
