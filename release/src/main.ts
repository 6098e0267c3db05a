import { DataFolderError, drainOnStop } from '@shop/server-kit';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { buildReleaseApp } from './http/app.ts';
import { adoptReleases } from './registry/adopt-releases.ts';

/** The release service's process: settings, its database, the Fastify server, a clean stop on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (caught) {
    if (caught instanceof ConfigError) {
      console.error(`[release] ${caught.message}`);
      process.exit(2);
    }
    throw caught;
  }
  const database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize } : { pgliteDir: config.pgliteDir }).catch(
    (caught: unknown) => {
      if (!(caught instanceof DataFolderError)) throw caught;
      console.error(`[release] ${caught.message}`);
      // 78 (EX_CONFIG): the folder stays so until someone acts; a supervisor does not restart it
      process.exit(78);
    },
  );
  // not ready for SHUTDOWN_DRAIN_MS, then requests in progress finish and the database closes
  let app: Awaited<ReturnType<typeof buildReleaseApp>> | undefined;
  const stop = drainOnStop(config.shutdownDrainMs, async () => {
    await app?.close();
    await database.close();
  });
  app = await buildReleaseApp({ db: database.db, config, draining: stop.draining });
  await app.listen({ port: config.port, host: config.host });
  console.log(`[release] release service on http://${config.host}:${config.port} (${database.driver}, API ${config.apiUrl})`);
  // a fresh deployment's first releases, in the background: the host may start after this service
  const adoption = adoptReleases(database.db, config);
  process.once('SIGTERM', adoption.stop);
}

await main();
