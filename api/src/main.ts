import { createServer as createNetServer } from 'node:net';
import { seedIfEmpty } from './catalog/seed.ts';
import { ConfigError, loadConfig } from './config.ts';
import { LockError } from './db/lock-file.ts';
import { openDatabaseFromConfig } from './db/open-from-config.ts';
import { DataFolderError, drainOnStop } from '@shop/server-kit';
import { type Api, createApi } from './http/app.ts';

/** Fails before the (slower) database start when the port is taken. */
function probePort(port: number, host: string): Promise<NodeJS.ErrnoException | null> {
  return new Promise((resolve) => {
    const probe = createNetServer();
    probe.once('error', (e: NodeJS.ErrnoException) => resolve(e));
    probe.listen(port, host, () => probe.close(() => resolve(null)));
  });
}

function portMessage(err: NodeJS.ErrnoException, port: number, host: string): string {
  if (err.code === 'EADDRINUSE') return `Port ${port} on ${host} is already in use: set API_PORT to a free port.`;
  if (err.code === 'EACCES') return `No permission to listen on port ${port}: set API_PORT to a port above 1024.`;
  if (err.code === 'EADDRNOTAVAIL') return `Cannot listen on ${host}: set API_HOST to an address of this machine.`;
  return `Cannot listen on ${host}:${port}: ${err.message}`;
}

async function main() {
  const config = loadConfig();
  const taken = await probePort(config.port, config.host);
  if (taken) {
    console.error(portMessage(taken, config.port, config.host));
    process.exit(1);
  }
  const database = await openDatabaseFromConfig(config);
  const seeded = await seedIfEmpty(database.db, config.catalogSeed);
  if (seeded) console.log(`Catalogue seeded (${config.catalogSeed}): ${seeded.products} products, ${seeded.offers} offers`);
  // graceful: not ready for SHUTDOWN_DRAIN_MS, then Fastify stops accepting and lets requests in
  // progress finish, then the database closes
  let api: Api | undefined;
  const stop = drainOnStop(config.shutdownDrainMs, async () => {
    await api?.app.close().catch(() => {});
    api?.close();
    await database.close().catch(() => {});
  });
  api = await createApi({ db: database.db, config, draining: stop.draining });

  try {
    // the app's server refuses malformed request targets before Fastify sees them (node-entry.ts)
    await api.app.listen({ port: config.port, host: config.host });
  } catch (err) {
    console.error(portMessage(err as NodeJS.ErrnoException, config.port, config.host));
    await database.close().catch(() => {});
    process.exit(1);
  }
  console.log(`Database: ${database.driver === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.pgliteDir}`}`);
  console.log(`API ready on http://${config.host}:${config.port}/api/graphql`);
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof LockError || err instanceof DataFolderError) console.error(err.message);
  else console.error('API failed to start:', err);
  // 78 (EX_CONFIG): a data folder it must not open stays so until someone acts; a supervisor does not restart it
  process.exit(err instanceof DataFolderError ? 78 : 1);
});
