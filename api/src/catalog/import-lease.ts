import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/database.ts';

/** How long a lease lasts without renewal: a crashed importer blocks the next one no longer. */
const LEASE_SECONDS = 120;
const RENEW_MS = 30_000;

/**
 * Runs `work` as the shop's only catalogue import, or answers `busy` at once when another one
 * (any replica, or `npm run import`) holds the lease.
 *
 * Why a lease row rather than pg_advisory_lock: a session lock needs one connection held for
 * the whole import (PGlite has one, shared by every request, and would let a second import in
 * the same process take it again). A row works the same on both drivers and expires by itself.
 */
export async function withImportLease<T>(
  db: Db,
  work: () => Promise<T>,
): Promise<{ busy: true } | { busy: false; value: T }> {
  const holder = randomUUID();
  const [taken] = await rows<{ holder: string }>(
    db,
    sql`INSERT INTO catalog_import_lease (id, holder, until) VALUES (1, ${holder}, now() + make_interval(secs => ${LEASE_SECONDS}))
        ON CONFLICT (id) DO UPDATE SET holder = excluded.holder, until = excluded.until
        WHERE catalog_import_lease.until < now()
        RETURNING holder`,
  );
  if (taken?.holder !== holder) return { busy: true };
  const renew = setInterval(() => {
    db.execute(
      sql`UPDATE catalog_import_lease SET until = now() + make_interval(secs => ${LEASE_SECONDS}) WHERE holder = ${holder}`,
    ).catch(() => undefined); // the next renewal tries again; the lease outlives a few misses
  }, RENEW_MS);
  renew.unref();
  try {
    return { busy: false, value: await work() };
  } finally {
    clearInterval(renew);
    await db.execute(sql`DELETE FROM catalog_import_lease WHERE holder = ${holder}`);
  }
}
