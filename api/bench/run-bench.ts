// npm run bench:api — seeds the large catalogue in throwaway databases (PGlite and PostgreSQL)
// and measures the shop's hot paths at the database and over HTTP through GraphQL, with 10
// concurrent clients on loopback. Writes reports/api-bench.md and reports/api-bench.json.
import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type LoadStats, load } from '../../scripts/bench/http-load.ts';
// @ts-expect-error plain ESM script shared with the test setup
import { startPostgres } from '../../scripts/postgres.mjs';
import { seedCatalog } from '../src/catalog/seed.ts';
import { testConfig } from '../src/config.ts';
import { type Database, type DatabaseOptions, type Db, openDatabase, rows } from '../src/db/database.ts';
import { OrderRepo } from '../src/orders/order-repo.ts';
import { CatalogRepo } from '../src/repo/catalog-repo.ts';
import { PageRepo } from '../src/repo/page-repo.ts';

const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 4) * 1000;
const CONCURRENCY = 10;
/** PostgreSQL connections of the API's pool: the API's default (DATABASE_POOL_SIZE) unless BENCH_POOL_SIZE says otherwise. */
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? testConfig().databasePoolSize);
/** Only these drivers (comma-separated); default both. */
const DRIVERS = (process.env.BENCH_DRIVERS ?? 'pglite,postgres').split(',');
/**
 * A folder for the server process's V8 tick log (`--prof`): `node --prof-process <dir>/api-server.v8.log`
 * summarises it (self time by function and library, and a bottom-up profile with the callers).
 */
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF;
const reportDir = fileURLToPath(new URL('../../reports/', import.meta.url));

/** autocannon's figures (http-load.ts), and for the in-process runs the same figures measured here. */
interface Stats extends LoadStats {
  /** CPU time (user + system) per request, ms, by process: less sensitive to other load than latency. */
  cpuMsPerRequest?: Record<string, number>;
}

/** Cumulative CPU ms of the processes taking part (the bench, the server, PostgreSQL's backends). */
type CpuMeter = () => Promise<Record<string, number>>;

async function withCpu(meter: CpuMeter, run: () => Promise<Stats>): Promise<Stats> {
  const before = await meter();
  const s = await run();
  const after = await meter();
  s.cpuMsPerRequest = Object.fromEntries(
    Object.keys(after).map((k) => [k, Number((((after[k] ?? 0) - (before[k] ?? 0)) / Math.max(1, s.requests)).toFixed(2))]),
  );
  return s;
}

const ownCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** CPU ms of a PostgreSQL server, cumulative: the postmaster and its backends (children), read from /proc. */
function postgresCpuMs(dataDir: string): number {
  let postmaster: number;
  try {
    postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return 0;
  }
  const ticks = 100; // USER_HZ on Linux
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // live backends' own time; the postmaster's own plus that of the backends it has reaped
      // (cutime, cstime), so a connection closed during a run keeps counting
      if (Number(f[1]) === postmaster) total += ((Number(f[11]) + Number(f[12])) * 1000) / ticks;
      if (Number(pid) === postmaster) total += ((Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * 1000) / ticks;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

function stats(latencies: number[], errors: number, ms: number): Stats {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(2));
  return { requests: sorted.length, errors, rps: Math.round((sorted.length / ms) * 1000), p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

/**
 * Runs `fn` from CONCURRENCY loops for the duration, in this process: the bare database path.
 * A hand-written loop because these are repository calls, not HTTP requests (autocannon's domain).
 */
async function loadInProcess(fn: (i: number) => Promise<unknown>, meter: CpuMeter, concurrency = CONCURRENCY): Promise<Stats> {
  for (let i = 0; i < 20; i++) await fn(i); // warm-up: plans, caches, JIT
  return withCpu(meter, () => runInProcess(fn, concurrency));
}

async function runInProcess(fn: (i: number) => Promise<unknown>, concurrency: number): Promise<Stats> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const deadline = started + DURATION_MS;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const t = performance.now();
        try {
          await fn(next++);
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t);
      }
    }),
  );
  return stats(latencies, errors, performance.now() - started);
}

/** A 200 with a GraphQL error is a failed request too; a cheap check, parsing every answer would cost the load generator more than the server. */
const graphqlError = (status: number, body: string) => status === 200 && body.includes('"errors":[{"message"');

/** autocannon against the server process, a short warm-up first (other bodies). */
async function loadOverHttp(url: string, bodies: string[], meter: CpuMeter, varyIp = false): Promise<Stats> {
  const run = (durationS: number, firstIndex: number) =>
    load({
      url,
      connections: CONCURRENCY,
      durationS,
      request: (n) => {
        const i = n + firstIndex;
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (varyIp) headers['x-forwarded-for'] = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
        return { method: 'POST', headers, body: bodies[i % bodies.length] as string };
      },
      isError: graphqlError,
    });
  await run(0.5, Math.floor(bodies.length / 2));
  return withCpu(meter, async () => {
    const { firstError, ...s } = await run(DURATION_MS / 1000, 0);
    if (firstError) console.warn(`  first error: ${firstError}`);
    return s;
  });
}

const LISTING_QUERY = `query Listing($scope: ListingScopeInput, $filter: ProductFilterInput, $sort: ProductSort, $limit: Int) {
  products(scope: $scope, filter: $filter, sort: $sort, limit: $limit) { totalCount items { id modelId name sku sizes priceInRUB minPriceInRUB webPath
    photo { fullpath width height } mainCategory { name } brand { name } variants { id color thumbnail { src } } } } }`;
const FILTERS_QUERY = `query Filters($scope: ListingScopeInput, $filter: ProductFilterInput) { productFilters(scope: $scope, filter: $filter) {
  totalCount minPriceInRUBFrom minPriceInRUBTo brands { id name count } categories { id name count } properties { id name title options { value count } } } }`;
const RESOLVE_QUERY = `query Resolve($path: String!, $query: String) { resolvePage(path: $path, query: $query) { type id status location } }`;
const ORDER_MUTATION = `mutation Order($input: CreateOrderInput!) { createOrder(input: $input) { success errors { code } order { ordernumber totalPrice } } }`;

/** The API in its own process, so the load generator (a thread here) does not share its CPU. */
async function startServer(dbOptions: DatabaseOptions): Promise<{ url: string; cpuMs: () => Promise<number>; stop: () => Promise<void> }> {
  const child: ChildProcess = fork(fileURLToPath(new URL('./bench-server.ts', import.meta.url)), {
    execArgv: [
      '--import',
      'tsx',
      ...(CPU_PROF_DIR ? ['--prof', '--no-logfile-per-isolate', `--logfile=${join(CPU_PROF_DIR, 'api-server.v8.log')}`] : []),
    ],
    // production mode, as the Dockerfile runs it (graphql-js skips its development checks)
    env: { ...process.env, NODE_ENV: 'production', BENCH_DB: JSON.stringify(dbOptions) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/api/graphql`,
    cpuMs: () =>
      new Promise<number>((resolve) => {
        child.once('message', (m: { cpu: { user: number; system: number } }) => resolve((m.cpu.user + m.cpu.system) / 1000));
        child.send('cpu');
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send('stop');
      }),
  };
}

/** The seeded catalogue's rows the runs ask for, and the arguments they vary per request. */
async function benchData(db: Db) {
  const [kross] = await rows<{ id: number }>(db, sql`SELECT id FROM categories WHERE name = 'Кроссовки'`);
  const brandRows = await rows<{ id: number; name: string }>(db, sql`SELECT id, name FROM brands WHERE name IN ('Nike', 'Adidas') ORDER BY name`);
  const brandIds = brandRows.map((b) => b.id);
  const [product] = await rows<{ web_path: string }>(db, sql`SELECT web_path FROM products ORDER BY id DESC LIMIT 1`);
  const offerIds = (await rows<{ id: number }>(db, sql`SELECT id FROM offers WHERE stock >= 5 ORDER BY id LIMIT 200`)).map((o) => o.id);
  // every order now takes its unit off free stock: enough for all the bench's orders, so it measures
  // placing orders (reservation included), not answering SOLD_OUT
  await db.execute(sql`UPDATE offers SET stock = 1000000 WHERE id = ANY(${sql.param(offerIds)}::int[])`);
  const categoryId = kross?.id as number;
  const listingArgs = (i: number) => ({
    type: 'MODEL' as const,
    scope: { categoryId },
    filter: { brandIds, priceFrom: 8000, priceTo: 30_000 + (i % 1000), properties: [{ name: 'size', values: ['42'] }] },
    sort: 'PRICEUP' as const,
    offset: 0,
    limit: 24,
  });
  const orderInput = (i: number) => ({
    idempotencyKey: randomUUID(),
    orderData: {
      fullName: 'Тестов Тест',
      phone: '+79001234567',
      email: 'bench@example.ru',
      city: 'Москва',
      address: 'ул. Тестовая, д. 1',
      deliveryMethod: 'COURIER' as const,
      comment: '',
      personalDataConsent: true,
      consentVersion: '2025-09-01',
    },
    items: [{ offerId: String(offerIds[i % offerIds.length]), quantity: 1 }],
  });
  return { categoryId, brandIds, productPath: product?.web_path, listingArgs, orderInput };
}

type BenchData = Awaited<ReturnType<typeof benchData>>;
type RecordStats = (scenario: string, level: string, s: Stats) => void;

/**
 * At the database: the repository calls a resolver makes, without GraphQL or HTTP; one client
 * first (the queries' own cost, least disturbed by other load on the machine), then ten.
 */
async function dbRuns(db: Db, data: BenchData, meter: CpuMeter, record: RecordStats): Promise<void> {
  const { categoryId, listingArgs, orderInput, productPath } = data;
  const searchOnce = async () => {
    const repo = new CatalogRepo(db);
    const plan = await repo.search('кроссовки nike белые');
    return repo.listProducts({ type: 'MODEL', scope: { search: plan }, filter: {}, sort: 'CONDITION', offset: 0, limit: 24 });
  };
  record('listing', 'db-1-client', await loadInProcess((i) => new CatalogRepo(db).listProducts(listingArgs(i)), meter, 1));
  record('filters', 'db-1-client', await loadInProcess(() => new CatalogRepo(db).filterData({ categoryId }, {}, ['size']), meter, 1));
  record('search', 'db-1-client', await loadInProcess(searchOnce, meter, 1));
  record('listing', 'db', await loadInProcess((i) => new CatalogRepo(db).listProducts(listingArgs(i)), meter));
  record('filters', 'db', await loadInProcess(() => new CatalogRepo(db).filterData({ categoryId }, {}, ['size']), meter));
  record('search', 'db', await loadInProcess(searchOnce, meter));
  record('resolvePage', 'db', await loadInProcess((i) => new PageRepo(db).resolve(i % 2 ? productPath ?? '/' : '/catalog/obuv/krossovki/', 'sort=priceup'), meter));
  record('createOrder', 'db', await loadInProcess((i) => new OrderRepo(db).create(orderInput(i), '127.0.0.1'), meter));
}

/** Over HTTP through GraphQL, the server in its own process. */
async function httpRuns(url: string, data: BenchData, meter: CpuMeter, record: RecordStats): Promise<void> {
  const { categoryId, brandIds, listingArgs, orderInput, productPath } = data;
  const body = (query: string, variables: unknown) => JSON.stringify({ query, variables });
  const gqlListing = (i: number) => {
    const a = listingArgs(i);
    // priceFrom and priceTo together make 20,000 different requests (listingArgs alone repeats after 1,000)
    return body(LISTING_QUERY, { scope: { categoryId: String(categoryId) }, filter: { brandIds: brandIds.map(String), priceFrom: a.filter.priceFrom + Math.floor(i / 1000), priceTo: a.filter.priceTo, properties: [{ propertyId: 'size', values: ['42'] }] }, sort: 'PRICEUP', limit: 24 });
  };
  const many = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i));
  // uncached: every request differs (the price bound), so each one reaches the database
  record('listing', 'http-uncached', await loadOverHttp(url, many(20_000, (i) => gqlListing(i + 1000)), meter));
  record('listing', 'http-cached', await loadOverHttp(url, [gqlListing(0)], meter));
  record('filters', 'http-uncached', await loadOverHttp(url, many(20_000, (i) => body(FILTERS_QUERY, { scope: { categoryId: String(categoryId) }, filter: { priceTo: 30_000 + i } })), meter));
  record('filters', 'http-cached', await loadOverHttp(url, [body(FILTERS_QUERY, { scope: { categoryId: String(categoryId) } })], meter));
  record('search', 'http-uncached', await loadOverHttp(url, many(20_000, (i) => body(LISTING_QUERY, { scope: { search: 'кроссовки nike белые' }, filter: { priceTo: 100_000 + i }, sort: 'CONDITION', limit: 24 })), meter));
  record('search', 'http-cached', await loadOverHttp(url, [body(LISTING_QUERY, { scope: { search: 'кроссовки nike белые' }, sort: 'CONDITION', limit: 24 })], meter));
  record('resolvePage', 'http', await loadOverHttp(url, [body(RESOLVE_QUERY, { path: productPath, query: '' }), body(RESOLVE_QUERY, { path: '/catalog/obuv/krossovki/', query: 'sort=priceup' })], meter));
  record('createOrder', 'http', await loadOverHttp(url, many(20_000, (i) => body(ORDER_MUTATION, { input: orderInput(i) })), meter, true));
}

async function benchDriver(driver: 'pglite' | 'postgres', database: Database, serverDb: DatabaseOptions, postgresCpu?: () => number) {
  const db: Db = database.db;
  // PGlite runs inside the process that opened it: its CPU is the bench's (db levels) or the server's (http)
  const dbMeter: CpuMeter = async () => ({ node: ownCpuMs(), ...(postgresCpu ? { postgres: postgresCpu() } : {}) });
  console.log(`[${driver}] seeding the large catalogue…`);
  const t0 = performance.now();
  const loaded = await seedCatalog(db, 'large');
  const seedMs = Math.round(performance.now() - t0);
  console.log(`[${driver}] ${loaded.products} products, ${loaded.offers} offers in ${seedMs} ms`);
  const data = await benchData(db);

  const results: Record<string, Record<string, Stats>> = {};
  const record: RecordStats = (scenario, level, s) => {
    results[scenario] ??= {};
    (results[scenario] as Record<string, Stats>)[level] = s;
    console.log(`[${driver}] ${scenario.padEnd(12)} ${level.padEnd(14)} p50 ${s.p50} ms  p95 ${s.p95} ms  p99 ${s.p99} ms  ${s.rps} req/s  (${s.requests} req, ${s.errors} errors)  cpu ms/req ${JSON.stringify(s.cpuMsPerRequest ?? {})}`);
  };
  await dbRuns(db, data, dbMeter, record);

  // PGlite: this process lets go of the data folder first, one process at a time may open it
  if (driver === 'pglite') await database.close();
  const server = await startServer(serverDb);
  const httpMeter: CpuMeter = async () => ({ server: await server.cpuMs(), client: ownCpuMs(), ...(postgresCpu ? { postgres: postgresCpu() } : {}) });
  await httpRuns(server.url, data, httpMeter, record);
  await server.stop();
  return { seedMs, products: loaded.products, offers: loaded.offers, results };
}

async function main() {
  const started = new Date();
  const startLoad = loadavg().map((l) => Number(l.toFixed(2)));
  const out: Record<string, Awaited<ReturnType<typeof benchDriver>>> = {};
  if (DRIVERS.includes('pglite')) {
    const dir = mkdtempSync(join(tmpdir(), 'shop-bench-pglite-'));
    const pgliteDir = join(dir, 'data');
    const lite = await openDatabase({ pgliteDir });
    try {
      out.pglite = await benchDriver('pglite', lite, { pgliteDir });
    } finally {
      await lite.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (DRIVERS.includes('postgres')) {
    const server = await startPostgres();
    try {
      const admin = new pg.Client({ connectionString: server.url });
      await admin.connect();
      await admin.query('CREATE DATABASE bench');
      await admin.end();
      const databaseUrl = server.url.replace(/\/postgres$/, '/bench');
      const database = await openDatabase({ databaseUrl, poolSize: POOL_SIZE });
      try {
        out.postgres = await benchDriver('postgres', database, { databaseUrl, poolSize: POOL_SIZE }, () => postgresCpuMs(server.dataDir));
      } finally {
        await database.close();
      }
    } finally {
      await server.stop();
    }
  }
  const machine = {
    node: process.version,
    cpus: cpus().length,
    cpu: cpus()[0]?.model,
    // other work on the machine skews every figure: recorded so a reader can judge
    loadAverageAtStart: startLoad,
    loadAverageAtEnd: loadavg().map((l) => Number(l.toFixed(2))),
    durationSecondsPerRun: DURATION_MS / 1000,
    concurrency: CONCURRENCY,
  };
  mkdirSync(reportDir, { recursive: true });
  writeFileSync(`${reportDir}api-bench.json`, `${JSON.stringify({ date: started.toISOString(), machine, drivers: out }, null, 2)}\n`);
  writeFileSync(`${reportDir}api-bench.md`, markdown(started, machine, out));
  console.log(`Wrote ${reportDir}api-bench.md and api-bench.json`);
}

/** CPU ms per request of all the processes taking part. */
const cpuTotal = (s: Stats) => Object.values(s.cpuMsPerRequest ?? {}).reduce((a, b) => a + b, 0);

function markdown(date: Date, machine: Record<string, unknown>, out: Record<string, Awaited<ReturnType<typeof benchDriver>>>): string {
  const lines = [
    '# API benchmark',
    '',
    `${date.toISOString()} · Node ${machine.node} · ${machine.cpus} cores (${machine.cpu}) · ${CONCURRENCY} concurrent clients · ${DURATION_MS / 1000} s per run · loopback`,
    '',
    `Load average at start ${JSON.stringify(machine.loadAverageAtStart)}, at end ${JSON.stringify(machine.loadAverageAtEnd)} (other processes on the machine share the ${machine.cpus} cores).`,
    '',
    'Generated by `npm run bench:api` on the large generated catalogue. **db**: the repository calls a resolver makes,',
    'in process, no GraphQL/HTTP (**db-1-client**: one client at a time, the queries\' own cost).',
    '**http-uncached**: every request differs, so each reaches the database.',
    '**http-cached**: the same request repeated, answered by the response cache. Latencies in ms.',
    '',
    `The API server runs in its own process (NODE_ENV=production, as in the Dockerfile; PostgreSQL pool of ${POOL_SIZE}); the load`,
    'generator is autocannon in the bench process (keep-alive connections), so it does not share the server\'s event loop.',
    'Each http run follows a 0.5 s warm-up with other requests. **CPU ms/req**: user + system CPU per request of each',
    'process taking part (node: the bench process running the repository calls; server: the API process; client: the',
    'load generator; postgres: PostgreSQL\'s server processes; PGlite runs inside node/server). CPU per request is much',
    'less sensitive to other load on the machine than latency is.',
    '',
  ];
  const cpu = (s: Stats) =>
    s.cpuMsPerRequest
      ? Object.entries(s.cpuMsPerRequest)
          .map(([k, v]) => `${k} ${v}`)
          .join(' · ')
      : '';
  for (const [driver, r] of Object.entries(out)) {
    lines.push(`## ${driver === 'pglite' ? 'PGlite' : 'PostgreSQL 15'}`, '', `Seeded ${r.products} products / ${r.offers} offers in ${(r.seedMs / 1000).toFixed(1)} s.`, '');
    lines.push('| scenario | level | p50 | p95 | p99 | req/s | requests | errors | CPU ms/req |', '|---|---|---:|---:|---:|---:|---:|---:|---|');
    for (const [scenario, levels] of Object.entries(r.results)) {
      for (const [level, s] of Object.entries(levels)) lines.push(`| ${scenario} | ${level} | ${s.p50} | ${s.p95} | ${s.p99} | ${s.rps} | ${s.requests} | ${s.errors} | ${cpu(s)} |`);
    }
    const l = r.results.listing;
    if (l?.db && l['http-uncached']) {
      const byCpu = cpuTotal(l.db) > 0 ? ` By CPU per request (all processes): ${(cpuTotal(l['http-uncached']) / cpuTotal(l.db)).toFixed(2)}× (${cpuTotal(l['http-uncached']).toFixed(2)} ms against ${cpuTotal(l.db).toFixed(2)} ms).` : '';
      lines.push('', `GraphQL+HTTP overhead on the uncached listing: p50 ${(l['http-uncached'].p50 / l.db.p50).toFixed(2)}× the bare database time.${byCpu}`);
    }
    lines.push('');
  }
  const p = out.postgres?.results;
  if (p) {
    const check = (ok: boolean) => (ok ? '✅' : '❌');
    const lu = p.listing?.['http-uncached'];
    const lc = p.listing?.['http-cached'];
    const su = p.search?.['http-uncached'];
    const sc = p.search?.['http-cached'];
    const ldb = p.listing?.db;
    lines.push('## Targets (PostgreSQL, 10 clients over HTTP)', '');
    lines.push(`- listing p95 < 15 ms: cached ${lc?.p95} ms ${check((lc?.p95 ?? 99) < 15)}, uncached ${lu?.p95} ms ${check((lu?.p95 ?? 99) < 15)}`);
    lines.push(`- search p95 < 15 ms: cached ${sc?.p95} ms ${check((sc?.p95 ?? 99) < 15)}, uncached ${su?.p95} ms ${check((su?.p95 ?? 99) < 15)}`);
    lines.push(`- ≥ 1,000 listing req/s: cached ${lc?.rps} ${check((lc?.rps ?? 0) >= 1000)}, uncached ${lu?.rps} ${check((lu?.rps ?? 0) >= 1000)}`);
    if (ldb && lu) lines.push(`- GraphQL overhead ≤ 2× bare DB (uncached listing p50): ${(lu.p50 / ldb.p50).toFixed(2)}× ${check(lu.p50 / ldb.p50 <= 2)}`);
    if (lu?.cpuMsPerRequest) {
      const t = cpuTotal(lu);
      lines.push(
        '',
        `An uncached listing costs ${t.toFixed(2)} ms of CPU in all (${cpu(lu)}): on ${machine.cpus} cores that allows at most`,
        `~${Math.round((Number(machine.cpus) * 1000) / t)} req/s, and with ${CONCURRENCY} clients a mean latency of at least ~${((CONCURRENCY * t) / Number(machine.cpus)).toFixed(1)} ms,`,
        `whatever the software does around it. 1,000 req/s on ${machine.cpus} cores leaves ${(Number(machine.cpus)).toFixed(1)} ms of CPU per request for`,
        `everything; PostgreSQL alone spends ${lu.cpuMsPerRequest.postgres ?? '?'} ms on this listing.`,
      );
    }
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
