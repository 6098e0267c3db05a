import { boolean, index, integer, jsonb, pgSchema, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The release plane's tables live in their own PostgreSQL schema, so the release service and the
 * catalogue API can share one database without sharing tables.
 */
export const releaseSchema = pgSchema('release');
const pgTable = releaseSchema.table;

/** Every published release of a remote: immutable, servable side by side. */
export const remoteReleases = pgTable(
  'remote_releases',
  {
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    manifestUrl: text('manifest_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
    /**
     * published: uploaded, not yet checked · checked: the server's checks and the browser smoke
     * passed · refused: a check failed (never activated) · bad: marked broken (a rollback, or a
     * canary stopped on errors); rollback never goes back to a bad or refused release.
     */
    status: text('status').notNull().default('published'),
    /** Build metadata sent with the upload: version, commit, author, built at, notes. */
    meta: jsonb('meta').$type<ReleaseMeta>(),
    /** The last check's report: what was checked, when, and why it was refused. */
    checks: jsonb('checks').$type<ReleaseChecks>(),
    /** The files were pruned from release storage by the retention rule (the row stays for history). */
    pruned: boolean('pruned').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.remote, t.version] })],
);

export interface ReleaseMeta {
  version?: string;
  commit?: string;
  author?: string;
  builtAt?: string;
  notes?: string;
}

export interface ReleaseChecks {
  at: string;
  ok: boolean;
  /** Each check by name (manifest, exposes, singletons, origin, files, smoke) and its Russian reason when it failed. */
  results: { check: string; ok: boolean; reason?: string; ms?: number }[];
}

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
  /**
   * A progressive canary (started without a share): it goes through CANARY_STEPS on its own while
   * healthy and is promoted after the last. False: a fixed share, changed only by ops.
   */
  canaryAuto: boolean('canary_auto').notNull().default(false),
  /**
   * When the canary's current share began: the next step is due CANARY_STEP_SECONDS later. A
   * replica takes a step only by moving this from the value it read, so two never step twice.
   */
  canaryStepAt: timestamp('canary_step_at', { withTimezone: true }),
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
    /** Why: a refusal's reason, a rollback's target, an automatic stop's error rates. */
    note: text('note'),
  },
  (t) => [index('registry_events_remote_idx').on(t.remote, t.id)],
);

/**
 * The activation stack of each remote: every release that became everyone's (activate, promote,
 * rollback target). A rollback marks the top entry undone and goes to the newest earlier entry
 * whose release is not bad; repeated rollbacks go further back.
 */
export const remoteActivations = pgTable(
  'remote_activations',
  {
    id: serial('id').primaryKey(),
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    by: text('by').notNull(),
    /** activate | promote | rollback */
    reason: text('reason').notNull(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [index('remote_activations_remote_idx').on(t.remote, t.id)],
);

/**
 * Release tokens: a team's token is scoped to one remote; an ops token (remote null) to all.
 * Only the token's sha256 is kept. The actor recorded in events is the token's name.
 */
export const releaseTokens = pgTable('release_tokens', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  remote: text('remote'),
  tokenSha256: text('token_sha256').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/**
 * Health per release, counted per minute: what browsers report for each remote version and page
 * type — `view` (the remote's module rendered), `load` (a file failed to load), `render` (the
 * module threw). The error rate of a release is (load + render) / (view + load + render).
 */
export const remoteHealth = pgTable(
  'remote_health',
  {
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    pageType: text('page_type').notNull(),
    kind: text('kind').notNull(),
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.remote, t.version, t.pageType, t.kind, t.minute] })],
);
