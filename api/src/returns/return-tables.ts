import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from '../db/schema.ts';

/** A returned line as the request keeps it: what was sold, at the price paid. */
export interface ReturnedLine {
  offerId: number;
  name: string;
  size: string;
  price: number;
  quantity: number;
}

/**
 * A shopper's request to return lines of an order (returns/returns.ts): requested → refunded
 * (the money went back through the provider that took it) or rejected (with the shop's note);
 * `refunding` while the provider has not confirmed (retried with the same idempotence key).
 */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    status: text('status').notNull().default('requested'),
    reason: text('reason').notNull(),
    comment: text('comment').notNull().default(''),
    lines: jsonb('lines').$type<ReturnedLine[]>().notNull(),
    /** Whole roubles: the returned lines at the prices paid. */
    amount: integer('amount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** Who refunded or rejected it (an order actor: user:<id>:<email>, ops-token). */
    resolvedBy: text('resolved_by'),
    /** The shop's note to the shopper (a rejection's reason). */
    note: text('note').notNull().default(''),
    refundId: text('refund_id'),
    /** The provider's last failure, while `refunding`. */
    refundError: text('refund_error'),
  },
  (t) => [index('return_requests_order_idx').on(t.orderId)],
);
