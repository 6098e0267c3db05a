import { createServer } from 'node:http';
import { seedIfEmpty } from './catalog/seed.ts';
import { ConfigError, loadConfig } from './config.ts';
import { LockError } from './db/lock-file.ts';
import { openDatabaseFromConfig } from './db/open-from-config.ts';
import { createApi } from './http/app.ts';

async function main() {
  const config = loadConfig();
  const database = await openDatabaseFromConfig(config);
  const seeded = await seedIfEmpty(database.db, config.catalogSeed);
  if (seeded) console.log(`Catalogue seeded (${config.catalogSeed}): ${seeded.products} products, ${seeded.offers} offers`);
  const api = await createApi({ db: database.db, config });
  const server = createServer(api.yoga);
  // a slow client must not hold a connection (and its memory) forever
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;

  const shutdown = async () => {
    api.close();
    server.close();
    await database.close().catch(() => {});
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  server.on('error', async (err: NodeJS.ErrnoException) => {
    if (err.code === 'EADDRINUSE') console.error(`Port ${config.port} on ${config.host} is already in use: set API_PORT to a free port.`);
    else if (err.code === 'EACCES') console.error(`No permission to listen on port ${config.port}: set API_PORT to a port above 1024.`);
    else console.error(err);
    await database.close().catch(() => {});
    process.exit(1);
  });
  server.listen(config.port, config.host, () => {
    console.log(`Database: ${database.driver === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.pgliteDir}`}`);
    console.log(`API ready on http://${config.host}:${config.port}/api/graphql`);
  });
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof LockError) console.error(err.message);
  else console.error('API failed to start:', err);
  process.exit(1);
});
