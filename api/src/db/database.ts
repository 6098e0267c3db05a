import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  type Database as KitDatabase,
  type Db as KitDb,
  type DatabaseOptions,
  inspectPgliteFolder,
  openPglite,
  openPgliteFolder,
  openPostgres,
} from '@shop/server-kit';
import { fileURLToPath } from 'node:url';
import { acquireDirLock } from './lock-file.ts';
import * as schema from './schema.ts';

export { isDatabaseUnavailable, rows } from '@shop/server-kit';
export type { DatabaseOptions };

export type Schema = typeof schema;
/** The query builder both drivers share; nothing outside this file knows which one runs. */
export type Db = KitDb<Schema>;
export type Database = KitDatabase<Schema>;

const PGLITE_NAMES = { setting: 'PGLITE_DIR' };

const migrations = { migrationsFolder: fileURLToPath(new URL('../../drizzle', import.meta.url)) };

export async function createPglite(dir?: string): Promise<PGlite> {
  return PGlite.create(dir, { extensions: { pg_trgm } });
}

/** The catalogue's database, migrated: PostgreSQL, or PGlite (a folder is locked to one process). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) return openPostgres(options.databaseUrl, options.poolSize ?? 10, schema, migrations);
  if (options.pglite) return openPglite(options.pglite, schema, migrations);
  const dir = options.pgliteDir;
  if (!dir) return openPglite(await createPglite(), schema, migrations);
  // checked before the lock, which makes the folder: a file or another program's folder is told as such
  inspectPgliteFolder(dir, PGLITE_NAMES);
  const release = acquireDirLock(dir);
  try {
    return await openPgliteFolder(dir, createPglite, schema, migrations, { names: PGLITE_NAMES, onClose: release });
  } catch (e) {
    release();
    throw e;
  }
}
