import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Every published release of a remote: immutable, servable side by side. */
export const remoteReleases = pgTable(
  'remote_releases',
  {
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    manifestUrl: text('manifest_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
  },
  (t) => [primaryKey({ columns: [t.remote, t.version] })],
);

/** Which release each remote serves now, and the canary share if one is being tried. */
export const remoteState = pgTable('remote_state', {
  remote: text('remote').primaryKey(),
  activeVersion: text('active_version'),
  activatedAt: timestamp('activated_at', { withTimezone: true }),
  activatedBy: text('activated_by'),
  canaryVersion: text('canary_version'),
  canaryPercent: integer('canary_percent'),
  canaryAt: timestamp('canary_at', { withTimezone: true }),
  canaryBy: text('canary_by'),
});

/** Every change of the registry, who made it and when. */
export const registryEvents = pgTable(
  'registry_events',
  {
    id: serial('id').primaryKey(),
    remote: text('remote').notNull(),
    action: text('action').notNull(),
    version: text('version'),
    percent: integer('percent'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    by: text('by').notNull(),
  },
  (t) => [index('registry_events_remote_idx').on(t.remote, t.id)],
);
