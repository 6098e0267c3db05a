/**
 * The stock stage's verdict, as a pure function of what the shoppers were told (every send and
 * its answer) and what the database holds afterwards. Kept apart from the race so a test can feed
 * it an oversold, leaking or lying snapshot and see it fail (stock-verify.test.ts).
 *
 * Holds when, for every raced offer: units in non-cancelled orders ≤ the stock it started with,
 * start = free stock + units in orders (nothing appears or vanishes), held reservations = units
 * in orders, free stock ≥ 0 and the catalogue shows the database's free stock; every
 * acknowledged order is stored once under its key with its lines and total, no order without
 * lines, no order nobody was told about; one key never named two orders nor both an order and a
 * refusal; every refusal is SOLD_OUT/INSUFFICIENT_STOCK on a line of its request with an
 * `available` that could be true; no 5xx, GraphQL error or dropped connection outside the kill
 * window (a client timeout there is counted, and its resend must settle the order).
 */

export interface Target {
  offerId: string;
  productId: string;
  sku: string;
  price: number;
  /** free stock when the race started */
  initial: number;
  /** the "drop" (wave) the offer belongs to */
  drop: number;
}

export interface LineError {
  code: string;
  field: string | null;
  line: number | null;
  available: number | null;
}

export interface Send {
  sentAt: number;
  answeredAt: number | null;
  /** when the request ended: its answer, or the failure (connection refused or cut, timeout) */
  endedAt: number;
  status: number | null;
  /** order: success with an order; rejected: success:false with errors; error: GraphQL error / 5xx; none: no answer */
  outcome: 'order' | 'rejected' | 'error' | 'none';
  orderId?: string;
  ordernumber?: string;
  totalPrice?: number;
  errors?: LineError[];
  /** GraphQL error code or the network failure */
  reason?: string;
}

export interface StockAttempt {
  key: string;
  shopper: number;
  items: { offerId: string; quantity: number; price: number }[];
  sends: Send[];
  /** double-submitter: the same key twice at once and once more after the answer */
  repeats: boolean;
}

export interface StockSnapshot {
  /** the raced offers as they are now */
  offers: { id: number; sku: string; stock: number }[];
  /** every order in the (throwaway) database */
  orders: { id: number; key: string; status: string; total: number; createdAt: number }[];
  lines: { orderId: number; offerId: number; sku: string; quantity: number; price: number }[];
  reservations: { orderId: number; sku: string; quantity: number; state: string }[];
}

/** epoch ms; the API was SIGKILLed at `from` and answered its health check again at `to` */
export interface KillWindow {
  from: number;
  to: number;
}

export interface StockCheckInput {
  targets: Target[];
  attempts: StockAttempt[];
  snapshot: StockSnapshot;
  /** offer id → stock the API's catalogue showed after the race, before it was stopped */
  catalogue: Record<string, { stock: number; soldOut: boolean }>;
  kill: KillWindow | null;
  /** slack after the restart in which faults still count as the kill's (first connections) */
  killSlackMs?: number;
}

export interface OfferFigures {
  offerId: string;
  drop: number;
  initial: number;
  sold: number;
  free: number;
  held: number;
}

export interface StockVerdict {
  ok: boolean;
  problems: string[];
  perOffer: OfferFigures[];
  attempts: number;
  sends: number;
  acknowledged: number;
  rejectedAttempts: number;
  rejectionsByCode: Record<string, number>;
  unitsStock: number;
  unitsSold: number;
  unitsAcknowledged: number;
  oversoldOffers: number;
  conservationBroken: number;
  reservationMismatches: number;
  negativeStock: number;
  catalogueMismatches: number;
  missing: number;
  duplicates: number;
  wrongLines: number;
  ordersWithoutLines: number;
  storedWithoutAck: number;
  unexpectedOrders: number;
  keysWithTwoOrders: number;
  keysAnsweredOrderAndRefusal: number;
  insaneRejections: number;
  neverAnswered: number;
  http5xxInKillWindow: number;
  http5xxOutside: number;
  graphqlErrorsInKillWindow: number;
  graphqlErrorsOutside: number;
  unansweredInKillWindow: number;
  /** requests on their way when the SIGKILL landed (no answer ever came for them) */
  inFlightAtKill: number;
  /** sends outside the kill window that got no answer within the client's timeout */
  timeoutsOutside: number;
  unansweredOutside: number;
  /** attempts with a send cut by the kill that were sent again with the same key */
  retriedAfterKill: number;
  retriedAfterKillEndedWithOrder: number;
  retriedAfterKillEndedRefused: number;
  /** cut sends whose order had been committed before the kill: the retry got it back by key */
  committedBeforeKillRecoveredByKey: number;
  repeatedSubmits: number;
  /** repeated keys that got two or more answers (the kill can leave one) */
  repeatedSubmitsAnsweredTwice: number;
  /** …all of them naming the same order or the same refusal */
  repeatedSubmitsSameAnswer: number;
}

const STOCK_CODES = new Set(['SOLD_OUT', 'INSUFFICIENT_STOCK']);

type Problem = (s: string) => void;
type OrderRows = StockSnapshot['orders'];
type LineRows = StockSnapshot['lines'];

/** The counters of what the shoppers were told, in the order the verdict lists them. */
function attemptFigures() {
  return {
    sends: 0,
    acknowledged: 0,
    rejectedAttempts: 0,
    rejectionsByCode: {} as Record<string, number>,
    unitsAcknowledged: 0,
    missing: 0,
    wrongLines: 0,
    storedWithoutAck: 0,
    keysWithTwoOrders: 0,
    keysAnsweredOrderAndRefusal: 0,
    insaneRejections: 0,
    neverAnswered: 0,
    http5xxInKillWindow: 0,
    http5xxOutside: 0,
    graphqlErrorsInKillWindow: 0,
    graphqlErrorsOutside: 0,
    unansweredInKillWindow: 0,
    inFlightAtKill: 0,
    unansweredOutside: 0,
    timeoutsOutside: 0,
    retriedAfterKill: 0,
    retriedAfterKillEndedWithOrder: 0,
    retriedAfterKillEndedRefused: 0,
    committedBeforeKillRecoveredByKey: 0,
    repeatedSubmits: 0,
    repeatedSubmitsAnsweredTwice: 0,
    repeatedSubmitsSameAnswer: 0,
  };
}
type AttemptFigures = ReturnType<typeof attemptFigures>;

/** What judging one attempt needs: the kill window, the stored orders and the acknowledgements over time. */
interface AttemptContext {
  kill: KillWindow | null;
  slack: number;
  inWindow: (t: number) => boolean;
  problem: Problem;
  byOffer: Map<string, Target>;
  ordersByKey: Map<string, OrderRows>;
  linesByOrder: Map<number, LineRows>;
  ackedBefore: (offerId: string, t: number) => number;
}

export function checkStock(input: StockCheckInput): StockVerdict {
  const { targets, attempts, snapshot, kill } = input;
  const slack = input.killSlackMs ?? 1000;
  const problems: string[] = [];
  const problem = (s: string) => problems.push(s);
  const linesByOrder = new Map<number, LineRows>();
  for (const l of snapshot.lines) linesByOrder.set(l.orderId, [...(linesByOrder.get(l.orderId) ?? []), l]);
  const offers = checkOffers(input, problem);
  const orders = checkOrders(snapshot, attempts, linesByOrder, problem);
  const ctx: AttemptContext = {
    kill,
    slack,
    inWindow: (t: number) => !!kill && t >= kill.from && t <= kill.to + slack,
    problem,
    byOffer: new Map(targets.map((t) => [t.offerId, t])),
    ordersByKey: orders.ordersByKey,
    linesByOrder,
    ackedBefore: acknowledgedBefore(attempts),
  };
  const v = attemptFigures();
  for (const a of attempts) judgeAttempt(a, ctx, v);

  const { perOffer, oversoldOffers, conservationBroken, reservationMismatches, negativeStock, catalogueMismatches } = offers;
  const unitsStock = targets.reduce((s, t) => s + t.initial, 0);
  const unitsSold = perOffer.reduce((s, o) => s + o.sold, 0);
  const ok =
    problems.length === 0 &&
    v.acknowledged > 0 &&
    oversoldOffers + conservationBroken + reservationMismatches + negativeStock + catalogueMismatches === 0;
  return {
    ok,
    problems,
    perOffer,
    attempts: attempts.length,
    unitsStock,
    unitsSold,
    oversoldOffers,
    conservationBroken,
    reservationMismatches,
    negativeStock,
    catalogueMismatches,
    duplicates: orders.duplicates,
    ordersWithoutLines: orders.ordersWithoutLines,
    unexpectedOrders: orders.unexpectedOrders,
    ...v,
  };
}

/** Units in live (not cancelled) orders, per offer id. */
function soldByOffer(snapshot: StockSnapshot): Map<string, number> {
  const orderById = new Map(snapshot.orders.map((o) => [o.id, o]));
  const live = (orderId: number) => {
    const o = orderById.get(orderId);
    return !!o && o.status !== 'cancelled';
  };
  const sold = new Map<string, number>();
  for (const l of snapshot.lines) if (live(l.orderId)) sold.set(String(l.offerId), (sold.get(String(l.offerId)) ?? 0) + l.quantity);
  return sold;
}

function heldBySku(snapshot: StockSnapshot): Map<string, number> {
  const held = new Map<string, number>();
  for (const r of snapshot.reservations) {
    if (r.state !== 'held') continue;
    const sku = r.sku.toLowerCase();
    held.set(sku, (held.get(sku) ?? 0) + r.quantity);
  }
  return held;
}

/** The database per offer: sold ≤ stock, stock = free + sold, held = sold, no negative stock, the catalogue shows the free stock. */
function checkOffers({ targets, snapshot, catalogue }: StockCheckInput, problem: Problem) {
  const soldOf = soldByOffer(snapshot);
  const heldOf = heldBySku(snapshot);
  const freeById = new Map(snapshot.offers.map((o) => [String(o.id), o.stock]));
  const perOffer: OfferFigures[] = [];
  const c = { oversoldOffers: 0, conservationBroken: 0, reservationMismatches: 0, negativeStock: 0, catalogueMismatches: 0 };
  for (const t of targets) {
    const sold = soldOf.get(t.offerId) ?? 0;
    const free = freeById.get(t.offerId);
    const held = heldOf.get(t.sku.toLowerCase()) ?? 0;
    perOffer.push({ offerId: t.offerId, drop: t.drop, initial: t.initial, sold, free: free ?? Number.NaN, held });
    if (free === undefined) {
      problem(`offer ${t.offerId}: gone from the database`);
      c.conservationBroken++;
      continue;
    }
    if (sold > t.initial) {
      c.oversoldOffers++;
      problem(`offer ${t.offerId} (${t.sku}): OVERSOLD — ${sold} units in orders, ${t.initial} in stock`);
    }
    if (free < 0) {
      c.negativeStock++;
      problem(`offer ${t.offerId} (${t.sku}): negative free stock ${free}`);
    }
    if (t.initial !== free + sold) {
      c.conservationBroken++;
      problem(`offer ${t.offerId} (${t.sku}): started with ${t.initial}, now ${free} free + ${sold} in orders = ${free + sold}`);
    }
    if (held !== sold) {
      c.reservationMismatches++;
      problem(`offer ${t.offerId} (${t.sku}): ${held} units held in stock_reservations, ${sold} in orders`);
    }
    const shown = catalogue[t.offerId];
    if (!shown || shown.stock !== free || shown.soldOut !== free <= 0) {
      c.catalogueMismatches++;
      problem(`offer ${t.offerId}: the catalogue shows ${shown ? `stock ${shown.stock}, soldOut ${shown.soldOut}` : 'nothing'}; the database has ${free} free`);
    }
  }
  return { perOffer, ...c };
}

/** The database per order: every order has lines, comes from a key a shopper sent, and one key has one order. */
function checkOrders(snapshot: StockSnapshot, attempts: StockAttempt[], linesByOrder: Map<number, LineRows>, problem: Problem) {
  const ordersByKey = new Map<string, OrderRows>();
  for (const o of snapshot.orders) ordersByKey.set(o.key, [...(ordersByKey.get(o.key) ?? []), o]);
  const keys = new Set(attempts.map((a) => a.key));
  let ordersWithoutLines = 0;
  let unexpectedOrders = 0;
  let duplicates = 0;
  for (const o of snapshot.orders) {
    if (!linesByOrder.get(o.id)?.length) {
      ordersWithoutLines++;
      problem(`order ${o.id} (key ${o.key}) has no lines`);
    }
    if (!keys.has(o.key)) {
      unexpectedOrders++;
      problem(`order ${o.id} under key ${o.key} that no shopper sent`);
    }
  }
  for (const [key, list] of ordersByKey) {
    if (list.length > 1) {
      duplicates += list.length - 1;
      problem(`key ${key}: ${list.length} orders`);
    }
  }
  return { ordersByKey, ordersWithoutLines, unexpectedOrders, duplicates };
}

/** Units acknowledged per offer before a time (the bound for a refusal's `available`). */
function acknowledgedBefore(attempts: StockAttempt[]): (offerId: string, t: number) => number {
  const acks: { at: number; offerId: string; quantity: number }[] = [];
  for (const a of attempts) {
    const ack = a.sends.find((s) => s.outcome === 'order');
    if (ack?.answeredAt) for (const l of a.items) acks.push({ at: ack.answeredAt, offerId: l.offerId, quantity: l.quantity });
  }
  return (offerId, t) => acks.reduce((s, x) => (x.offerId === offerId && x.at < t ? s + x.quantity : s), 0);
}

function judgeAttempt(a: StockAttempt, ctx: AttemptContext, v: AttemptFigures): void {
  v.sends += a.sends.length;
  for (const s of a.sends) judgeSend(a, s, ctx, v);
  judgeAnswers(a, ctx, v);
  const ack = a.sends.find((s) => s.outcome === 'order');
  if (!ack) judgeUnacknowledged(a, ctx, v);
  else judgeAcknowledged(a, ack, ctx, v);
}

/** One request: a 5xx, an error answer or silence is a fault outside the kill window and a figure inside it. */
function judgeSend(a: StockAttempt, s: Send, { kill, inWindow, problem }: AttemptContext, v: AttemptFigures): void {
  const t = s.endedAt;
  const during = inWindow(t) || (kill !== null && s.sentAt <= kill.from && t >= kill.from);
  if (s.status !== null && s.status >= 500) {
    if (during) v.http5xxInKillWindow++;
    else {
      v.http5xxOutside++;
      problem(`key ${a.key}: HTTP ${s.status} outside the kill window`);
    }
  }
  if (s.outcome === 'error') {
    if (during) v.graphqlErrorsInKillWindow++;
    else {
      v.graphqlErrorsOutside++;
      problem(`key ${a.key}: error answer ${s.reason ?? '?'} (HTTP ${s.status}) outside the kill window`);
    }
  }
  if (s.outcome === 'none') {
    if (kill && s.sentAt < kill.from && s.endedAt >= kill.from) v.inFlightAtKill++;
    if (during) v.unansweredInKillWindow++;
    // a slow answer on a busy machine is a figure, not a fault: the resend with the same key settles it
    else if (s.reason === 'timeout') v.timeoutsOutside++;
    else {
      v.unansweredOutside++;
      problem(`key ${a.key}: no answer (${s.reason ?? '?'}) outside the kill window`);
    }
  }
}

/** One key's answers agree: one order at most, not an order and a refusal; retries after the kill and repeats counted. */
function judgeAnswers(a: StockAttempt, { kill, slack, problem, ordersByKey }: AttemptContext, v: AttemptFigures): void {
  const orderIds = new Set(a.sends.filter((s) => s.outcome === 'order').map((s) => s.orderId));
  const refusals = a.sends.filter((s) => s.outcome === 'rejected');
  const ack = a.sends.find((s) => s.outcome === 'order');
  const stored = ordersByKey.get(a.key) ?? [];
  if (orderIds.size > 1) {
    v.keysWithTwoOrders++;
    problem(`key ${a.key}: answered with orders ${[...orderIds].join(', ')}`);
  }
  if (ack && refusals.length) {
    v.keysAnsweredOrderAndRefusal++;
    problem(`key ${a.key}: answered with order ${ack.orderId} and with a refusal (${refusals[0]?.errors?.map((e) => e.code).join(',')})`);
  }
  const cut = kill ? a.sends.filter((s) => s.outcome === 'none' && s.sentAt <= kill.to + slack && s.endedAt >= kill.from) : [];
  const last = [...a.sends].reverse().find((s) => s.outcome === 'order' || s.outcome === 'rejected');
  if (cut.length && a.sends.some((s) => s.sentAt > (cut[0]?.sentAt ?? 0))) {
    v.retriedAfterKill++;
    if (last?.outcome === 'order') v.retriedAfterKillEndedWithOrder++;
    else if (last?.outcome === 'rejected') v.retriedAfterKillEndedRefused++;
    const o = stored[0];
    if (kill && o && o.createdAt < kill.from && a.sends.filter((s) => s.outcome === 'order').every((s) => s.sentAt > kill.from)) {
      v.committedBeforeKillRecoveredByKey++;
    }
  }
  if (a.repeats) {
    v.repeatedSubmits++;
    const answers = a.sends.filter((s) => s.outcome === 'order' || s.outcome === 'rejected');
    const same = answers.every((s) => s.outcome === answers[0]?.outcome && s.orderId === answers[0]?.orderId);
    if (answers.length > 1) v.repeatedSubmitsAnsweredTwice++;
    if (answers.length > 1 && same) v.repeatedSubmitsSameAnswer++;
  }
}

/** No order acknowledged: every refusal must be plausible, silence is a fault, and nothing may be stored. */
function judgeUnacknowledged(a: StockAttempt, { problem, byOffer, ackedBefore, ordersByKey }: AttemptContext, v: AttemptFigures): void {
  const refusals = a.sends.filter((s) => s.outcome === 'rejected');
  const stored = ordersByKey.get(a.key) ?? [];
  if (refusals.length) {
    v.rejectedAttempts++;
    const codes = new Set<string>();
    for (const r of refusals) {
      for (const e of r.errors ?? []) {
        codes.add(e.code);
        const insane = insaneRejection(e, a, byOffer, ackedBefore, r.sentAt);
        if (insane) {
          v.insaneRejections++;
          problem(`key ${a.key}: ${insane}`);
        }
      }
      if (!r.errors?.length) {
        v.insaneRejections++;
        problem(`key ${a.key}: refused without an error`);
      }
    }
    for (const c of codes) v.rejectionsByCode[c] = (v.rejectionsByCode[c] ?? 0) + 1;
  } else {
    v.neverAnswered++;
    problem(`key ${a.key}: never answered with an order or a refusal`);
  }
  if (stored.length) {
    v.storedWithoutAck++;
    problem(`key ${a.key}: order ${stored[0]?.id} stored but the shopper was ${refusals.length ? 'refused' : 'never answered'}`);
  }
}

/** An acknowledged order is stored once, live, with the lines and total the shopper asked for and was told. */
function judgeAcknowledged(a: StockAttempt, ack: Send, { problem, ordersByKey, linesByOrder }: AttemptContext, v: AttemptFigures): void {
  v.acknowledged++;
  v.unitsAcknowledged += a.items.reduce((s, l) => s + l.quantity, 0);
  const row = (ordersByKey.get(a.key) ?? [])[0];
  if (!row || String(row.id) !== ack.orderId) {
    v.missing++;
    problem(`key ${a.key}: acknowledged order ${ack.orderId} (${ack.ordernumber}) is ${row ? `stored as ${row.id}` : 'not in the database'}`);
    return;
  }
  if (row.status === 'cancelled') problem(`key ${a.key}: acknowledged order ${row.id} is cancelled`);
  const want = a.items.map((l) => `${l.offerId}:${l.quantity}:${l.price}`).sort().join(',');
  const got = (linesByOrder.get(row.id) ?? []).map((l) => `${l.offerId}:${l.quantity}:${l.price}`).sort().join(',');
  const total = a.items.reduce((s, l) => s + l.price * l.quantity, 0);
  if (want !== got || row.total !== total || ack.totalPrice !== total) {
    v.wrongLines++;
    problem(`key ${a.key}: asked ${want} (${total} ₽), stored ${got} (${row.total} ₽), answered ${ack.totalPrice} ₽`);
  }
}

/** Why a refusal could not be true, or null when it could. */
function insaneRejection(
  e: LineError,
  a: StockAttempt,
  byOffer: Map<string, Target>,
  ackedBefore: (offerId: string, t: number) => number,
  sentAt: number,
): string | null {
  if (!STOCK_CODES.has(e.code)) return `refused with ${e.code} (only SOLD_OUT / INSUFFICIENT_STOCK can happen here)`;
  const item = e.line === null ? undefined : a.items[e.line];
  if (!item) return `${e.code} on line ${e.line}, the request has ${a.items.length}`;
  const target = byOffer.get(item.offerId);
  if (!target) return `${e.code} for offer ${item.offerId}, not raced`;
  const n = e.available;
  if (n === null || !Number.isInteger(n) || n < 0) return `${e.code} on offer ${item.offerId} with available ${n}`;
  if (e.code === 'SOLD_OUT' && n !== 0) return `SOLD_OUT on offer ${item.offerId} with available ${n}`;
  if (e.code === 'INSUFFICIENT_STOCK' && (n < 1 || n >= item.quantity)) return `INSUFFICIENT_STOCK on offer ${item.offerId}: asked ${item.quantity}, available ${n}`;
  // stock only goes down in this race: what was acknowledged before the request left is gone
  const bound = target.initial - ackedBefore(item.offerId, sentAt);
  if (n > bound) return `${e.code} on offer ${item.offerId} says ${n} available; at most ${bound} were left when it was sent`;
  return null;
}
