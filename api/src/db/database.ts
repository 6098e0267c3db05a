import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type Database as KitDatabase, type Db as KitDb, type DatabaseOptions, openPglite, openPostgres } from '@shop/server-kit';
import { fileURLToPath } from 'node:url';
import { acquireDirLock } from './lock-file.ts';
import * as schema from './schema.ts';

export { isDatabaseUnavailable, rows } from '@shop/server-kit';
export type { DatabaseOptions };

export type Schema = typeof schema;
/** The query builder both drivers share; nothing outside this file knows which one runs. */
export type Db = KitDb<Schema>;
export type Database = KitDatabase<Schema>;

const migrations = { migrationsFolder: fileURLToPath(new URL('../../drizzle', import.meta.url)) };

export async function createPglite(dir?: string): Promise<PGlite> {
  return PGlite.create(dir, { extensions: { pg_trgm } });
}

/** The catalogue's database, migrated: PostgreSQL, or PGlite (a folder is locked to one process). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) return openPostgres(options.databaseUrl, options.poolSize ?? 10, schema, migrations);
  if (options.pglite) return openPglite(options.pglite, schema, migrations);
  const release = options.pgliteDir ? acquireDirLock(options.pgliteDir) : () => {};
  try {
    return await openPglite(await createPglite(options.pgliteDir), schema, migrations, { onClose: release });
  } catch (e) {
    release();
    throw e;
  }
}
