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
