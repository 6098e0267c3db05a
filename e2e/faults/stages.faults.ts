/**
 * `npm run test:faults`: the long fault runs, with figures, written to reports/faults.md and
 * reports/faults.json (./report.ts). Each scenario starts the API as a real process on loopback
 * with a throwaway database (PostgreSQL from scripts/postgres.mjs, or PGlite in a temporary folder).
 *
 *   load       50 shoppers placing orders for 60 s, on PostgreSQL and on PGlite
 *   crash      the same load, the API SIGKILLed half-way and restarted (both databases)
 *   pg-restart the same load, PostgreSQL restarted half-way under it
 *   stock      200 shoppers racing for 60 units, the API SIGKILLed mid-race (./stock.ts)
 *   corpus     ≥ 5,000 malformed, oversized, wrongly typed, over-deep, hostile requests
 *   import     broken catalogue files given to the import command
 *   hostile    single hostile requests against the host and the API (./hostile.ts)
 *
 * `npm run test:faults -- -t corpus` runs a subset (while working on one); the full run is the
 * default. FAULTS_LOAD_SECONDS shortens the load runs while working on the suite itself.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/stack.ts';
// @ts-expect-error plain ESM script shared with the API tests
import { startPostgres } from '../../scripts/postgres.mjs';
import { type ApiProcess, gql, startApi, TMP } from './api-process.ts';
import { type BadRequest, buildCorpus } from './corpus.ts';
import { runHostileStage } from './hostile.ts';
import { runImportFaults } from './import-faults.ts';
import { type Attempt, type Offer, runLoad } from './load.ts';
import { restartPostgres } from './postgres-restart.ts';
import { type Scenario, scenarioMeta } from './report.ts';
import { runStockStage } from './stock.ts';
import { type Query, type Verdict, verifyOrders, withPglite, withPostgres } from './verify.ts';

const SHOPPERS = 50;
// 60 s; FAULTS_LOAD_SECONDS only shortens it while working on the suite itself
const LOAD_MS = Number(process.env.FAULTS_LOAD_SECONDS ?? 60) * 1000;
const RETRY_EVERY = 5; // every 5th shopper double-submits: 20 %
const LOAD_STOCK = 1_000_000;
const DATABASES = ['PostgreSQL', 'PGlite'] as const;

const started = Date.now();
const log = (s: string) => console.log(`[faults ${String(Math.round((Date.now() - started) / 1000)).padStart(4)} s] ${s}`);

/** Leaves the scenario's figures for the report (./report.ts) before its verdict is asserted. */
const record = (task: { meta: object }, scenario: Scenario) => {
  scenarioMeta(task.meta).scenario = scenario;
  return scenario;
};

type PgServer = { url: string; port: number; dataDir: string; stop(): Promise<void> };
let pgServer: PgServer;

beforeAll(async () => {
  mkdirSync(TMP, { recursive: true });
  log('starting a throwaway PostgreSQL');
  pgServer = (await startPostgres()) as PgServer;
});
afterAll(() => pgServer?.stop());

async function createDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return serverUrl.replace(/\/postgres$/, `/${name}`);
}

async function inStockOffers(url: string): Promise<Offer[]> {
  const d = await gql<{ products: { items: { offers: { id: string; priceInRUB: number; stock: number }[] }[] } }>(
    url,
    '{ products(limit: 100) { items { offers { id priceInRUB stock } } } }',
  );
  return d.products.items.flatMap((p) => p.offers).filter((o) => o.stock >= 2).map((o) => ({ id: o.id, price: o.priceInRUB }));
}

function loadFigures(v: Verdict, attempts: Attempt[], elapsedMs: number) {
  const acks = attempts.filter((a) => a.ack).length;
  return {
    shoppers: SHOPPERS,
    seconds: Math.round(elapsedMs / 100) / 10,
    ordersAttempted: v.attempted,
    requestsSent: v.sends,
    acknowledged: v.acknowledged,
    foundInDatabase: v.found,
    missing: v.missing.length,
    duplicates: v.duplicates,
    wrongLines: v.wrongLines.length,
    wrongTotals: v.wrongTotals.length,
    keysWithInconsistentAnswers: v.inconsistentAnswers.length,
    rejected: v.rejected,
    neverAnswered: v.neverAnswered,
    storedWithoutAcknowledgement: v.storedWithoutAck,
    keysSentMoreThanOnce: v.doubleSubmitted,
    sendsWithoutAnswer: v.unansweredSends,
    graphqlErrorAnswers: v.graphqlErrors,
    http5xx: v.serverErrors,
    ordersPerSecond: Math.round((acks / elapsedMs) * 10_000) / 10,
  };
}

/** Every order of a load run is as acknowledged: stored once, with its lines and total, none refused. */
function expectOrdersKept(v: Verdict): void {
  expect({
    rejected: v.rejected,
    missing: v.missing,
    duplicates: v.duplicates,
    wrongLines: v.wrongLines,
    wrongTotals: v.wrongTotals,
    inconsistentAnswers: v.inconsistentAnswers,
  }).toEqual({ rejected: 0, missing: [], duplicates: 0, wrongLines: [], wrongTotals: [], inconsistentAnswers: [] });
  expect(v.acknowledged).toBeGreaterThan(0);
  expect(v.ok).toBe(true);
}

type Fault = (ctx: { api: ApiProcess; setApi(a: ApiProcess): void; restart(): Promise<ApiProcess>; elapsed(): number }) => Promise<Record<string, unknown>>;

/** One load run; `fault` is called half-way and may swap the API (crash) or the database (restart). */
async function loadScenario(options: { name: string; database: 'PostgreSQL' | 'PGlite'; fault?: Fault }) {
  log(`${options.name}: starting the API on ${options.database}`);
  const port = await freePort();
  const logFile = path.join(TMP, `${options.name}.log`);
  rmSync(logFile, { force: true });
  const dbName = `faults_${options.name.replace(/\W/g, '_')}_${Date.now()}`;
  const pgliteDir = options.database === 'PGlite' ? path.join(mkdtempSync(path.join(os.tmpdir(), 'shop-faults-')), 'pglite') : undefined;
  const databaseUrl = options.database === 'PostgreSQL' ? await createDatabase(pgServer.url, dbName) : undefined;
  const apiOptions = { port, log: logFile, ...(databaseUrl ? { databaseUrl } : { pgliteDir }) };
  let api = await startApi(apiOptions);
  const offers = await inStockOffers(api.url);
  // an order reserves its units: the load's offers get stock for far more than a run
  // sells, so every generated order stays valid (the stock stage races for scarce units instead)
  const ids = offers.map((o) => Number(o.id));
  const stockUp = (q: Query) => q('UPDATE offers SET stock = $1 WHERE id = ANY($2::int[])', [LOAD_STOCK, ids]);
  if (databaseUrl) await withPostgres(databaseUrl, stockUp);
  else {
    await api.stop();
    await withPglite(pgliteDir as string, stockUp);
    api = await startApi(apiOptions);
  }
  log(`${options.name}: ${offers.length} offers in stock; ${SHOPPERS} shoppers for ${LOAD_MS / 1000} s`);
  let faultFigures: Record<string, unknown> = {};
  const loadStarted = Date.now();
  const faultRun = options.fault
    ? (async () => {
        await new Promise((r) => setTimeout(r, LOAD_MS / 2));
        faultFigures = await options.fault!({ api, setApi: (a) => (api = a), restart: () => startApi(apiOptions), elapsed: () => Date.now() - loadStarted });
      })()
    : Promise.resolve();
  const { attempts, elapsedMs } = await runLoad({
    url: () => api.url,
    offers,
    shoppers: SHOPPERS,
    durationMs: LOAD_MS,
    retryEvery: RETRY_EVERY,
    graceMs: 30_000,
    onTick: (ms) => ms % 15_000 < 1000 && log(`${options.name}: ${Math.round(ms / 1000)} s`),
  });
  await faultRun;
  await api.stop();
  const verdict = databaseUrl ? await withPostgres(databaseUrl, (q) => verifyOrders(q, attempts)) : await withPglite(pgliteDir as string, (q) => verifyOrders(q, attempts));
  if (pgliteDir) rmSync(path.dirname(pgliteDir), { recursive: true, force: true });
  return { attempts, verdict, elapsedMs, faultFigures };
}

describe('load', () => {
  it.for(DATABASES)('orders under load on %s: every acknowledged order is stored once', async (database, { task }) => {
    const name = `load-${database.toLowerCase()}`;
    const { attempts, verdict, elapsedMs } = await loadScenario({ name, database });
    const ok = verdict.ok && verdict.neverAnswered === 0 && verdict.serverErrors === 0;
    record(task, {
      name,
      title: `Load: ${SHOPPERS} concurrent shoppers placing orders for ${LOAD_MS / 1000} s (${database})`,
      database,
      ok,
      tried: `${SHOPPERS} shoppers in parallel, each placing orders of 1–3 lines back to back with a fresh idempotency key; every ${RETRY_EVERY}th shopper double-submits (the same key twice at once, then once more after the answer).`,
      figures: loadFigures(verdict, attempts, elapsedMs),
      notes: [],
    });
    log(`load on ${database}: ${verdict.acknowledged} acknowledged, ${verdict.found} found, ${verdict.duplicates} duplicates → ${ok ? 'OK' : 'FAILED'}`);
    expectOrdersKept(verdict);
    expect({ neverAnswered: verdict.neverAnswered, http5xx: verdict.serverErrors }).toEqual({ neverAnswered: 0, http5xx: 0 });
  });
});

/** SIGKILL to the API half-way, then the same API again on the same port and database. */
function crashFault(name: string, killed: { at: number }): Fault {
  return async ({ api, setApi, restart, elapsed }) => {
    killed.at = elapsed();
    log(`${name}: SIGKILL to the API (pid ${api.child.pid}) at ${Math.round(killed.at / 1000)} s`);
    await api.kill();
    const restartStarted = Date.now();
    setApi(await restart());
    const downMs = Date.now() - restartStarted;
    log(`${name}: the API is back after ${Math.round(downMs / 100) / 10} s`);
    return { killedAtSecond: Math.round(killed.at / 100) / 10, restartTookSeconds: Math.round(downMs / 100) / 10 };
  };
}

describe('crash', () => {
  it.for(DATABASES)('the API SIGKILLed under load on %s: nothing acknowledged is lost, nothing doubled', async (database, { task }) => {
    const name = `crash-${database.toLowerCase()}`;
    const killed = { at: 0 };
    const { attempts, verdict, elapsedMs, faultFigures } = await loadScenario({ name, database, fault: crashFault(name, killed) });
    const ackedBeforeKill = attempts.filter((a) => a.ack && a.ack.at < killed.at);
    const cutByKill = attempts.filter((a) => a.firstUnansweredAt !== null);
    const lostBeforeKill = ackedBeforeKill.filter((a) => verdict.missing.includes(a.key)).length;
    const cutEndedWithOne = cutByKill.filter((a) => a.ack && !verdict.missing.includes(a.key)).length;
    const cutNotRefused = cutByKill.filter((a) => !a.rejected).length;
    const ok = verdict.ok && lostBeforeKill === 0 && verdict.neverAnswered === 0 && cutEndedWithOne === cutNotRefused;
    record(task, {
      name,
      title: `Crash: the API SIGKILLed under load and restarted (${database})`,
      database,
      ok,
      tried: `The same load; half-way the API process gets SIGKILL and is started again on the same port and database. Shoppers without an answer keep sending the same order with the same key until they get one.`,
      figures: {
        ...loadFigures(verdict, attempts, elapsedMs),
        ...faultFigures,
        acknowledgedBeforeKill: ackedBeforeKill.length,
        acknowledgedBeforeKillFound: ackedBeforeKill.length - lostBeforeKill,
        ordersCutByTheKill: cutByKill.length,
        cutOrdersEndingWithExactlyOneOrder: cutEndedWithOne,
      },
      notes: [],
    });
    log(`crash on ${database}: ${ackedBeforeKill.length} acknowledged before the kill, ${lostBeforeKill} lost; ${cutByKill.length} cut, ${cutEndedWithOne} ended with one order → ${ok ? 'OK' : 'FAILED'}`);
    expectOrdersKept(verdict);
    expect({ lostBeforeKill, neverAnswered: verdict.neverAnswered, cutEndingWithOneOrder: cutEndedWithOne }).toEqual({ lostBeforeKill: 0, neverAnswered: 0, cutEndingWithOneOrder: cutNotRefused });
  });
});

describe('pg-restart', () => {
  it('PostgreSQL restarted under load: the API answers through it and takes orders after', async ({ task }) => {
    const times = { restartedAt: 0, backAt: 0 };
    const { attempts, verdict, elapsedMs, faultFigures } = await loadScenario({
      name: 'pg-restart',
      database: 'PostgreSQL',
      fault: async ({ elapsed }) => {
        times.restartedAt = elapsed();
        log(`pg-restart: restarting PostgreSQL at ${Math.round(times.restartedAt / 1000)} s (3 s down)`);
        const { downForMs } = await restartPostgres(pgServer, 3000);
        times.backAt = elapsed();
        log(`pg-restart: PostgreSQL is back after ${Math.round(downForMs / 100) / 10} s`);
        return { restartedAtSecond: Math.round(times.restartedAt / 100) / 10, databaseDownSeconds: Math.round(downForMs / 100) / 10 };
      },
    });
    const errorCodes: Record<string, number> = {};
    for (const a of attempts) for (const e of a.graphqlErrors) errorCodes[e] = (errorCodes[e] ?? 0) + 1;
    const acksAfter = attempts.filter((a) => a.ack && a.ack.at > times.backAt);
    const firstAckAfter = Math.min(...acksAfter.map((a) => a.ack!.at));
    const ok = verdict.ok && verdict.neverAnswered === 0 && verdict.serverErrors === 0 && acksAfter.length > 0;
    record(task, {
      name: 'pg-restart',
      title: 'PostgreSQL restarted under load',
      database: 'PostgreSQL',
      ok,
      tried: 'The same load; half-way PostgreSQL gets a fast shutdown (every connection cut), stays down 3 s and starts again. The API process is not touched.',
      figures: {
        ...loadFigures(verdict, attempts, elapsedMs),
        ...faultFigures,
        graphqlErrorCodesDuringTheFault: errorCodes,
        acknowledgedAfterTheRestart: acksAfter.length,
        firstAcknowledgementAfterDatabaseBackSeconds: acksAfter.length ? Math.round((firstAckAfter - times.backAt) / 100) / 10 : null,
      },
      notes: [],
    });
    log(`pg-restart: errors ${JSON.stringify(errorCodes)}, ${acksAfter.length} acknowledged after the restart → ${ok ? 'OK' : 'FAILED'}`);
    expectOrdersKept(verdict);
    expect({ neverAnswered: verdict.neverAnswered, http5xx: verdict.serverErrors }).toEqual({ neverAnswered: 0, http5xx: 0 });
    expect(acksAfter.length).toBeGreaterThan(0);
  });
});

describe('stock', () => {
  it.for(DATABASES)('shoppers racing for scarce units on %s, the API SIGKILLed mid-race: no oversell', async (database, { task }) => {
    const pgliteDir = database === 'PGlite' ? path.join(mkdtempSync(path.join(os.tmpdir(), 'shop-faults-')), 'pglite') : undefined;
    const databaseUrl = database === 'PostgreSQL' ? await createDatabase(pgServer.url, `faults_stock_${Date.now()}`) : undefined;
    const r = await runStockStage({ database, log, ...(databaseUrl ? { databaseUrl } : { pgliteDir }) });
    if (pgliteDir) rmSync(path.dirname(pgliteDir), { recursive: true, force: true });
    record(task, {
      name: `stock-${database.toLowerCase()}`,
      title: `Stock race: ${r.figures.shoppers} shoppers for ${r.figures.unitsInStock} units, the API SIGKILLed mid-race (${database})`,
      database,
      ok: r.ok,
      tried: r.tried,
      figures: r.figures,
      notes: r.problems.slice(0, 15),
    });
    expect(r.problems).toEqual([]);
    expect(r.verdict.oversoldOffers).toBe(0);
    expect(r.ok).toBe(true);
  });
});

/** The API on a fresh PostgreSQL database for the bad-input stages. */
async function apiOnPostgres(logName: string): Promise<{ api: ApiProcess; dbUrl: string }> {
  const dbUrl = await createDatabase(pgServer.url, `faults_${logName}_${Date.now()}`);
  log(`${logName}: starting the API on PostgreSQL`);
  const api = await startApi({ port: await freePort(), databaseUrl: dbUrl, log: path.join(TMP, `${logName}.log`) });
  return { api, dbUrl };
}

describe('corpus', () => {
  it('thousands of bad requests: every one answered in JSON, no 5xx, no internals; memory and latency recover', async ({ task }) => {
    const { api } = await apiOnPostgres('corpus');
    try {
      const s = record(task, await corpusScenario(api));
      const f = s.figures;
      expect(f.requests).toBeGreaterThanOrEqual(5000);
      expect({ http5xx: f.http5xx, leaks: f.answersLeakingInternals, withoutAnswer: f.requestsWithoutAnswer, alive: f.apiAliveAfterwards }).toEqual({ http5xx: 0, leaks: 0, withoutAnswer: 0, alive: true });
      const [rssBefore, rssAfter] = [f.rssMbBefore as number, f.rssMbAfter as number];
      expect(rssAfter, 'RSS back near its baseline').toBeLessThanOrEqual(rssBefore + Math.max(64, rssBefore * 0.5));
      const [before, after] = [f.normalQueryLatencyMsBefore, f.normalQueryLatencyMsAfter] as { p50: number; p95: number }[];
      expect(after!.p50, 'normal-query p50 back near its baseline').toBeLessThanOrEqual(before!.p50 * 2 + 5);
      expect(after!.p95, 'normal-query p95 back near its baseline').toBeLessThanOrEqual(before!.p95 * 2 + 10);
      expect(s.ok).toBe(true);
    } finally {
      await api.stop();
    }
  });
});

describe('import', () => {
  it('broken catalogue files: each refused by name, the catalogue untouched, the API still serving', async ({ task }) => {
    const { api, dbUrl } = await apiOnPostgres('import');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-faults-import-'));
    try {
      log('import: broken catalogue files');
      const outcomes = await withPostgres(dbUrl, (q) => runImportFaults(dbUrl, q, dir, log));
      const stillServes = (await gql<{ products: { totalCount: number } }>(api.url, '{ products { totalCount } }')).products.totalCount;
      const ok = outcomes.every((o) => o.refused && o.named && o.catalogueUntouched) && stillServes > 0;
      record(task, {
        name: 'import',
        title: 'Catalogue import with broken files',
        database: 'PostgreSQL',
        ok,
        tried: `${outcomes.length} broken files given to the real import command (api/src/cli/import.ts) while the API serves the same database.`,
        figures: { files: outcomes.length, refused: outcomes.filter((o) => o.refused).length, catalogueUntouched: outcomes.filter((o) => o.catalogueUntouched).length, productsServedAfterwards: stillServes, cases: outcomes },
        notes: [],
      });
      const wrong = outcomes.filter((o) => !(o.refused && o.named && o.catalogueUntouched));
      expect(wrong).toEqual([]);
      expect(stillServes).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await api.stop();
    }
  });
});

describe('hostile', () => {
  it('single hostile requests against the host and the API: every class holds', async ({ task }) => {
    const dbUrl = await createDatabase(pgServer.url, `faults_hostile_${Date.now()}`);
    const result = await runHostileStage(dbUrl, log);
    record(task, {
      name: 'hostile',
      title: 'Hostile requests: single attacker requests against the host and the API',
      database: 'PostgreSQL',
      ok: result.ok,
      tried:
        'Raw-socket request lines (absolute-form, //host/api, encoded), unusable Host headers, malformed visitor_id cookies, fragment diamonds k = 20..30, alias and introspection amplification, offers-list amplification, form/multipart/application/graphql bodies, chunked bodies over the cap, spoofed X-Forwarded-For/Forwarded/X-Real-IP against the order rate limit, deep variables and subscriptions, each sent to the host and to the API (GRAPHQL_ARBITRARY_OPERATIONS=true, so the limits themselves are tried). A canary listener is the target of every SSRF attempt.',
      figures: { ...result.figures, classes: result.classes },
      notes: result.notes,
    });
    const f = result.figures;
    expect(Object.fromEntries(result.classes.filter((c) => !c.holds).map((c) => [c.name, c.problems]))).toEqual({});
    expect({ http5xx: f.http5xx, alive: f.processesAlive, canaryHits: f.canaryHits, stackTraces: f.stackTracesInLogs }).toEqual({ http5xx: 0, alive: { api: true, host: true }, canaryHits: 0, stackTraces: 0 });
    expect(result.ok).toBe(true);
  });
});

async function normalLatency(url: string, rounds: number): Promise<{ p50: number; p95: number; max: number }> {
  const d = await gql<{ products: { items: { id: string }[] } }>(url, '{ products(limit: 20) { items { id } } }');
  const ids = d.products.items.map((p) => p.id);
  const queries = [
    ['{ products(limit: 24) { totalCount items { id name priceInRUB brand { name } } } }', {}],
    ['{ products(limit: 24, sort: PRICEUP, filter: { priceFrom: 5000 }) { totalCount items { id } } }', {}],
    ['query($s: String!) { products(scope: { search: $s }) { totalCount items { id } } }', { s: 'кроссовки' }],
    ['{ categories { id name } menu { name } }', {}],
    ['query($p: String!) { resolvePage(path: $p) { type id status } }', { p: '/catalog' }],
    ...ids.map((id) => ['query($id: ID!) { product(id: $id) { id name offers { id priceInRUB } } }', { id }]),
  ] as [string, Record<string, unknown>][];
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const [q, v] of queries) {
      const t = performance.now();
      await gql(url, q, v);
      times.push(performance.now() - t);
    }
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => Math.round((times[Math.min(times.length - 1, Math.floor(times.length * p))] ?? 0) * 10) / 10;
  return { p50: at(0.5), p95: at(0.95), max: at(1) };
}

const STACK = /\n\s+at |node_modules|\.[tj]s:\d+:\d+|\/work\/|\/src\/|DrizzleQueryError|PostgresError|error: syntax error at or near/;

/** What the corpus run saw, answer by answer. */
interface CorpusTally {
  statuses: Record<string, number>;
  kinds: Record<string, number>;
  codes: Record<string, number>;
  fiveXX: number;
  notJson: number;
  leaks: number;
  noAnswer: number;
  peakRss: number;
  examples: string[];
}

function sendCorpusRequest(api: ApiProcess, req: BadRequest, i: number): Promise<Response> {
  return fetch(`${api.url}${req.path ?? '/api/graphql'}`, {
    method: req.method ?? 'POST',
    headers: { ...(req.method === 'GET' ? {} : { 'content-type': req.contentType ?? 'application/json' }), 'x-forwarded-for': `10.99.${i % 200}.${i % 250}` },
    ...(req.method === 'GET' ? {} : { body: req.body ?? '' }),
    signal: AbortSignal.timeout(20_000),
  });
}

/** Judges one answer: a 5xx, an answer that is not JSON and one that shows internals are counted. */
function tallyAnswer(tally: CorpusTally, req: BadRequest, status: number, text: string): void {
  const { examples } = tally;
  tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
  if (status >= 500) {
    tally.fiveXX++;
    if (examples.length < 10) examples.push(`${status} ${req.kind}: ${(req.body ?? req.path ?? '').slice(0, 120)} → ${text.slice(0, 200)}`);
  }
  try {
    const json = JSON.parse(text) as { errors?: { extensions?: { code?: string } }[] };
    for (const e of json.errors ?? []) tally.codes[e.extensions?.code ?? '(no code)'] = (tally.codes[e.extensions?.code ?? '(no code)'] ?? 0) + 1;
  } catch {
    tally.notJson++;
  }
  if (STACK.test(text)) {
    tally.leaks++;
    if (examples.length < 10) examples.push(`leak ${req.kind}: ${(req.body ?? req.path ?? '').slice(0, 120)} → ${text.slice(0, 300)}`);
  }
}

/** Sends the whole corpus, 8 in flight, sampling the API's RSS every 500 requests. */
async function sendCorpus(api: ApiProcess, corpus: BadRequest[], rssBefore: number): Promise<CorpusTally> {
  const tally: CorpusTally = { statuses: {}, kinds: {}, codes: {}, fiveXX: 0, notJson: 0, leaks: 0, noAnswer: 0, peakRss: rssBefore, examples: [] };
  let next = 0;
  async function worker() {
    while (next < corpus.length) {
      const i = next++;
      const req = corpus[i]!;
      tally.kinds[req.kind] = (tally.kinds[req.kind] ?? 0) + 1;
      try {
        const res = await sendCorpusRequest(api, req, i);
        tallyAnswer(tally, req, res.status, await res.text());
      } catch (e) {
        tally.noAnswer++;
        if (tally.examples.length < 10) tally.examples.push(`no answer ${req.kind}: ${(req.body ?? req.path ?? '').slice(0, 120)} → ${(e as Error).message}`);
      }
      if (i % 500 === 0) {
        tally.peakRss = Math.max(tally.peakRss, api.rssMb());
        if (i % 1000 === 0) log(`corpus: ${i}/${corpus.length}`);
      }
    }
  }
  await Promise.all(Array.from({ length: 8 }, worker));
  return tally;
}

async function corpusScenario(api: ApiProcess): Promise<Scenario> {
  const offers = await inStockOffers(api.url);
  const corpus = buildCorpus(offers[0]?.id ?? '1');
  log(`corpus: ${corpus.length} bad requests; warming up and measuring the baseline`);
  await normalLatency(api.url, 2);
  await new Promise((r) => setTimeout(r, 2000));
  const rssBefore = api.rssMb();
  const latencyBefore = await normalLatency(api.url, 8);
  const t0 = Date.now();
  const tally = await sendCorpus(api, corpus, rssBefore);
  const { fiveXX, leaks, noAnswer, peakRss } = tally;
  const corpusSeconds = Math.round((Date.now() - t0) / 100) / 10;
  const alive = api.child.exitCode === null && (await fetch(`${api.url}/api/health`)).ok;
  await new Promise((r) => setTimeout(r, 10_000));
  const rssAfter = api.rssMb();
  const latencyAfter = await normalLatency(api.url, 8);
  const rssOk = rssAfter <= rssBefore + Math.max(64, rssBefore * 0.5);
  const latencyOk = latencyAfter.p50 <= latencyBefore.p50 * 2 + 5 && latencyAfter.p95 <= latencyBefore.p95 * 2 + 10;
  const ok = corpus.length >= 5000 && fiveXX === 0 && leaks === 0 && noAnswer === 0 && alive && rssOk && latencyOk;
  log(`corpus: ${corpus.length} sent in ${corpusSeconds} s; 5xx ${fiveXX}, leaks ${leaks}, no answer ${noAnswer}; RSS ${rssBefore} → ${rssAfter} MB (peak ${peakRss}); p50 ${latencyBefore.p50} → ${latencyAfter.p50} ms → ${ok ? 'OK' : 'FAILED'}`);
  return {
    name: 'corpus',
    title: `Bad input: a corpus of ${corpus.length} malformed, oversized, wrongly typed, over-deep and hostile requests`,
    database: 'PostgreSQL',
    ok,
    tried: 'Hostile strings (SQL and script injection, NUL, RTL override, zero-width, lone surrogates, combining marks, 5,000-character Cyrillic, huge numerals) in every string and ID argument of the schema and every order field; huge, negative and wrongly typed numbers; wrong types for every variable and body field; malformed JSON and documents; wrong content types; depth 10–60; alias and batch bombs; 100 KB–2 MB bodies; 20,000-id lists; GET with hostile queries and mutations. 8 in flight at a time.',
    figures: {
      requests: corpus.length,
      seconds: corpusSeconds,
      byKind: tally.kinds,
      httpStatuses: tally.statuses,
      errorCodes: tally.codes,
      http5xx: fiveXX,
      answersThatAreNotJson: tally.notJson,
      answersLeakingInternals: leaks,
      requestsWithoutAnswer: noAnswer,
      apiAliveAfterwards: alive,
      rssMbBefore: rssBefore,
      rssMbPeak: peakRss,
      rssMbAfter: rssAfter,
      normalQueryLatencyMsBefore: latencyBefore,
      normalQueryLatencyMsAfter: latencyAfter,
    },
    notes: tally.examples,
  };
}

