import { Redis } from 'ioredis';

/**
 * A service's Redis client (REDIS_URL), once connected or after `waitMs` (a service starts without
 * Redis too). While Redis is unreachable a command fails at once (no offline queue) instead of
 * holding the request that sent it, and the client reconnects in the background; `warn` hears once
 * when Redis goes away and once when it is back.
 */
export async function connectRedis(url: string, warn: (line: string) => void = console.warn, waitMs = 2000): Promise<Redis> {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  let down = false;
  const lost = (why: string) => {
    if (down) return;
    down = true;
    warn(`Redis at ${new URL(url).host} does not answer (${why}): each process counts its own limits until it is back`);
  };
  client.on('error', (error: Error) => lost(error.message));
  // a connection closed on purpose (disconnect at shutdown) ends the client: nothing to report
  client.on('close', () => setImmediate(() => client.status !== 'end' && lost('connection closed')));
  client.on('ready', () => {
    if (!down) return;
    down = false;
    warn(`Redis at ${new URL(url).host} answers again: limits are shared again`);
  });
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, waitMs);
    client.once('ready', done);
  });
  return client;
}
