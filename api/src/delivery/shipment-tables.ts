import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from '../db/schema.ts';

/**
 * A parcel to register with the carrier, one per order: written in the transaction that marks
 * the order «собран» (so it exists if and only if that change does), then registered by
 * delivery/shipment-registrar.ts with retries. `state`: pending (to register, or registered and
 * waiting for СДЭК's number), registered (the number is the order's tracking number), failed
 * (СДЭК refused it: the desk shows why and can send it again).
 */
export const shipments = pgTable(
  'shipments',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id),
    provider: text('provider').notNull(),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** СДЭК's order uuid, from its 202 answer. */
    carrierUuid: text('carrier_uuid'),
    /** СДЭК's number (the tracking number), once СДЭК processed the registration. */
    carrierNumber: text('carrier_number'),
    /** The last carrier status applied (СДЭК's code, e.g. ACCEPTED_AT_PICK_UP_POINT). */
    carrierStatus: text('carrier_status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shipments_due_idx').on(t.state, t.nextAttemptAt), uniqueIndex('shipments_carrier_uuid_uq').on(t.carrierUuid)],
);
