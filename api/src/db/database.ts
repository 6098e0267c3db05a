import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import { acquireDirLock } from './lock-file.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The query builder both drivers share; nothing outside this file knows which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The embedded instance, for cloning test templates. */
  pglite?: PGlite;
}

export type DatabaseOptions =
  | { databaseUrl: string; poolSize?: number }
  | { pgliteDir?: string; pglite?: PGlite };

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

// count(*) and sums come back as strings through pg and as numbers through PGlite.
pg.types.setTypeParser(20, (v) => Number(v));

/** Rows of a raw SQL query, the same shape on both drivers. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
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

export async function createPglite(dir?: string): Promise<PGlite> {
  return PGlite.create(dir, { extensions: { pg_trgm } });
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // A client in use when the server goes away (restart, failover) emits 'error' outside any
    // query; unheard, that ends the process. The query in flight fails (a masked GraphQL
    // error) and the pool opens a new connection for the next one.
    pool.on('connect', (connection) => connection.on('error', () => {}));
    // fail fast with the driver's message instead of on the first request
    const client = await pool.connect();
    client.release();
    pool.on('error', () => {});
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    await migrateNodePg(db as never, { migrationsFolder });
    return { db, driver: 'postgres', close: () => pool.end() };
  }
  let release = () => {};
  let client = options.pglite;
  if (!client) {
    if (options.pgliteDir) release = acquireDirLock(options.pgliteDir);
    try {
      client = await createPglite(options.pgliteDir);
    } catch (e) {
      release();
      throw e;
    }
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  const pglite = client;
  return {
    db,
    driver: 'pglite',
    pglite,
    close: async () => {
      if (!pglite.closed) await pglite.close();
      release();
    },
  };
}
