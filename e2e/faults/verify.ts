/**
 * Checks the database against what the shoppers were told: every acknowledged order is
 * stored exactly once under its key, with its lines and the total the server computed from
 * catalogue prices; no key has two orders; the answers for one key all named one order.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { Attempt } from './load.ts';

export type Query = <T>(text: string, params?: unknown[]) => Promise<T[]>;

export async function withPostgres<R>(url: string, fn: (q: Query) => Promise<R>): Promise<R> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(async <T>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[]);
  } finally {
    await client.end();
  }
}

/** The API must be stopped first: PGlite has one process per folder. */
export async function withPglite<R>(dir: string, fn: (q: Query) => Promise<R>): Promise<R> {
  const db = await PGlite.create(dir, { extensions: { pg_trgm } });
  try {
    return await fn(async <T>(text: string, params: unknown[] = []) => (await db.query<T>(text, params)).rows);
  } finally {
    await db.close();
  }
}

export interface Verdict {
  attempted: number;
  acknowledged: number;
  rejected: number;
  /** attempts that never got an answer even after retrying until the end */
  neverAnswered: number;
  found: number;
  missing: string[];
  duplicates: number;
  wrongLines: string[];
  wrongTotals: string[];
  /** keys whose answers named more than one order */
  inconsistentAnswers: string[];
  /** orders stored for keys that were never acknowledged (an answer lost to a crash, never retried) */
  storedWithoutAck: number;
  sends: number;
  unansweredSends: number;
  doubleSubmitted: number;
  serverErrors: number;
  graphqlErrors: number;
  ok: boolean;
}

export async function verifyOrders(q: Query, attempts: Attempt[]): Promise<Verdict> {
  const keys = attempts.map((a) => a.key);
  const orders = await q<{ id: number; key: string; total: number }>(
    'SELECT id, idempotency_key AS key, total_price AS total FROM orders WHERE idempotency_key = ANY($1::text[])',
    [keys],
  );
  const lines = await q<{ order_id: number; offer_id: number; price: number; quantity: number }>(
    'SELECT order_id, offer_id, price, quantity FROM order_lines WHERE order_id = ANY($1::int[]) ORDER BY id',
    [orders.map((o) => o.id)],
  );
  const byKey = new Map<string, { id: number; total: number }[]>();
  for (const o of orders) byKey.set(o.key, [...(byKey.get(o.key) ?? []), { id: Number(o.id), total: Number(o.total) }]);
  const linesByOrder = new Map<number, string[]>();
  for (const l of lines) linesByOrder.set(Number(l.order_id), [...(linesByOrder.get(Number(l.order_id)) ?? []), `${l.offer_id}:${l.quantity}:${l.price}`]);

  const v: Verdict = {
    attempted: attempts.length,
    acknowledged: 0,
    rejected: 0,
    neverAnswered: 0,
    found: 0,
    missing: [],
    duplicates: 0,
    wrongLines: [],
    wrongTotals: [],
    inconsistentAnswers: [],
    storedWithoutAck: 0,
    sends: 0,
    unansweredSends: 0,
    doubleSubmitted: 0,
    serverErrors: 0,
    graphqlErrors: 0,
    ok: false,
  };
  for (const a of attempts) {
    v.sends += a.sends;
    v.unansweredSends += a.unanswered;
    v.serverErrors += a.serverErrors;
    v.graphqlErrors += a.graphqlErrors.length;
    if (a.sends > 1) v.doubleSubmitted++;
    const stored = byKey.get(a.key) ?? [];
    if (stored.length > 1) v.duplicates += stored.length - 1;
    if (new Set(a.orderIds).size > 1) v.inconsistentAnswers.push(a.key);
    if (a.rejected) v.rejected++;
    if (!a.ack) {
      if (!a.rejected) v.neverAnswered++;
      if (stored.length) v.storedWithoutAck++;
      continue;
    }
    v.acknowledged++;
    const row = stored[0];
    if (!row || String(row.id) !== a.ack.id) {
      v.missing.push(a.key);
      continue;
    }
    v.found++;
    const want = a.items.map((l) => `${l.offerId}:${l.quantity}:${l.price}`).sort().join(',');
    const got = (linesByOrder.get(row.id) ?? []).sort().join(',');
    if (want !== got) v.wrongLines.push(a.key);
    if (row.total !== a.expectedTotal || a.ack.totalPrice !== a.expectedTotal) v.wrongTotals.push(a.key);
  }
  // every generated order is valid: a refusal is a fault too
  v.ok = v.rejected === 0 && v.missing.length === 0 && v.duplicates === 0 && v.wrongLines.length === 0 && v.wrongTotals.length === 0 && v.inconsistentAnswers.length === 0 && v.acknowledged > 0;
  return v;
}
