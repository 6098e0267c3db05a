/**
 * Stock stage of `npm run test:faults`: many shoppers race for a few units through the real HTTP
 * API (GraphQL createOrder), under listing load, with the API SIGKILLed and restarted mid-race.
 *
 * The raced offers come in three "drops" (like a sneaker release) of six offers from distinct
 * products of the seeded catalogue, with the catalogue's own small stock (picked near 1, 1, 2, 3,
 * 5, 8 units, read through the API before the race), and the shoppers go for the newest drop
 * the moment it opens (a burst of about 200 orders). The API is killed while the second drop's
 * burst sells (once a share of its units is acknowledged, or a little after it opened), so
 * requests are cut before and after their transaction committed; a shopper without an answer sends the same order with the same key
 * again, as the checkout does. The third drop opens once the API is back. Every fifth shopper
 * double-submits (the same key twice at once, then once more after the answer). Afterwards the
 * database is read and checked by stock-verify.ts: no unit sold twice, nothing lost, every
 * acknowledged order there once.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { freePort } from '../../scripts/lib/stack.ts';
import { type ApiProcess, gql, startApi, TMP } from './api-process.ts';
import {
  checkStock,
  type KillWindow,
  type LineError,
  type Send,
  type StockAttempt,
  type StockSnapshot,
  type StockVerdict,
  type Target,
} from './stock-verify.ts';
import { type Query, withPglite, withPostgres } from './verify.ts';

const SHOPPERS = 200;
const ATTEMPTS_PER_SHOPPER = 10;
const DROPS = 3;
const DROP_STOCK = [1, 1, 2, 3, 5, 8];
const REPEAT_EVERY = 5;
const LISTING_WORKERS = 4;
// how long each drop sells (the race is DROPS × this plus the restart); FAULTS_STOCK_DROP_SECONDS
// shortens or stretches it while working on the suite
const DROP_MS = Number(process.env.FAULTS_STOCK_DROP_SECONDS ?? 6) * 1000;
/** the API is killed once this share of the second drop's units is acknowledged… */
const KILL_AT_SHARE = 0.3;
/** …or this long after the second drop opened, whichever comes first */
const KILL_FALLBACK_MS = 2500;
const GRACE_MS = 30_000;
const SEND_TIMEOUT_MS = 20_000;

const CREATE = `mutation($input: CreateOrderInput!) { createOrder(input: $input) {
  success errors { code field line available } order { id ordernumber totalPrice } } }`;

const orderData = (i: number) => ({
  fullName: `Покупатель ${['Иванов', 'Петров', 'Сидоров', 'Кузнецов', 'Смирнов'][i % 5]}`,
  phone: '+7 (912) 345-67-89',
  email: `racer${i}@example.ru`,
  city: 'Москва',
  address: 'ул. Тверская, д. 7, кв. 3',
  deliveryMethod: 'CDEK_PICKUP',
  personalDataConsent: true,
  consentVersion: '2025-09-01',
});

export interface StockStageResult {
  ok: boolean;
  tried: string;
  figures: Record<string, unknown>;
  problems: string[];
  verdict: StockVerdict;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0) * 10) / 10;
}

/**
 * DROPS × DROP_STOCK.length offers in stock from distinct products of the seeded catalogue, each
 * the one whose stock (as the API shows it) is nearest to the wanted size of its slot.
 */
async function pickTargets(url: string): Promise<Target[]> {
  type P = { id: string; offers: { id: string; sku: string; priceInRUB: number; stock: number }[] };
  const d = await gql<{ a: { items: P[] }; b: { items: P[] } }>(
    url,
    '{ a: products(limit: 100) { items { id offers { id sku priceInRUB stock } } } b: products(limit: 100, offset: 100) { items { id offers { id sku priceInRUB stock } } } }',
  );
  const candidates = [...d.a.items, ...d.b.items].flatMap((p) =>
    p.offers.filter((o) => o.stock > 0).map((o) => ({ offerId: o.id, productId: p.id, sku: o.sku, price: o.priceInRUB, initial: o.stock })),
  );
  const usedProducts = new Set<string>();
  const targets: Target[] = [];
  for (let drop = 0; drop < DROPS; drop++) {
    for (const wanted of DROP_STOCK) {
      const best = candidates
        .filter((c) => !usedProducts.has(c.productId))
        .sort((x, y) => Math.abs(x.initial - wanted) - Math.abs(y.initial - wanted))[0];
      if (!best) throw new Error(`stock stage: not enough products with stock (${targets.length} picked)`);
      usedProducts.add(best.productId);
      targets.push({ ...best, drop });
    }
  }
  return targets;
}

async function readCatalogue(url: string, targets: Target[]): Promise<Record<string, { stock: number; soldOut: boolean }>> {
  const out: Record<string, { stock: number; soldOut: boolean }> = {};
  for (const productId of new Set(targets.map((t) => t.productId))) {
    const d = await gql<{ product: { offers: { id: string; stock: number; soldOut: boolean }[] } | null }>(
      url,
      'query($id: ID!) { product(id: $id) { offers { id stock soldOut } } }',
      { id: productId },
    );
    for (const o of d.product?.offers ?? []) out[o.id] = { stock: o.stock, soldOut: o.soldOut };
  }
  return out;
}

async function readSnapshot(q: Query, targets: Target[]): Promise<StockSnapshot> {
  const ids = targets.map((t) => Number(t.offerId));
  const offers = await q<{ id: number; sku: string; stock: number }>('SELECT id, sku, stock FROM offers WHERE id = ANY($1::int[])', [ids]);
  const orders = await q<{ id: number; key: string; status: string; total: number; created: string | Date }>(
    'SELECT id, idempotency_key AS key, status, total_price AS total, created_at AS created FROM orders',
  );
  const lines = await q<{ order_id: number; offer_id: number; sku: string; quantity: number; price: number }>(
    'SELECT order_id, offer_id, sku, quantity, price FROM order_lines',
  );
  const reservations = await q<{ order_id: number; sku: string; quantity: number; state: string }>(
    'SELECT order_id, sku, quantity, state FROM stock_reservations',
  );
  return {
    offers: offers.map((o) => ({ id: Number(o.id), sku: o.sku, stock: Number(o.stock) })),
    orders: orders.map((o) => ({ id: Number(o.id), key: o.key, status: o.status, total: Number(o.total), createdAt: new Date(o.created).getTime() })),
    lines: lines.map((l) => ({ orderId: Number(l.order_id), offerId: Number(l.offer_id), sku: l.sku, quantity: Number(l.quantity), price: Number(l.price) })),
    reservations: reservations.map((r) => ({ orderId: Number(r.order_id), sku: r.sku, quantity: Number(r.quantity), state: r.state })),
  };
}

async function send(url: string, body: string, shopper: number): Promise<Send> {
  const sentAt = Date.now();
  try {
    const res = await fetch(`${url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.88.${Math.floor(shopper / 250)}.${shopper % 250}` },
      body,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    const text = await res.text();
    const answeredAt = Date.now();
    const base = { sentAt, answeredAt, endedAt: answeredAt, status: res.status };
    let json: {
      data?: { createOrder?: { success: boolean; errors: LineError[]; order: { id: string; ordernumber: string; totalPrice: number } | null } };
      errors?: { message: string; extensions?: { code?: string } }[];
    };
    try {
      json = JSON.parse(text);
    } catch {
      return { ...base, outcome: res.status >= 500 ? 'error' : 'none', reason: `HTTP ${res.status} without JSON` };
    }
    if (json.errors?.length) return { ...base, outcome: 'error', reason: json.errors[0]?.extensions?.code ?? json.errors[0]?.message ?? '?' };
    const r = json.data?.createOrder;
    if (!r) return { ...base, outcome: 'error', reason: `HTTP ${res.status} without createOrder` };
    if (res.status >= 500) return { ...base, outcome: 'error', reason: `HTTP ${res.status}` };
    if (r.success && r.order) return { ...base, outcome: 'order', orderId: r.order.id, ordernumber: r.order.ordernumber, totalPrice: r.order.totalPrice };
    return { ...base, outcome: 'rejected', errors: r.errors };
  } catch (e) {
    const reason = (e as Error).name === 'TimeoutError' ? 'timeout' : ((e as { cause?: { code?: string } }).cause?.code ?? (e as Error).message);
    return { sentAt, answeredAt: null, endedAt: Date.now(), status: null, outcome: 'none', reason };
  }
}

type ApiOptions = Parameters<typeof startApi>[0];
type Listing = { requests: number; failures: number; failuresOutsideKill: number; negativeStockSeen: number; times: number[]; examples: string[] };

/**
 * The race's shared, changing state: the API (replaced after the kill), the kill window, when
 * each drop opens and when selling stops (both move once the API is back), the attempts so far.
 */
interface Race {
  api: ApiProcess;
  apiOptions: ApiOptions;
  url: string;
  log: (s: string) => void;
  targets: Target[];
  unitsOf: (drop: number) => number;
  started: number;
  opens: number[];
  stopAt: number;
  random: () => number;
  attempts: StockAttempt[];
  kill: KillWindow | null;
  killing: Promise<void> | null;
  restartSeconds: number;
  restartError: Error | null;
  ackedSecondDrop: number;
  listingOn: boolean;
  listing: Listing;
}

/** A fixed-seed xorshift: every run races the same way. */
function seededRandom(): () => number {
  let rng = 0x5eed1e5;
  return () => {
    rng ^= rng << 13;
    rng ^= rng >>> 17;
    rng ^= rng << 5;
    return (rng >>> 0) / 2 ** 32;
  };
}

/** SIGKILL to the API, once; the last drop opens a second after it is back and sells for DROP_MS. */
function killApi(race: Race): void {
  if (race.killing) return;
  const { log, started } = race;
  race.killing = (async () => {
    const from = Date.now();
    log(`SIGKILL to the API (pid ${race.api.child.pid}) at ${Math.round((from - started) / 100) / 10} s, ${race.ackedSecondDrop} units of drop 2 acknowledged`);
    race.kill = { from, to: from };
    await race.api.kill();
    race.api = await startApi(race.apiOptions);
    race.kill = { from, to: Date.now() };
    race.restartSeconds = Math.round((race.kill.to - from) / 100) / 10;
    race.opens[DROPS - 1] = Math.max(race.opens[DROPS - 1] as number, race.kill.to + 1000);
    race.stopAt = (race.opens[DROPS - 1] as number) + DROP_MS;
    log(`the API is back after ${race.restartSeconds} s; the last drop opens at ${Math.round(((race.opens[DROPS - 1] as number) - started) / 100) / 10} s`);
  })().catch((e: Error) => {
    race.restartError = e;
  });
}

/** Background listing: the catalogue pages and the raced products' pages, back to back. */
async function listingWorker(race: Race, productIds: string[], w: number): Promise<void> {
  const { listing } = race;
  for (let n = 0; race.listingOn; n++) {
    const query =
      n % 3 === 0
        ? { query: `{ products(limit: 24, offset: ${(n * 24 + w * 7) % 96}) { totalCount items { id name priceInRUB offers { id stock soldOut } } } }` }
        : { query: 'query($id: ID!) { product(id: $id) { id offers { id stock soldOut } } }', variables: { id: productIds[(n + w) % productIds.length] } };
    const t0 = Date.now();
    try {
      const res = await fetch(`${race.url}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(query),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await res.text();
      listing.requests++;
      listing.times.push(Date.now() - t0);
      if (res.status >= 500 || text.includes('"errors"')) throw new Error(`HTTP ${res.status}: ${text.slice(0, 200)}`);
      for (const m of text.matchAll(/"stock":(-?\d+)/g)) if (Number(m[1]) < 0) listing.negativeStockSeen++;
    } catch (e) {
      listing.failures++;
      if (listing.examples.length < 3) listing.examples.push(`${Math.round((Date.now() - race.started) / 100) / 10} s: ${(e as Error).message}`);
      const k = race.kill;
      if (!k || Date.now() < k.from || (k.to > k.from && t0 > k.to + 1000)) listing.failuresOutsideKill++;
      await sleep(200);
    }
  }
}

/** 1–2 lines of 1–3 units, mostly from the newest open drop. */
function chooseItems(race: Race) {
  const { random, targets } = race;
  const now = Date.now();
  const open = Array.from({ length: DROPS }, (_, d) => d).filter((d) => (race.opens[d] as number) <= now);
  const newest = open[open.length - 1] ?? 0;
  const lines = random() < 0.35 ? 2 : 1;
  const chosen = new Map<string, { offerId: string; quantity: number; price: number }>();
  while (chosen.size < lines) {
    const drop = random() < 0.75 ? newest : (open[Math.floor(random() * open.length)] ?? 0);
    const pool = targets.filter((t) => t.drop === drop);
    const t = pool[Math.floor(random() * pool.length)]!;
    chosen.set(t.offerId, { offerId: t.offerId, quantity: 1 + Math.floor(random() * 3), price: t.price });
  }
  return [...chosen.values()];
}

/** Keeps a send; the first order of an attempt counts toward the kill. True once the attempt is settled. */
function recordSend(race: Race, attempt: StockAttempt, s: Send): boolean {
  attempt.sends.push(s);
  if (s.outcome === 'order' && attempt.sends.filter((x) => x.outcome === 'order').length === 1) {
    const drop2 = attempt.items.filter((l) => race.targets.find((t) => t.offerId === l.offerId)?.drop === 1).reduce((sum, l) => sum + l.quantity, 0);
    race.ackedSecondDrop += drop2;
    if (race.ackedSecondDrop >= race.unitsOf(1) * KILL_AT_SHARE && Date.now() >= (race.opens[1] as number)) killApi(race);
  }
  return s.outcome === 'order' || s.outcome === 'rejected';
}

/** One order: sent (twice at once for a repeating shopper), resent with its key until settled. */
async function placeOnce(race: Race, i: number, repeats: boolean): Promise<void> {
  const { url, random } = race;
  const items = chooseItems(race);
  const attempt: StockAttempt = { key: `stock-${randomUUID()}`, shopper: i, items, sends: [], repeats };
  race.attempts.push(attempt);
  const body = JSON.stringify({ query: CREATE, variables: { input: { idempotencyKey: attempt.key, orderData: orderData(i), items } } });
  const record = (s: Send) => recordSend(race, attempt, s);
  const first = repeats ? await Promise.all([send(url, body, i), send(url, body, i)]) : [await send(url, body, i)];
  let settled = first.map(record).some(Boolean);
  // no answer, or a server fault: the same order with the same key again, as the checkout does
  while (!settled && Date.now() < race.stopAt + GRACE_MS) {
    await sleep(500 + random() * 1000);
    settled = record(await send(url, body, i));
  }
  if (repeats && settled) record(await send(url, body, i));
}

async function shopper(race: Race, i: number): Promise<void> {
  const { random } = race;
  const repeats = i % REPEAT_EVERY === 0;
  await sleep(random() * 200);
  for (let n = 0; n < ATTEMPTS_PER_SHOPPER && Date.now() < race.stopAt; n++) {
    await placeOnce(race, i, repeats);
    // a shopper waiting for a drop is there the moment it opens: each drop starts with a burst
    const next = race.opens.find((o) => o > Date.now());
    let wait = 1000 + random() * 3000;
    if (next !== undefined && next < Date.now() + wait) wait = next - Date.now() + random() * 200;
    if (Date.now() + wait >= race.stopAt) break;
    await sleep(wait);
  }
}

/** The race itself: shoppers and listing clients until the last drop closed, the kill on the way. */
async function runRace(race: Race): Promise<number> {
  const killTimer = setTimeout(() => killApi(race), DROP_MS + KILL_FALLBACK_MS);
  const productIds = [...new Set(race.targets.map((t) => t.productId))];
  const listingRun = Promise.all(Array.from({ length: LISTING_WORKERS }, (_, w) => listingWorker(race, productIds, w)));
  const ticker = setInterval(() => race.log(`${Math.round((Date.now() - race.started) / 1000)} s, ${race.attempts.length} attempts`), 8000);
  await Promise.all(Array.from({ length: SHOPPERS }, (_, i) => shopper(race, i)));
  const raceMs = Date.now() - race.started;
  clearInterval(ticker);
  clearTimeout(killTimer);
  if (race.killing) await race.killing;
  race.listingOn = false;
  await listingRun;
  if (race.restartError) throw race.restartError;
  return raceMs;
}

export async function runStockStage(options: {
  database: 'PostgreSQL' | 'PGlite';
  databaseUrl?: string;
  pgliteDir?: string;
  log: (s: string) => void;
}): Promise<StockStageResult> {
  const name = `stock-${options.database.toLowerCase()}`;
  const log = (s: string) => options.log(`${name}: ${s}`);
  const port = await freePort();
  const apiOptions = {
    port,
    log: path.join(TMP, `${name}.log`),
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : { pgliteDir: options.pgliteDir as string }),
  };
  const onDb = <R>(fn: (q: Query) => Promise<R>) =>
    options.databaseUrl ? withPostgres(options.databaseUrl, fn) : withPglite(options.pgliteDir as string, fn);

  // 1. a seeded catalogue (the API seeds an empty database); the raced offers keep its stock
  log('seeding, picking the offers to race for');
  const apiStarted = Date.now();
  const api: ApiProcess = await startApi(apiOptions);
  const firstStartSeconds = Math.round((Date.now() - apiStarted) / 100) / 10;
  const targets = await pickTargets(api.url);
  const unitsOf = (drop: number) => targets.filter((t) => t.drop === drop).reduce((s, t) => s + t.initial, 0);
  log(
    `API up in ${firstStartSeconds} s; ${targets.length} offers in ${DROPS} drops (${Array.from({ length: DROPS }, (_, d) => unitsOf(d)).join(' + ')} units); ${SHOPPERS} shoppers, ${DROP_MS / 1000} s a drop`,
  );

  // 2. the race
  const started = Date.now();
  const race: Race = {
    api,
    apiOptions,
    url: api.url,
    log,
    targets,
    unitsOf,
    started,
    // the last drop opens once the API is back from the kill, and sells for DROP_MS like the others
    opens: Array.from({ length: DROPS }, (_, d) => started + d * DROP_MS),
    stopAt: started + DROPS * DROP_MS,
    random: seededRandom(),
    attempts: [],
    kill: null,
    killing: null,
    restartSeconds: 0,
    restartError: null,
    ackedSecondDrop: 0,
    listingOn: true,
    listing: { requests: 0, failures: 0, failuresOutsideKill: 0, negativeStockSeen: 0, times: [], examples: [] },
  };
  const raceMs = await runRace(race);

  // 3. what the catalogue shows now, then the database itself
  const child = race.api.child;
  const exited = child.exitCode !== null || child.signalCode !== null;
  const died = exited ? `the API process ended by itself during the race (exit code ${child.exitCode}, signal ${child.signalCode})` : null;
  const catalogue = died ? {} : await readCatalogue(race.api.url, targets);
  await race.api.stop();
  const snapshot = await onDb((q) => readSnapshot(q, targets));
  const verdict = checkStock({ targets, attempts: race.attempts, snapshot, catalogue, kill: race.kill });
  return stageResult(race, verdict, raceMs, firstStartSeconds, died);
}

function stageResult(race: Race, verdict: StockVerdict, raceMs: number, firstStartSeconds: number, died: string | null): StockStageResult {
  const { listing, kill: finalKill, targets } = race;
  const ok = verdict.ok && !died && finalKill !== null && listing.failuresOutsideKill === 0 && listing.negativeStockSeen === 0;
  race.log(
    `${verdict.acknowledged} orders, ${verdict.unitsSold}/${verdict.unitsStock} units sold, ${verdict.oversoldOffers} oversold, ${verdict.rejectedAttempts} refused, ${verdict.retriedAfterKill} retried after the kill → ${ok ? 'OK' : 'FAILED'}`,
  );
  const problems = [...verdict.problems];
  if (!finalKill) problems.unshift('the API was never killed');
  if (listing.failuresOutsideKill) problems.unshift(`${listing.failuresOutsideKill} listing requests failed outside the kill window; ${listing.examples.join(' | ')}`);
  if (died) problems.unshift(died);
  if (listing.negativeStockSeen) problems.unshift(`the catalogue showed negative stock ${listing.negativeStockSeen} times`);
  return {
    ok,
    tried: `${SHOPPERS} shoppers (up to ${ATTEMPTS_PER_SHOPPER} orders each, 1–2 lines of 1–3 units, a fresh idempotency key per order; every ${REPEAT_EVERY}th shopper sends each order twice at once and once more after the answer) race for ${verdict.unitsStock} units of ${targets.length} offers of the seeded catalogue released in ${DROPS} drops of ${DROP_MS / 1000} s (stock ${targets.map((t) => t.initial).join(', ')}), the last once the API is back, through GraphQL createOrder over HTTP, while ${LISTING_WORKERS} clients read the listing and the raced products. While the second drop sells, the API gets SIGKILL and is started again; shoppers without an answer resend the same order with the same key. Afterwards the database is checked offer by offer (sold ≤ stock, stock = free + sold, held reservations = sold, no negative stock, the catalogue shows the free stock) and order by order (every acknowledged order once with its lines and total, no order without lines or without an acknowledgement, refusals only SOLD_OUT/INSUFFICIENT_STOCK with a possible \`available\`).`,
    figures: stageFigures(race, verdict, raceMs, firstStartSeconds),
    problems,
    verdict,
  };
}

function stageFigures(race: Race, verdict: StockVerdict, raceMs: number, firstStartSeconds: number) {
  const { listing, kill: finalKill, targets, started, restartSeconds } = race;
  const answered = race.attempts.flatMap((a) => a.sends).filter((s) => s.answeredAt !== null && (s.outcome === 'order' || s.outcome === 'rejected'));
  const ms = (s: Send) => (s.answeredAt as number) - s.sentAt;
  return {
    shoppers: SHOPPERS,
    raceSeconds: Math.round(raceMs / 100) / 10,
    offers: targets.length,
    unitsInStock: verdict.unitsStock,
    unitsSold: verdict.unitsSold,
    unitsAcknowledged: verdict.unitsAcknowledged,
    attempts: verdict.attempts,
    requestsSent: verdict.sends,
    acknowledgedOrders: verdict.acknowledged,
    refusedAttempts: verdict.rejectedAttempts,
    refusalsByCode: verdict.rejectionsByCode,
    oversoldOffers: verdict.oversoldOffers,
    conservationBroken: verdict.conservationBroken,
    reservationMismatches: verdict.reservationMismatches,
    negativeStock: verdict.negativeStock,
    catalogueMismatches: verdict.catalogueMismatches,
    missing: verdict.missing,
    duplicates: verdict.duplicates,
    wrongLinesOrTotals: verdict.wrongLines,
    ordersWithoutLines: verdict.ordersWithoutLines,
    storedWithoutAcknowledgement: verdict.storedWithoutAck,
    keysWithTwoOrders: verdict.keysWithTwoOrders,
    keysAnsweredOrderAndRefusal: verdict.keysAnsweredOrderAndRefusal,
    implausibleRefusals: verdict.insaneRejections,
    neverAnswered: verdict.neverAnswered,
    repeatedSubmits: verdict.repeatedSubmits,
    repeatedSubmitsAnsweredTwice: verdict.repeatedSubmitsAnsweredTwice,
    repeatedSubmitsSameAnswer: verdict.repeatedSubmitsSameAnswer,
    killedAtSecond: finalKill ? Math.round((finalKill.from - started) / 100) / 10 : null,
    restartTookSeconds: restartSeconds,
    requestsInFlightAtKill: verdict.inFlightAtKill,
    sendsUnansweredWhileDown: verdict.unansweredInKillWindow,
    retriedAfterTheKill: verdict.retriedAfterKill,
    retriedEndedWithOrder: verdict.retriedAfterKillEndedWithOrder,
    retriedEndedRefused: verdict.retriedAfterKillEndedRefused,
    committedBeforeKillReturnedByKey: verdict.committedBeforeKillRecoveredByKey,
    http5xxInKillWindow: verdict.http5xxInKillWindow,
    http5xxOutside: verdict.http5xxOutside,
    errorAnswersInKillWindow: verdict.graphqlErrorsInKillWindow,
    errorAnswersOutside: verdict.graphqlErrorsOutside,
    unansweredOutside: verdict.unansweredOutside,
    timeoutsOutsideKill: verdict.timeoutsOutside,
    ordersPerSecond: Math.round((verdict.acknowledged / raceMs) * 10_000) / 10,
    createOrderAnswersPerSecond: Math.round((answered.length / raceMs) * 10_000) / 10,
    createOrderP50Ms: percentile(answered.map(ms), 0.5),
    createOrderP95Ms: percentile(answered.map(ms), 0.95),
    acknowledgedP95Ms: percentile(answered.filter((s) => s.outcome === 'order').map(ms), 0.95),
    listingRequests: listing.requests,
    listingP95Ms: percentile(listing.times, 0.95),
    listingFailuresOutsideKill: listing.failuresOutsideKill,
    listingNegativeStockSeen: listing.negativeStockSeen,
    apiStartSeconds: firstStartSeconds,
    perOffer: verdict.perOffer.map((o) => `${o.offerId}:${o.initial}→sold ${o.sold}, free ${o.free}, held ${o.held}`).join('; '),
  };}
