/**
 * How a server replica stops under a balancer: on SIGTERM (or SIGINT) `draining()` turns true, so
 * its readiness check answers 503 and the balancer stops sending it new requests; after `drainMs`
 * (SHUTDOWN_DRAIN_MS: a few of the balancer's check intervals; 0 under `npm start`) `close` runs,
 * which stops accepting and lets the requests in progress finish, and the process exits.
 */
export function drainOnStop(drainMs: number, close: () => Promise<void>, log: (line: string) => void = console.log): { draining: () => boolean } {
  let draining = false;
  const stop = async (signal: string) => {
    if (draining) return;
    draining = true;
    if (drainMs > 0) {
      log(`${signal}: not ready from now on; closing in ${drainMs} ms, once the balancer has taken this replica out`);
      await new Promise((resolve) => setTimeout(resolve, drainMs));
    }
    await close().catch((error: unknown) => log(`closing failed: ${(error as Error).message}`));
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  return { draining: () => draining };
}
