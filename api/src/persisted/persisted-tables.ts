import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Trusted documents: every GraphQL operation a front-end build ships, registered by its
 * release (or by `npm start`) before shoppers can load it. `id` is the sha256 (hex) of
 * `document`, the exact text the API executes; one row per operation and release, so the
 * table also says which releases use an operation.
 */
export const persistedOperations = pgTable(
  'persisted_operations',
  {
    id: text('id').notNull(),
    document: text('document').notNull(),
    app: text('app').notNull(),
    version: text('version').notNull(),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
    registeredBy: text('registered_by').notNull(),
  },
  (t) => [primaryKey({ columns: [t.id, t.app, t.version] }), index('persisted_operations_registered_idx').on(t.registeredAt)],
);
