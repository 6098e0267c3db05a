/**
 * Concurrent shoppers placing orders against the API on loopback. Every order has its own
 * idempotency key; a shopper without an answer (connection refused, cut, timed out) sends the
 * same order with the same key again until it gets one, as the checkout does. A share of the
 * shoppers also double-submit (the same key twice at once, and once more after the answer).
 *
 * Hand-written, not autocannon: this is the fault suite's model of a checkout, not a throughput
 * load. Each order is followed from its first send to its answer (retries with the same key while
 * the API restarts or the database is down, double submits, the order ids every answer carried),
 * so the suite can verify afterwards that no order was lost or doubled. autocannon sends fixed
 * requests and counts answers; it keeps no per-order state and does not retry.
 */
import { randomUUID } from 'node:crypto';

export interface Offer {
  id: string;
  price: number;
}

export interface Attempt {
  key: string;
  shopper: number;
  items: { offerId: string; quantity: number; price: number }[];
  expectedTotal: number;
  /** every answer with an order: its id; all must be the same */
  orderIds: string[];
  ack: { id: string; ordernumber: string; totalPrice: number; at: number } | null;
  rejected: string | null;
  sends: number;
  /** sends that got no answer (network error, timeout, no JSON) */
  unanswered: number;
  /** answers that were a GraphQL error (e.g. database down) */
  graphqlErrors: string[];
  /** HTTP statuses ≥ 500 seen */
  serverErrors: number;
  firstUnansweredAt: number | null;
}

const CREATE = `mutation($input: CreateOrderInput!) { createOrder(input: $input) { success errors { code } order { id ordernumber totalPrice } } }`;
const orderData = (i: number) => ({
  fullName: `Покупатель ${["Иванов", "Петров", "Сидоров", "Кузнецов", "Смирнов"][i % 5]}`,
  phone: '+7 (912) 345-67-89',
  email: `shopper${i}@example.ru`,
  city: 'Казань',
  address: 'ул. Баумана, д. 1, кв. 2',
  deliveryMethod: 'CDEK_PICKUP',
  personalDataConsent: true,
  consentVersion: '2025-09-01',
});

export interface LoadOptions {
  url: () => string;
  offers: Offer[];
  shoppers: number;
  durationMs: number;
  /** every n-th shopper double-submits */
  retryEvery: number;
  /** how long unanswered orders keep being retried after the end */
  graceMs: number;
  onTick?: (elapsedMs: number) => void;
}

type SendResult = { kind: 'answer'; order?: { id: string; ordernumber: string; totalPrice: number }; success: boolean; error?: string; status: number } | { kind: 'none'; reason: string };

async function send(url: string, body: string, shopper: number): Promise<SendResult> {
  try {
    const res = await fetch(`${url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.77.${Math.floor(shopper / 250)}.${shopper % 250}` },
      body,
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    let json: { data?: { createOrder?: { success: boolean; order: { id: string; ordernumber: string; totalPrice: number } | null; errors: { code: string }[] } }; errors?: { message: string; extensions?: { code?: string } }[] };
    try {
      json = JSON.parse(text);
    } catch {
      return { kind: 'none', reason: `HTTP ${res.status} without JSON` };
    }
    if (json.errors?.length) return { kind: 'answer', success: false, error: json.errors[0]?.extensions?.code ?? json.errors[0]?.message ?? '?', status: res.status };
    const r = json.data?.createOrder;
    if (!r) return { kind: 'none', reason: `HTTP ${res.status} without createOrder` };
    return { kind: 'answer', success: r.success, status: res.status, ...(r.order ? { order: r.order } : {}), ...(r.success ? {} : { error: r.errors.map((e) => e.code).join(',') }) };
  } catch (e) {
    return { kind: 'none', reason: (e as Error).name === 'TimeoutError' ? 'timeout' : ((e as { cause?: { code?: string } }).cause?.code ?? (e as Error).message) };
  }
}

export async function runLoad(options: LoadOptions): Promise<{ attempts: Attempt[]; elapsedMs: number }> {
  const started = Date.now();
  const stopAt = started + options.durationMs;
  const attempts: Attempt[] = [];
  let rng = 0x2f6e2b1;
  const random = () => {
    rng ^= rng << 13;
    rng ^= rng >>> 17;
    rng ^= rng << 5;
    return (rng >>> 0) / 2 ** 32;
  };
  const ticker = options.onTick ? setInterval(() => options.onTick?.(Date.now() - started), 1000) : null;

  async function shopper(i: number) {
    const doubles = i % options.retryEvery === 0;
    while (Date.now() < stopAt) {
      const lines = 1 + Math.floor(random() * 3);
      const chosen = new Map<string, { offerId: string; quantity: number; price: number }>();
      while (chosen.size < lines) {
        const offer = options.offers[Math.floor(random() * options.offers.length)] as Offer;
        chosen.set(offer.id, { offerId: offer.id, quantity: 1 + Math.floor(random() * 2), price: offer.price });
      }
      const items = [...chosen.values()];
      const attempt: Attempt = {
        key: `load-${randomUUID()}`,
        shopper: i,
        items,
        expectedTotal: items.reduce((s, l) => s + l.price * l.quantity, 0),
        orderIds: [],
        ack: null,
        rejected: null,
        sends: 0,
        unanswered: 0,
        graphqlErrors: [],
        serverErrors: 0,
        firstUnansweredAt: null,
      };
      attempts.push(attempt);
      const body = JSON.stringify({ query: CREATE, variables: { input: { idempotencyKey: attempt.key, orderData: orderData(i), items } } });
      const record = (r: SendResult) => {
        attempt.sends++;
        if (r.kind === 'none') {
          attempt.unanswered++;
          attempt.firstUnansweredAt ??= Date.now() - started;
          return false;
        }
        if (r.status >= 500) attempt.serverErrors++;
        if (r.order) {
          attempt.orderIds.push(r.order.id);
          if (r.success && !attempt.ack) attempt.ack = { ...r.order, at: Date.now() - started };
          return true;
        }
        if (r.error && !r.success && /RATE_LIMITED|INTERNAL|UNAVAILABLE|DATABASE/.test(r.error)) {
          attempt.graphqlErrors.push(r.error);
          return false;
        }
        attempt.rejected = r.error ?? 'rejected';
        return true;
      };
      // a double-submitting shopper sends the same key twice at once
      const first = doubles ? await Promise.all([send(options.url(), body, i), send(options.url(), body, i)]) : [await send(options.url(), body, i)];
      let settled = first.map(record).some(Boolean);
      // no answer (or a server-side fault): send the same order with the same key again
      while (!settled && Date.now() < stopAt + options.graceMs) {
        await new Promise((r) => setTimeout(r, 300 + random() * 400));
        settled = record(await send(options.url(), body, i));
      }
      if (doubles && attempt.ack) record(await send(options.url(), body, i));
    }
  }

  await Promise.all(Array.from({ length: options.shoppers }, (_, i) => shopper(i)));
  if (ticker) clearInterval(ticker);
  return { attempts, elapsedMs: Date.now() - started };
}
