import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type Database as KitDatabase, type Db as KitDb, type DatabaseOptions, openPglite, openPgliteFolder, openPostgres } from '@shop/server-kit';
import { fileURLToPath } from 'node:url';
import * as schema from '../registry/registry-tables.ts';

export { rows } from '@shop/server-kit';
export type { DatabaseOptions };

export type Schema = typeof schema;
export type Db = KitDb<Schema>;
export type Database = KitDatabase<Schema>;

// the migration journal beside the tables, apart from the catalogue API's (drizzle.__drizzle_migrations)
const migrations = {
  migrationsFolder: fileURLToPath(new URL('../../drizzle', import.meta.url)),
  migrationsSchema: 'release',
  migrationsTable: '__release_migrations',
};

/** The release plane's database, migrated: PostgreSQL (schema `release`) or PGlite in its own folder. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) return openPostgres(options.databaseUrl, options.poolSize ?? 4, schema, migrations);
  if (options.pglite) return openPglite(options.pglite, schema, migrations, { keepOpen: true });
  if (!options.pgliteDir) return openPglite(await PGlite.create(), schema, migrations);
  // PGlite makes its own folder but not the folders above it (a fresh clone has no data folder yet)
  mkdirSync(path.dirname(options.pgliteDir), { recursive: true });
  return openPgliteFolder(options.pgliteDir, (dir) => PGlite.create(dir), schema, migrations, { names: { setting: 'RELEASE_PGLITE_DIR' } });
}
