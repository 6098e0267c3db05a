/**
 * `npm run bench:page-cache [-- --catalog small|large --spike-seconds 30 --no-build]`: what the host's
 * page cache does for a sale-day spike, side by side on this machine.
 *
 * Starts the shop (fresh database) and two more page servers on its API and release service, both
 * the production entry: one with the page cache (in its memory, as `npm start` has it), one with
 * PAGE_CACHE=off. Then, with the CPU time of each page server read from /proc:
 * - the spike: the home page at 200 concurrent visitors for 30 s on each (errors, p50/p95/p99);
 * - stored pages per second (home, 50 visitors, brotli as browsers ask);
 * - renders per CPU-second without the cache (home, a category, a filtered listing, a search, a
 *   product; 4 visitors), and a miss with the cache (each of 60 product pages once: render + store);
 * - what a purge costs: the pages stored before one order sells a size out, and how many of them
 *   render again (and the CPU it takes) when the same visitors come back.
 * With --compare-host <checkout>, that checkout's built page server renders the same pages beside
 * ours (renders per CPU-second before and after a change). Writes reports/page-cache.json and .md. Figures, not assertions: the machine is shared.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  buildAll,
  freePorts,
  latestRelease,
  localRegistry,
  REMOTES,
  type RemoteName,
  ROOT,
  type StackOptions,
  startStack,
} from '../lib/stack.ts';
import { load, type LoadStats } from './http-load.ts';
import { idle, measured, startPageServer } from './page-server.ts';
import { choosePages } from './pages.ts';

const { values: opts } = parseArgs({
  options: {
    catalog: { type: 'string', default: 'small' },
    'spike-seconds': { type: 'string', default: '30' },
    'no-build': { type: 'boolean', default: false },
    /** Another checkout whose host is built (e.g. `git worktree add /tmp/old <commit>`): its renders per CPU-second beside ours. */
    'compare-host': { type: 'string' },
  },
});
const SPIKE_S = Number(opts['spike-seconds']);
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
const REPORTS = path.join(ROOT, 'reports');

async function gql<T>(apiUrl: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(apiUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  if (!body.data) throw new Error(`GraphQL failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

type Product = { webPath: string; offers: { id: string; stock: number; soldOut: boolean; priceInRUB: number }[] };

/** Sells every unit of one size that has few left: the size is sold out, so the catalogue version moves. */
async function sellOutASize(apiUrl: string, products: Product[]): Promise<string> {
  for (const product of products) {
    const offer = product.offers.find((o) => !o.soldOut && o.stock > 0 && o.stock <= 3);
    if (!offer) continue;
    const { createOrder } = await gql<{ createOrder: { success: boolean; errors: { message: string }[] } }>(
      apiUrl,
      'mutation($input: CreateOrderInput!) { createOrder(input: $input) { success errors { message } } }',
      {
        input: {
          idempotencyKey: randomUUID(),
          orderData: {
            fullName: 'Нагрузка Тест',
            phone: '+7 916 123-45-67',
            email: 'bench@example.ru',
            city: 'Москва',
            address: 'ул. Тверская, 1',
            deliveryMethod: 'COURIER',
            personalDataConsent: true,
            consentVersion: '2025-09-01',
          },
          items: [{ offerId: offer.id, quantity: offer.stock, price: offer.priceInRUB }],
        },
      },
    );
    if (createOrder.success) return product.webPath;
  }
  throw new Error('no size with 1–3 units left to sell out');
}

async function visitAll(origin: string, paths: string[]): Promise<Record<string, number>> {
  const states: Record<string, number> = {};
  for (const pagePath of paths) {
    const response = await fetch(origin + pagePath, { headers: BROWSER });
    await response.arrayBuffer();
    // rendered but not stored: a page under a query is stored at its second miss
    const state = response.headers.get('x-cache') ?? `${response.status}, rendered, not stored`;
    states[state] = (states[state] ?? 0) + 1;
  }
  return states;
}

interface Renders {
  renders: number;
  errors: number;
  hostCpuMs: number;
  rendersPerCpuSecond: number;
}

/** Renders per CPU-second of a page server without a page cache: 4 visitors for 20 s over `paths`. */
async function rendersOf(origin: string, pid: number, paths: string[]): Promise<Renders> {
  const run = await measured(pid, () => load({ url: origin, connections: 4, durationS: 20, request: (i) => ({ method: 'GET', path: paths[i % paths.length] as string, headers: BROWSER }) }));
  await idle(pid);
  const renders = run.result.requests - run.result.errors;
  return { renders, errors: run.result.errors, hostCpuMs: run.cpuMs, rendersPerCpuSecond: Math.round((renders / run.cpuMs) * 10000) / 10 };
}

interface Report {
  machine: { cores: number; loadBefore: number[]; catalog: string };
  spike: Record<'cached' | 'uncached', LoadStats & { hostCpuMs: number }>;
  storedPagesPerSecond: LoadStats;
  uncachedRenders: Renders & { paths: string[] };
  compareRenders?: Renders & { checkout: string };
  missRenders: { renders: number; hostCpuMs: number; rendersPerCpuSecond: number };
  purge: { storedBefore: number; soldOutOn: string; afterPurge: Record<string, number>; rewarmCpuMs: number; rewarmWallMs: number };
}

function table(rows: (string | number)[][]): string {
  return rows.map((row) => `| ${row.join(' | ')} |`).join('\n');
}

function writeReports(report: Report) {
  mkdirSync(REPORTS, { recursive: true });
  writeFileSync(path.join(REPORTS, 'page-cache.json'), `${JSON.stringify(report, null, 2)}\n`);
  const { spike, storedPagesPerSecond: stored, uncachedRenders: uncached, compareRenders: before, missRenders: miss, purge } = report;
  const spikeRow = (name: string, s: Report['spike']['cached']) => [name, s.requests, s.rps, s.errors, s.p50, s.p95, s.p99, Math.round(s.hostCpuMs / Math.max(1, s.requests) * 10) / 10];
  const md = `# Page cache: a sale-day spike on the home page

\`npm run bench:page-cache\` on ${report.machine.cores} cores (load average before: ${report.machine.loadBefore.map((l) => l.toFixed(2)).join(' / ')}), ${report.machine.catalog} catalogue, PGlite.
Two page servers side by side on one API: with the page cache (in memory) and with PAGE_CACHE=off.

## Home page, ${SPIKE_S} s at 200 concurrent visitors (brotli, as browsers ask)

${table([['page server', 'answers', 'per second', 'errors', 'p50 ms', 'p95 ms', 'p99 ms', 'host CPU ms per answer'], ['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:'], spikeRow('page cache', spike.cached), spikeRow('PAGE_CACHE=off', spike.uncached)])}

## Stored pages per second

Home, 50 visitors, 15 s, page cache: **${stored.rps} pages/s**, p95 ${stored.p95} ms, ${stored.errors} errors.

## Renders per CPU-second

- Without the cache (${uncached.paths.join(', ')}; 4 visitors, 20 s): ${uncached.renders} renders (${uncached.errors} errors), ${uncached.hostCpuMs} host CPU ms: **${uncached.rendersPerCpuSecond} renders per CPU-second** (${Math.round(uncached.hostCpuMs / Math.max(1, uncached.renders))} ms each).
${before ? `- The page server of ${before.checkout}, the same pages side by side: ${before.renders} renders (${before.errors} errors), ${before.hostCpuMs} host CPU ms: **${before.rendersPerCpuSecond} renders per CPU-second** (${Math.round(before.hostCpuMs / Math.max(1, before.renders))} ms each).\n` : ''}- A miss with the cache (60 product pages, each once: render, compress twice, store): ${miss.renders} renders, ${miss.hostCpuMs} host CPU ms: **${miss.rendersPerCpuSecond} per CPU-second**.

## What a purge costs

${purge.storedBefore} pages stored (home, categories, listings, products); one order sold a size out on ${purge.soldOutOn}.
When the same pages were asked for again: ${Object.entries(purge.afterPurge).map(([state, n]) => `${n} × ${state}`).join(', ')}; re-rendering them took ${purge.rewarmCpuMs} host CPU ms (${purge.rewarmWallMs} ms).
The catalogue version is one number for the whole catalogue: a sold-out size, a size back in stock and an import each make every stored page render again once.
`;
  writeFileSync(path.join(REPORTS, 'page-cache.md'), md);
}

async function main() {
  const loadBefore = os.loadavg();
  const versions = opts['no-build']
    ? (Object.fromEntries(REMOTES.map((r) => [r.name, latestRelease(r.dir)])) as Record<RemoteName, string>)
    : (await buildAll()).versions;
  const ports = await freePorts();
  const work = mkdtempSync(path.join(os.tmpdir(), 'shop-page-cache-'));
  const logDir = path.join(ROOT, '.run', 'bench-page-cache-logs');
  mkdirSync(logDir, { recursive: true });
  const options: StackOptions = {
    ports,
    registry: localRegistry(ports, versions),
    opsToken: randomBytes(18).toString('base64url'),
    pgliteDir: path.join(work, 'pglite'),
    releasesDir: path.join(work, 'releases'),
    log: { dir: logDir },
    env: { RELEASE_SMOKE: 'off', CATALOG_SEED: opts.catalog, ORDER_RATE_LIMIT: '1000', GRAPHQL_ARBITRARY_OPERATIONS: 'true' },
  };
  console.log(`Starting the shop (${opts.catalog} catalogue) and two page servers…`);
  const stack = await startStack(options);
  const server = (name: string, env: Record<string, string>, checkout?: string) =>
    startPageServer({ name, ports, logDir, env, ...(checkout ? { checkout } : {}) });
  const [cached, uncached, compareServer] = await Promise.all([
    server('host-page-cache', {}),
    server('host-no-cache', { PAGE_CACHE: 'off' }),
    opts['compare-host'] ? server('host-compare', { PAGE_CACHE: 'off' }, opts['compare-host']) : null,
  ]).catch(async (error: unknown) => {
    await stack.stop();
    throw error;
  });
  try {
    const compare = compareServer ? { origin: compareServer.origin, pid: compareServer.pid } : null;
    const origin = { cached: cached.origin, uncached: uncached.origin };
    const pid = { cached: cached.pid, uncached: uncached.pid };
    const apiUrl = `http://127.0.0.1:${ports.api}/api/graphql`;
    const pages = await choosePages(apiUrl, ['home', 'category', 'filtered', 'search', 'product']);
    const products: Product[] = [];
    for (const offset of [0, 100]) {
      const query = 'query($offset: Int) { products(limit: 100, offset: $offset) { items { webPath offers { id stock soldOut priceInRUB } } } }';
      products.push(...(await gql<{ products: { items: Product[] } }>(apiUrl, query, { offset })).products.items);
    }
    // the catalogue version known to the cached server, and every page compiled once on both
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (const pagePath of Object.values(pages)) for (const at of [...Object.values(origin), ...(compare ? [compare.origin] : [])]) await fetch(at + pagePath, { headers: BROWSER }).then((r) => r.arrayBuffer());

    const spike = {} as Report['spike'];
    for (const name of ['cached', 'uncached'] as const) {
      console.log(`Home page, 200 visitors for ${SPIKE_S} s, ${name}…`);
      const { result, cpuMs: hostCpuMs } = await measured(pid[name], () =>
        load({ url: origin[name], connections: 200, durationS: SPIKE_S, request: () => ({ method: 'GET', path: '/', headers: BROWSER }) }),
      );
      spike[name] = { ...result, hostCpuMs };
      // the requests still queued when the visitors left are rendered before the next measurement
      await Promise.all([idle(pid.cached), idle(pid.uncached)]);
    }
    console.log('Stored pages per second…');
    const storedPagesPerSecond = await load({ url: origin.cached, connections: 50, durationS: 15, request: () => ({ method: 'GET', path: '/', headers: BROWSER }) });

    console.log('Renders per CPU-second without the cache…');
    const paths = Object.values(pages) as string[];
    const uncachedRenders = { ...(await rendersOf(origin.uncached, pid.uncached, paths)), paths };
    let compareRenders: Report['compareRenders'];
    if (compare) {
      console.log(`Renders per CPU-second of ${opts['compare-host']}…`);
      compareRenders = { ...(await rendersOf(compare.origin, compare.pid, paths)), checkout: opts['compare-host'] as string };
    }

    console.log('A miss with the cache…');
    const fresh = products.slice(0, 60).map((p) => p.webPath);
    const missRun = await measured(pid.cached, () => visitAll(origin.cached, fresh));
    const missRenders = { renders: missRun.result.MISS ?? 0, hostCpuMs: missRun.cpuMs, rendersPerCpuSecond: Math.round(((missRun.result.MISS ?? 0) / missRun.cpuMs) * 10000) / 10 };

    console.log('What a purge costs…');
    const categories = await gql<{ categories: { webPath: string }[] }>(apiUrl, '{ categories { webPath } }');
    const warm = [...new Set([...paths, ...categories.categories.map((c) => c.webPath), ...products.slice(0, 100).map((p) => p.webPath)])];
    await visitAll(origin.cached, warm);
    const before = await visitAll(origin.cached, warm);
    const soldOutOn = await sellOutASize(apiUrl, products.slice(100));
    // the poll hears the new version within a second
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const rewarm = await measured(pid.cached, () => visitAll(origin.cached, warm));
    const report: Report = {
      machine: { cores: os.availableParallelism(), loadBefore, catalog: opts.catalog },
      spike,
      storedPagesPerSecond,
      uncachedRenders,
      ...(compareRenders ? { compareRenders } : {}),
      missRenders,
      purge: { storedBefore: (before.HIT ?? 0) + (before.STALE ?? 0), soldOutOn, afterPurge: rewarm.result, rewarmCpuMs: rewarm.cpuMs, rewarmWallMs: rewarm.wallMs },
    };
    writeReports(report);
    console.log(readFileSync(path.join(REPORTS, 'page-cache.md'), 'utf8'));
  } finally {
    await Promise.all([cached.stop(), uncached.stop(), compareServer?.stop()]);
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
