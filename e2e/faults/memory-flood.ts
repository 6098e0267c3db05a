/**
 * Memory under a flood of distinct heavy-but-allowed GraphQL requests: starts the API
 * as its own production-like process (NODE_ENV=production, PGlite on a throwaway folder, the
 * small or large catalogue; GRAPHQL_ARBITRARY_OPERATIONS=true, the worst case), sends requests that each make a large answer and each make a new
 * response-cache entry (renamed operations, varied arguments, big listings, aliased offer lists),
 * and samples the API's RSS before, during (peak, every 100 ms) and after.
 *
 *   npx tsx e2e/faults/memory-flood.ts [--seed small|large] [--requests 400] [--concurrency 4]
 *        [--cache-bytes 67108864] [--heap-mb 512] [--ceiling-mb 600] [--out reports/memory-flood.json]
 *
 * Exits 1 when the peak RSS is over the ceiling, any answer is a 5xx or the API stops answering.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, ROOT } from '../../scripts/lib/stack.ts';
import { gql, startApi, TMP } from './api-process.ts';

const { values: args } = parseArgs({
  options: {
    seed: { type: 'string', default: 'small' },
    requests: { type: 'string', default: '400' },
    concurrency: { type: 'string', default: '4' },
    'cache-bytes': { type: 'string' },
    // V8's old-space limit of the API process (--max-old-space-size), as its production start
    // command sets it; 0: Node's default
    'heap-mb': { type: 'string', default: '512' },
    'ceiling-mb': { type: 'string', default: '600' },
    out: { type: 'string', default: 'reports/memory-flood.json' },
  },
});
const seed = args.seed === 'large' ? 'large' : 'small';
const total = Number(args.requests);
const concurrency = Number(args.concurrency);
const ceilingMb = Number(args['ceiling-mb']);

const BIG_PRODUCT = 'id name text description sizes priceInRUB gallery { id url width height } technicalAttributes { name title text number unit } variants { id name colorName webPath thumbnail { src } } brand { id name } mainCategory { id name }';
const BIG_OFFER = `id sku size priceInRUB stock soldOut product { ${BIG_PRODUCT} offers { id sku size priceInRUB } }`;
const SORTS = ['NEWLY', 'PRICEUP', 'PRICEDOWN', 'CONDITION'];

/** The i-th request of the flood: every one a distinct cache key, most of them answers of 0.1–20 MB. */
function heavy(i: number, productIds: string[], words: string[]): { kind: string; query: string; variables: Record<string, unknown> } {
  const op = `Flood${i}x${(i * 2654435761) % 100000}`;
  switch (i % 4) {
    case 0: {
      // aliased offer lists of many products (an 18 MB answer before the bounds), varied in size and ids
      const aliases = 1 + (i % 7);
      const ids = productIds.slice(i % 17, (i % 17) + 5 + (i % 20));
      const fields = Array.from({ length: aliases }, (_, a) => `a${a}: offers(productIds: $ids) { ${BIG_OFFER} }`).join(' ');
      return { kind: `offers ×${aliases}`, query: `query ${op}($ids: [ID!]) { ${fields} }`, variables: { ids } };
    }
    case 1:
      return {
        kind: 'listing 100',
        query: `query ${op}($o: Int, $s: ProductSort) { products(limit: 100, offset: $o, sort: $s) { totalCount items { ${BIG_PRODUCT} offers { id size priceInRUB } } } }`,
        variables: { o: (i * 7) % 120, s: SORTS[i % SORTS.length] },
      };
    case 2:
      {
        // 2–7 aliased offer listings: 0.4–1.3 MB answers where the cost limit lets them through
        const n = 2 + (i % 6);
        return {
          kind: `offer listing ×${n}`,
          query: `query ${op} { ${Array.from({ length: n }, (_, a) => `l${a}: products(type: OFFER, limit: 100, offset: ${(i + a * 100) % 600}) { items { ${BIG_PRODUCT} } }`).join(' ')} }`,
          variables: {},
        };
      }
    default:
      return {
        kind: 'search',
        query: `query ${op}($q: String!, $o: Int) { products(scope: { search: $q }, limit: 100, offset: $o) { totalCount searchWords items { ${BIG_PRODUCT} } } }`,
        variables: { q: words[i % words.length], o: i % 5 },
      };
  }
}

type Api = Awaited<ReturnType<typeof startApi>>;
type KindStats = { sent: number; answered: number; refused: number; maxBytes: number; refusal?: string };

/** What the flood saw: statuses, per kind of request, bytes and the slowest answer. */
interface FloodResult {
  statuses: Record<string, number>;
  kinds: Record<string, KindStats>;
  bytes: number;
  maxLatency: number;
  failures: number;
  seconds: number;
}

/** The time of one small listing, in ms: how the API answers a shopper before and after the flood. */
async function listing(api: Api): Promise<number> {
  const t = performance.now();
  await gql(api.url, '{ products(limit: 24) { totalCount items { id name priceInRUB photo { fullpath } brand { name } } } }');
  return Math.round((performance.now() - t) * 10) / 10;
}

async function productIdsOf(api: Api): Promise<string[]> {
  const page = async (offset: number) =>
    (await gql<{ products: { items: { id: string }[] } }>(api.url, `{ products(limit: 100${offset ? `, offset: ${offset}` : ''}) { items { id } } }`)).products.items.map((p) => p.id);
  const ids = await page(0);
  const more = await page(100);
  return [...ids, ...more];
}

/** Records one answer into the counts; a refusal keeps the first one's text. */
function countAnswer(result: FloodResult, k: KindStats, status: number, text: string): void {
  result.statuses[status] = (result.statuses[status] ?? 0) + 1;
  const size = Buffer.byteLength(text);
  result.bytes += size;
  k.maxBytes = Math.max(k.maxBytes, size);
  if (status === 200 && text.startsWith('{"data"') && !text.includes('"errors"')) k.answered++;
  else {
    k.refused++;
    k.refusal ??= text.slice(0, 160);
  }
}

/** `total` heavy requests from `concurrency` workers, each from its own forwarded address. */
async function flood(api: Api, productIds: string[], words: string[]): Promise<FloodResult> {
  const result: FloodResult = { statuses: {}, kinds: {}, bytes: 0, maxLatency: 0, failures: 0, seconds: 0 };
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      const i = next++;
      const req = heavy(i, productIds, words);
      result.kinds[req.kind] ??= { sent: 0, answered: 0, refused: 0, maxBytes: 0 };
      const k = result.kinds[req.kind] as KindStats;
      k.sent++;
      const t = performance.now();
      try {
        const res = await fetch(`${api.url}/api/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.66.${i % 200}.${i % 250}` },
          body: JSON.stringify({ query: req.query, variables: req.variables }),
          signal: AbortSignal.timeout(60_000),
        });
        countAnswer(result, k, res.status, await res.text());
      } catch {
        result.failures++;
      }
      result.maxLatency = Math.max(result.maxLatency, performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  result.seconds = Math.round((performance.now() - started) / 100) / 10;
  return result;
}

/** Samples the API's RSS every 100 ms; `stop()` returns the peak seen (at least `start`). */
function peakSampler(api: Api, start: number): { stop: () => number } {
  let peak = start;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, api.rssMb());
    } catch {
      // the process is gone: reported below
    }
  }, 100);
  return {
    stop: () => {
      clearInterval(sampler);
      return peak;
    },
  };
}

async function measure(api: Api) {
  const productIds = await productIdsOf(api);
  const words = ['кроссовки', 'nike', 'куртка', 'найк', 'ботинки', 'adidas', 'футболка', 'rhjccjdrb'];
  for (let i = 0; i < 5; i++) await listing(api);
  const listingBefore = await listing(api);
  const rssBefore = api.rssMb();
  const sampler = peakSampler(api, rssBefore);
  const result = await flood(api, productIds, words);
  const peak = sampler.stop();
  const rssAfter = api.rssMb();
  await new Promise((r) => setTimeout(r, 5000));
  const rssSettled = api.rssMb();
  const listingAfter = await listing(api);
  const fiveXX = Object.entries(result.statuses).filter(([s]) => Number(s) >= 500).reduce((n, [, c]) => n + c, 0);
  const ok = peak <= ceilingMb && fiveXX === 0 && result.failures === 0;
  return {
    date: new Date().toISOString(),
    seed,
    requests: total,
    concurrency,
    cacheBytes: args['cache-bytes'] ?? 'default (RESPONSE_CACHE_MAX_BYTES)',
    heapMb: Number(args['heap-mb']) > 0 ? Number(args['heap-mb']) : 'node default',
    seconds: result.seconds,
    statuses: result.statuses,
    failures: result.failures,
    kinds: result.kinds,
    answerMb: Math.round(result.bytes / 1024 / 102.4) / 10,
    maxLatencyMs: Math.round(result.maxLatency),
    rssMb: { before: rssBefore, peak, after: rssAfter, settled5s: rssSettled },
    ceilingMb,
    listingMs: { before: listingBefore, after: listingAfter },
    ok,
  };
}

async function main() {
  const port = await freePort();
  const dir = path.join(TMP, `memory-flood-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // the worst case: arbitrary documents allowed (the ops setting; production runs only the
  // registered operations, whose answers an attacker can vary only through their variables)
  const env: Record<string, string> = { CATALOG_SEED: seed, GRAPHQL_ARBITRARY_OPERATIONS: 'true' };
  if (args['cache-bytes'] !== undefined) env.RESPONSE_CACHE_MAX_BYTES = args['cache-bytes'];
  if (Number(args['heap-mb']) > 0) env.NODE_OPTIONS = `--max-old-space-size=${Number(args['heap-mb'])}`;
  console.log(`starting the API (PGlite, ${seed} catalogue) on :${port} …`);
  const api = await startApi({ port, pgliteDir: path.join(dir, 'pglite'), log: path.join(dir, 'api.log'), env });
  try {
    const report = await measure(api);
    const { rssMb, ok } = report;
    mkdirSync(path.dirname(path.resolve(ROOT, args.out as string)), { recursive: true });
    writeFileSync(path.resolve(ROOT, args.out as string), `${JSON.stringify(report, null, 2)}\n`);
    console.log(JSON.stringify(report, null, 2));
    console.log(`${ok ? 'OK' : 'FAILED'}: RSS ${rssMb.before} → peak ${rssMb.peak} → ${rssMb.after} (${rssMb.settled5s} after 5 s) MB, ceiling ${ceilingMb} MB; ${total} requests in ${report.seconds} s, ${report.answerMb} MB of answers`);
    process.exitCode = ok ? 0 : 1;
  } finally {
    await api.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
