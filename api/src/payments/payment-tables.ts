import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from '../db/schema.ts';

/**
 * One row per payment asked of a provider for an order. The provider's own id is filled in
 * from its answer; the idempotence key is ours (sent as Idempotence-Key), so a retried create
 * never makes a second payment. Status mirrors the provider's: pending, waiting_for_capture,
 * succeeded, canceled.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id'),
    idempotenceKey: text('idempotence_key').notNull(),
    amount: integer('amount').notNull(),
    status: text('status').notNull().default('pending'),
    confirmationUrl: text('confirmation_url'),
    /** The provider's last answer about this payment (as confirmed by asking it), for the desk. */
    details: jsonb('details'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    uniqueIndex('payments_provider_id_uq').on(t.provider, t.providerPaymentId),
    uniqueIndex('payments_idempotence_uq').on(t.idempotenceKey),
  ],
);
