import { DataFolderError } from '@shop/server-kit';
import { ConfigError, loadConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { LockError } from '../db/lock-file.ts';
import { openDatabaseFromConfig } from '../db/open-from-config.ts';

/**
 * For the command-line tools: runs `work` on the configured database and closes it; a bad
 * setting or a database held by another process is told in one line, exit code 1.
 */
export async function withDatabase(work: (db: Db) => Promise<void>): Promise<void> {
  try {
    const database = await openDatabaseFromConfig(loadConfig());
    try {
      await work(database.db);
    } finally {
      await database.close();
    }
  } catch (e) {
    console.error(e instanceof ConfigError || e instanceof LockError || e instanceof DataFolderError ? e.message : e);
    process.exitCode = 1;
  }
}
