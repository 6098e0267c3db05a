import type { Config } from '../config.ts';
import { type Database, openDatabase } from './database.ts';

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite in PGLITE_DIR; migrations applied either way. */
export function openDatabaseFromConfig(config: Config): Promise<Database> {
  return config.databaseUrl ? openDatabase({ databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize }) : openDatabase({ pgliteDir: config.pgliteDir });
}
