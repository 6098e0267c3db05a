/**
 * Stock stage of `npm run test:faults`: many shoppers race for a few units through the real HTTP
 * API (GraphQL createOrder), under listing load, with the API SIGKILLed and restarted mid-race.
 *
 * The raced offers come in three "drops" (like a sneaker release): each drop's offers get a small
 * stock (1, 1, 2, 3, 5, 8 units) written into the database before the API starts, and the shoppers
 * go for the newest drop when it opens. The API is killed while the second drop is selling
 * (once a share of its units is acknowledged), so requests are cut both before and after their
 * transaction committed; a shopper without an answer sends the same order with the same key
 * again, as the checkout does. Every fifth shopper double-submits (the same key twice at once,
 * then once more after the answer). Afterwards the database is read and checked by
 * stock-verify.ts: no unit sold twice, nothing lost, every acknowledged order there once.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { freePort } from '../lib/stack.ts';
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
const ATTEMPTS_PER_SHOPPER = 6;
const DROPS = 3;
const DROP_STOCK = [1, 1, 2, 3, 5, 8];
const REPEAT_EVERY = 5;
const LISTING_WORKERS = 4;
// the whole race; FAULTS_STOCK_SECONDS shortens or stretches it while working on the suite
const RACE_MS = Number(process.env.FAULTS_STOCK_SECONDS ?? 24) * 1000;
const DROP_MS = RACE_MS / DROPS;
/** the API is killed once this share of the second drop's units is acknowledged… */
const KILL_AT_SHARE = 0.3;
/** …or this long after the second drop opened, whichever comes first */
const KILL_FALLBACK_MS = 2500;
const GRACE_MS = 30_000;

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

/** Offers with stock from distinct products of the seeded catalogue, DROPS × DROP_STOCK.length of them. */
async function pickTargets(url: string): Promise<Omit<Target, 'initial' | 'drop'>[]> {
  const d = await gql<{ products: { items: { id: string; offers: { id: string; sku: string; priceInRUB: number; stock: number }[] }[] } }>(
    url,
    '{ products(limit: 100) { items { id offers { id sku priceInRUB stock } } } }',
  );
  const picked: Omit<Target, 'initial' | 'drop'>[] = [];
  for (const p of d.products.items) {
    const o = p.offers.find((x) => x.stock > 0);
    if (o) picked.push({ offerId: o.id, productId: p.id, sku: o.sku, price: o.priceInRUB });
  }
  const need = DROPS * DROP_STOCK.length;
  if (picked.length < need) throw new Error(`stock stage: only ${picked.length} products with stock, ${need} needed`);
  // spread over the listing rather than its first products
  const step = Math.floor(picked.length / need);
  return Array.from({ length: need }, (_, i) => picked[i * step]!);
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
      signal: AbortSignal.timeout(15_000),
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

  // 1. a seeded catalogue; the raced offers get their small stock while the API is down
  log('seeding, picking the offers to race for');
  let api: ApiProcess = await startApi(apiOptions);
  const picked = await pickTargets(api.url);
  await api.stop();
  const targets: Target[] = picked.map((p, i) => ({ ...p, drop: Math.floor(i / DROP_STOCK.length), initial: DROP_STOCK[i % DROP_STOCK.length]! }));
  await onDb(async (q) => {
    for (const t of targets) await q('UPDATE offers SET stock = $1 WHERE id = $2', [t.initial, Number(t.offerId)]);
  });
  const apiStarted = Date.now();
  api = await startApi(apiOptions);
  const firstStartSeconds = Math.round((Date.now() - apiStarted) / 100) / 10;
  const before = await readCatalogue(api.url, targets);
  for (const t of targets) {
    if (before[t.offerId]?.stock !== t.initial) throw new Error(`stock stage: offer ${t.offerId} shows ${before[t.offerId]?.stock}, set ${t.initial}`);
  }
  const unitsPerDrop = DROP_STOCK.reduce((s, n) => s + n, 0);
  log(`${targets.length} offers in ${DROPS} drops, ${unitsPerDrop * DROPS} units; ${SHOPPERS} shoppers for ${RACE_MS / 1000} s`);

  // 2. the race
  const url = api.url;
  const started = Date.now();
  const stopAt = started + RACE_MS;
  const dropOpens = (d: number) => started + d * DROP_MS;
  let rng = 0x5eed1e5;
  const random = () => {
    rng ^= rng << 13;
    rng ^= rng >>> 17;
    rng ^= rng << 5;
    return (rng >>> 0) / 2 ** 32;
  };
  const attempts: StockAttempt[] = [];
  let kill: KillWindow | null = null;
  let killing: Promise<void> | null = null;
  let restartSeconds = 0;
  let ackedSecondDrop = 0;
  const doKill = () => {
    if (killing) return;
    killing = (async () => {
      const from = Date.now();
      log(`SIGKILL to the API (pid ${api.child.pid}) at ${Math.round((from - started) / 100) / 10} s, ${ackedSecondDrop} units of drop 2 acknowledged`);
      kill = { from, to: from };
      await api.kill();
      api = await startApi(apiOptions);
      kill = { from, to: Date.now() };
      restartSeconds = Math.round((kill.to - from) / 100) / 10;
      log(`the API is back after ${restartSeconds} s`);
    })();
  };
  const killTimer = setTimeout(doKill, DROP_MS + KILL_FALLBACK_MS);

  // background listing: the catalogue pages and the raced products' pages, back to back
  const listing = { requests: 0, failures: 0, failuresOutsideKill: 0, negativeStockSeen: 0, times: [] as number[] };
  let listingOn = true;
  const productIds = [...new Set(targets.map((t) => t.productId))];
  const listingWorker = async (w: number) => {
    for (let n = 0; listingOn; n++) {
      const query =
        n % 3 === 0
          ? { query: `{ products(limit: 24, offset: ${(n * 24 + w * 7) % 96}) { totalCount items { id name priceInRUB offers { id stock soldOut } } } }` }
          : { query: 'query($id: ID!) { product(id: $id) { id offers { id stock soldOut } } }', variables: { id: productIds[(n + w) % productIds.length] } };
      const t0 = Date.now();
      try {
        const res = await fetch(`${url}/api/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(query),
          signal: AbortSignal.timeout(15_000),
        });
        const text = await res.text();
        listing.requests++;
        listing.times.push(Date.now() - t0);
        if (res.status >= 500 || text.includes('"errors"')) throw new Error(`HTTP ${res.status}`);
        for (const m of text.matchAll(/"stock":(-?\d+)/g)) if (Number(m[1]) < 0) listing.negativeStockSeen++;
      } catch {
        listing.failures++;
        const k = kill as KillWindow | null;
        if (!k || Date.now() < k.from || (k.to > k.from && t0 > k.to + 1000)) listing.failuresOutsideKill++;
        await sleep(200);
      }
    }
  };
  const listingRun = Promise.all(Array.from({ length: LISTING_WORKERS }, (_, w) => listingWorker(w)));

  const chooseItems = () => {
    const now = Date.now();
    const open = Array.from({ length: DROPS }, (_, d) => d).filter((d) => dropOpens(d) <= now);
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
  };

  const shopper = async (i: number) => {
    const repeats = i % REPEAT_EVERY === 0;
    await sleep(random() * 1000);
    for (let n = 0; n < ATTEMPTS_PER_SHOPPER && Date.now() < stopAt; n++) {
      const items = chooseItems();
      const attempt: StockAttempt = { key: `stock-${randomUUID()}`, shopper: i, items, sends: [], repeats };
      attempts.push(attempt);
      const body = JSON.stringify({ query: CREATE, variables: { input: { idempotencyKey: attempt.key, orderData: orderData(i), items } } });
      const record = (s: Send) => {
        attempt.sends.push(s);
        if (s.outcome === 'order' && attempt.sends.filter((x) => x.outcome === 'order').length === 1) {
          const drop2 = items.filter((l) => targets.find((t) => t.offerId === l.offerId)?.drop === 1).reduce((sum, l) => sum + l.quantity, 0);
          ackedSecondDrop += drop2;
          if (ackedSecondDrop >= unitsPerDrop * KILL_AT_SHARE && Date.now() >= dropOpens(1)) doKill();
        }
        return s.outcome === 'order' || s.outcome === 'rejected';
      };
      const first = repeats ? await Promise.all([send(url, body, i), send(url, body, i)]) : [await send(url, body, i)];
      let settled = first.map(record).some(Boolean);
      // no answer, or a server fault: the same order with the same key again, as the checkout does
      while (!settled && Date.now() < stopAt + GRACE_MS) {
        await sleep(300 + random() * 400);
        settled = record(await send(url, body, i));
      }
      if (repeats && settled) record(await send(url, body, i));
      await sleep(1000 + random() * 3000);
    }
  };
  const ticker = setInterval(() => log(`${Math.round((Date.now() - started) / 1000)} s, ${attempts.length} attempts`), 8000);
  await Promise.all(Array.from({ length: SHOPPERS }, (_, i) => shopper(i)));
  const raceMs = Date.now() - started;
  clearInterval(ticker);
  clearTimeout(killTimer);
  if (killing) await killing;
  listingOn = false;
  await listingRun;

  // 3. what the catalogue shows now, then the database itself
  const catalogue = await readCatalogue(api.url, targets);
  await api.stop();
  const snapshot = await onDb((q) => readSnapshot(q, targets));
  const finalKill = kill as KillWindow | null;
  const verdict = checkStock({ targets, attempts, snapshot, catalogue, kill: finalKill });

  const answered = attempts.flatMap((a) => a.sends).filter((s) => s.answeredAt !== null && (s.outcome === 'order' || s.outcome === 'rejected'));
  const ms = (s: Send) => (s.answeredAt as number) - s.sentAt;
  const ok = verdict.ok && finalKill !== null && listing.failuresOutsideKill === 0 && listing.negativeStockSeen === 0;
  const figures = {
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
    repeatedSubmitsSameAnswer: verdict.repeatedSubmitsSameAnswer,
    killedAtSecond: finalKill ? Math.round((finalKill.from - started) / 100) / 10 : null,
    restartTookSeconds: restartSeconds,
    sendsCutByTheKill: verdict.unansweredInKillWindow,
    retriedAfterTheKill: verdict.retriedAfterKill,
    retriedEndedWithOrder: verdict.retriedAfterKillEndedWithOrder,
    retriedEndedRefused: verdict.retriedAfterKillEndedRefused,
    committedBeforeKillReturnedByKey: verdict.committedBeforeKillRecoveredByKey,
    http5xxInKillWindow: verdict.http5xxInKillWindow,
    http5xxOutside: verdict.http5xxOutside,
    errorAnswersInKillWindow: verdict.graphqlErrorsInKillWindow,
    errorAnswersOutside: verdict.graphqlErrorsOutside,
    unansweredOutside: verdict.unansweredOutside,
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
  };
  log(
    `${verdict.acknowledged} orders, ${verdict.unitsSold}/${verdict.unitsStock} units sold, ${verdict.oversoldOffers} oversold, ${verdict.rejectedAttempts} refused, ${verdict.retriedAfterKill} retried after the kill → ${ok ? 'OK' : 'FAILED'}`,
  );
  const problems = [...verdict.problems];
  if (!finalKill) problems.unshift('the API was never killed');
  if (listing.failuresOutsideKill) problems.unshift(`${listing.failuresOutsideKill} listing requests failed outside the kill window`);
  if (listing.negativeStockSeen) problems.unshift(`the catalogue showed negative stock ${listing.negativeStockSeen} times`);
  return {
    ok,
    tried: `${SHOPPERS} shoppers (up to ${ATTEMPTS_PER_SHOPPER} orders each, 1–2 lines of 1–3 units, a fresh idempotency key per order; every ${REPEAT_EVERY}th shopper sends each order twice at once and once more after the answer) race for ${unitsPerDrop * DROPS} units of ${targets.length} offers released in ${DROPS} drops (stock ${DROP_STOCK.join(', ')} per drop, written to the database before the API starts), through GraphQL createOrder over HTTP, while ${LISTING_WORKERS} clients read the listing and the raced products. While the second drop sells, the API gets SIGKILL and is started again; shoppers without an answer resend the same order with the same key. Afterwards the database is checked offer by offer (sold ≤ stock, stock = free + sold, held reservations = sold, no negative stock, the catalogue shows the free stock) and order by order (every acknowledged order once with its lines and total, no order without lines or without an acknowledgement, refusals only SOLD_OUT/INSUFFICIENT_STOCK with a possible \`available\`).`,
    figures,
    problems,
    verdict,
  };
}
