import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import * as schema from '../registry/registry-tables.ts';

export type Schema = typeof schema;
/** The query builder both drivers share; nothing outside this file knows which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export type DatabaseOptions = { databaseUrl: string; poolSize?: number } | { pgliteDir?: string; pglite?: PGlite };

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
// the migration journal beside the tables, apart from the catalogue API's (drizzle.__drizzle_migrations)
const migrations = { migrationsFolder, migrationsSchema: 'release', migrationsTable: '__release_migrations' };

// count(*) and sums come back as strings through pg and as numbers through PGlite.
pg.types.setTypeParser(20, (v) => Number(v));

/** Rows of a raw SQL query, the same shape on both drivers. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function openPostgres(databaseUrl: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  // a connection dropped outside a query (server restart) must not end the process
  pool.on('connect', (connection) => connection.on('error', () => {}));
  pool.on('error', () => {});
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  await migrateNodePg(db as never, migrations);
  return { db, driver: 'postgres', close: () => pool.end() };
}

/** The release plane's database, migrated: PostgreSQL (schema `release`) or PGlite in its own folder. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) return openPostgres(options.databaseUrl, options.poolSize ?? 4);
  // PGlite makes its own folder but not the folders above it (a fresh clone has no data folder yet)
  if (!options.pglite && options.pgliteDir) mkdirSync(path.dirname(options.pgliteDir), { recursive: true });
  const client = options.pglite ?? (await PGlite.create(options.pgliteDir));
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, migrations);
  return {
    db,
    driver: 'pglite',
    close: async () => {
      if (!options.pglite && !client.closed) await client.close();
    },
  };
}
