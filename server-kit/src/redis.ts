import { Redis } from 'ioredis';

/**
 * A service's Redis client (REDIS_URL), once connected or after `waitMs` (a service starts without
 * Redis too). While Redis is unreachable a command fails at once (no offline queue) instead of
 * holding the request that sent it, and the client reconnects in the background; `warn` hears once
 * when Redis goes away and once when it is back.
 */
export async function connectRedis(
  url: string,
  warn: (line: string) => void = console.warn,
  waitMs = 2000,
  meaning = { lost: 'each process counts its own limits until it is back', back: 'limits are shared again' },
): Promise<Redis> {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  reportRedisAvailability(client, url, warn, meaning);
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

/**
 * Tells `warn` once when `client` loses Redis and once when it answers again, saying what that
 * means meanwhile; reconnect attempts in between say nothing. A connection closed on purpose
 * (disconnect at shutdown) ends the client and reports nothing.
 */
export function reportRedisAvailability(client: Redis, url: string, warn: (line: string) => void, meaning: { lost: string; back: string }): void {
  const where = new URL(url).host;
  let down = false;
  const lost = (why: string) => {
    if (down) return;
    down = true;
    warn(`Redis at ${where} does not answer (${why}): ${meaning.lost}`);
  };
  client.on('error', (error: Error) => lost(error.message));
  client.on('close', () => setImmediate(() => client.status !== 'end' && lost('connection closed')));
  client.on('ready', () => {
    if (!down) return;
    down = false;
    warn(`Redis at ${where} answers again: ${meaning.back}`);
  });
}
