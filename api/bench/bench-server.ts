// The API under test, in its own process (forked by run-bench.ts), so the load generator and
// the bench's bookkeeping do not take the server's CPU. Opens the database named in
// BENCH_DB (JSON: { databaseUrl, poolSize } or { pgliteDir }), listens on a free loopback
// port, reports it over IPC and stops on 'stop'. BENCH_CPU_PROF runs it with --prof (run-bench.ts).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { testConfig } from '../src/config.ts';
import { type DatabaseOptions, openDatabase } from '../src/db/database.ts';
import { createApi } from '../src/http/app.ts';

const options = JSON.parse(process.env.BENCH_DB ?? '{}') as DatabaseOptions;
const database = await openDatabase(options);
const api = await createApi({ db: database.db, config: testConfig({ orderRateLimit: 1_000_000 }), logging: false, responseCache: process.env.BENCH_NO_CACHE !== '1' });
const server = createServer(api.yoga);
server.keepAliveTimeout = 60_000;
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
process.send?.({ port: (server.address() as AddressInfo).port });
process.on('message', async (m) => {
  // the server's own CPU time (user + system, µs), read before and after each run
  if (m === 'cpu') return void process.send?.({ cpu: process.cpuUsage() });
  if (m !== 'stop') return;
  api.close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await database.close();
  // let the loop drain (and V8 finish its tick log) instead of process.exit
  process.disconnect?.();
});
