import { drainOnStop } from '@shop/server-kit';
import { createHostServer } from './app.ts';
import { readConfig } from './config.ts';

try {
  const config = readConfig();
  // not ready for SHUTDOWN_DRAIN_MS after SIGTERM, then requests in progress finish and it exits
  let server: Awaited<ReturnType<typeof createHostServer>> | undefined;
  const stop = drainOnStop(config.shutdownDrainMs ?? 0, () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));
  server = await createHostServer(config, { draining: stop.draining });
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE') console.error(`Port ${config.port} is taken: set HOST_PORT to a free port.`);
    else console.error(error);
    process.exit(1);
  });
  server.listen(config.port, config.bind, () => {
    console.log(`Host ready on http://${config.bind}:${config.port}`);
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
