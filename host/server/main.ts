import { createHostServer } from './app.ts';
import { readConfig } from './config.ts';

try {
  const config = readConfig();
  const server = await createHostServer(config);
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE') console.error(`Port ${config.port} is taken: set HOST_PORT to a free port.`);
    else console.error(error);
    process.exit(1);
  });
  server.listen(config.port, config.bind, () => {
    console.log(`Host ready on http://${config.bind}:${config.port}`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
