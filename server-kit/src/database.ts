import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { DataFolderError, damaged, type FolderNames, faultDetail, inspectPgliteFolder, isPgliteFault } from './pglite-folder.ts';

/**
 * Opening a service's database on drizzle: PostgreSQL through a pg pool (DATABASE_URL) or an
 * embedded PGlite, migrated from the service's own folder. Each service names its tables (the
 * schema) and its migration journal; nothing outside its database module knows which driver runs.
 */

/** The query builder both drivers share. */
export type Db<Schema extends Record<string, unknown>> = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database<Schema extends Record<string, unknown>> {
  db: Db<Schema>;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The embedded instance, for cloning test templates. */
  pglite?: PGlite;
}

export type DatabaseOptions = { databaseUrl: string; poolSize?: number } | { pgliteDir?: string; pglite?: PGlite };

/** drizzle's migrator options: the folder, and where the journal is kept (default drizzle.__drizzle_migrations). */
export interface Migrations {
  migrationsFolder: string;
  migrationsSchema?: string;
  migrationsTable?: string;
}

// count(*) and sums come back as strings through pg and as numbers through PGlite.
pg.types.setTypeParser(20, (v) => Number(v));

/** Rows of a raw SQL query, the same shape on both drivers. */
export async function rows<T>(db: { execute(query: SQL): PromiseLike<unknown> }, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as { rows: T[] }).rows;
}

/** A migrated PostgreSQL database; fails at once with the driver's message when it cannot connect. */
export async function openPostgres<Schema extends Record<string, unknown>>(
  databaseUrl: string,
  poolSize: number,
  schema: Schema,
  migrations: Migrations,
): Promise<Database<Schema>> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  // A client in use when the server goes away (restart, failover) emits 'error' outside any
  // query; unheard, that ends the process. The query in flight fails and the pool opens a new
  // connection for the next one.
  pool.on('connect', (connection) => connection.on('error', () => {}));
  // fail fast with the driver's message instead of on the first request
  const client = await pool.connect();
  client.release();
  pool.on('error', () => {});
  const db = drizzleNodePg(pool, { schema }) as unknown as Db<Schema>;
  await migrateNodePg(db as never, migrations);
  return { db, driver: 'postgres', close: () => pool.end() };
}

/** A migrated PGlite database; `close` closes the instance (unless the caller keeps it) and then runs `onClose`. */
export async function openPglite<Schema extends Record<string, unknown>>(
  client: PGlite,
  schema: Schema,
  migrations: Migrations,
  options: { keepOpen?: boolean; onClose?: () => void } = {},
): Promise<Database<Schema>> {
  const db = drizzlePglite(client, { schema }) as unknown as Db<Schema>;
  await migratePglite(db as never, migrations);
  return {
    db,
    driver: 'pglite',
    pglite: client,
    close: async () => {
      if (!options.keepOpen && !client.closed) await client.close();
      options.onClose?.();
    },
  };
}

/**
 * A migrated PGlite database in a folder, the folder checked first (inspectPgliteFolder). A folder
 * that is not a sound PGlite database, or an existing database without this service's migration
 * journal, is refused with a DataFolderError naming the folder and what to do: never opened, and
 * never migrated into a new, empty database in its place.
 */
export async function openPgliteFolder<Schema extends Record<string, unknown>>(
  dir: string,
  create: (dir: string) => Promise<PGlite>,
  schema: Schema,
  migrations: Migrations,
  options: { names: FolderNames; onClose?: () => void },
): Promise<Database<Schema>> {
  const state = inspectPgliteFolder(dir, options.names);
  // a start that fails leaves PostgreSQL's pid file behind; the folder is given back as it was
  const pidFile = path.join(dir, 'postmaster.pid');
  const hadPidFile = existsSync(pidFile);
  const refuse = (e: unknown): never => {
    if (!hadPidFile) rmSync(pidFile, { force: true });
    // a new folder's failure is not damage of the folder: told as it is
    throw state === 'new' || e instanceof DataFolderError || !isPgliteFault(e) ? e : damaged(dir, faultDetail(e));
  };
  let client: PGlite;
  try {
    client = await create(dir);
  } catch (e) {
    return refuse(e);
  }
  try {
    if (state === 'existing') {
      const journal = `${migrations.migrationsSchema ?? 'drizzle'}.${migrations.migrationsTable ?? '__drizzle_migrations'}`;
      const found = await client.query<{ found: string | null }>('SELECT to_regclass($1)::text AS found', [journal]);
      if (!found.rows[0]?.found) {
        throw new DataFolderError(
          `The PGlite data folder ${dir} holds a database without this service's tables (no ${journal}): another program's database, or a damaged one. ` +
            `Its data was not changed. Set ${options.names.setting} to this service's own folder, restore it from a backup, or move it aside (mv ${dir} ${dir}.other) to start on a new, empty database.`,
        );
      }
    }
    return await openPglite(client, schema, migrations, options.onClose ? { onClose: options.onClose } : {});
  } catch (e) {
    await client.close().catch(() => {});
    return refuse(e);
  }
}

// Errors that mean "the database cannot be reached right now" rather than "this query is wrong":
// refused or cut connections, a server shutting down or not yet accepting, a closed PGlite.
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// SQLSTATE: 08xxx connection exceptions, 57P01–57P03 shutdown / cannot connect now, 53300 too many connections
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
const UNAVAILABLE_MESSAGE = /connection terminated|connection timeout|timeout exceeded when trying to connect|connection error|pglite is closed|cannot use a pool after calling end/i;

/** True when `error` (or an error it wraps, e.g. drizzle's DrizzleQueryError) says the database is out of reach. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message, errors } = e as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    // Node's AggregateError (IPv4 and IPv6 both refused)
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}
