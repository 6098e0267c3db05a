import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import type { HealthConfig } from './health-config.ts';
import { RegistryError, RegistryRepo, SYSTEM_ACTOR } from './registry-repo.ts';
import { remoteHealth, remoteReleases, remoteState } from './registry-tables.ts';

export const HEALTH_KINDS = ['view', 'load', 'render'] as const;
export type HealthKind = (typeof HEALTH_KINDS)[number];

/** One line of a browser's report: this many `kind` of `remote` at `version` on a `pageType` page. */
export interface HealthReport {
  remote: string;
  version: string;
  pageType: string;
  kind: HealthKind;
  count: number;
}

/** A release's health over the window: views, errors (load + render) and errors / (views + errors). */
export interface ReleaseHealth {
  views: number;
  loadErrors: number;
  renderErrors: number;
  errors: number;
  rate: number;
}

export const NO_HEALTH: ReleaseHealth = { views: 0, loadErrors: 0, renderErrors: 0, errors: 0, rate: 0 };

/** The error rate of a release: (load + render) / (view + load + render); 0 with nothing reported. */
export function releaseHealth(counts: Partial<Record<HealthKind, number>>): ReleaseHealth {
  const views = counts.view ?? 0;
  const loadErrors = counts.load ?? 0;
  const renderErrors = counts.render ?? 0;
  const errors = loadErrors + renderErrors;
  const total = views + errors;
  return { views, loadErrors, renderErrors, errors, rate: total ? errors / total : 0 };
}

/** «40 %», «0,5 %»: a rate as the events and the CLI show it. */
export function percent(rate: number): string {
  return `${String(Math.round(rate * 1000) / 10).replace('.', ',')} %`;
}

/** The note of an automatic stop: both rates, with what they were counted from. */
export function stopNote(canary: ReleaseHealth, active: ReleaseHealth): string {
  const of = (h: ReleaseHealth) => `${h.errors} из ${h.views + h.errors}`;
  return `ошибки: canary ${percent(canary.rate)} (${of(canary)}) против ${percent(active.rate)} у основного (${of(active)})`;
}

/**
 * The canary should be stopped when its error rate exceeds the active release's by more than the
 * margin, once it can be judged: CANARY_MIN_VIEWS reports, or already CANARY_MIN_FAILURES failed
 * views (a few failures are enough where the active release has almost none; a few among many
 * good views stay within the margin).
 */
export function canaryTooBad(canary: ReleaseHealth, active: ReleaseHealth, config: Pick<HealthConfig, 'minViews' | 'minFailures' | 'maxExtraErrorRate'>): boolean {
  const judged = canary.views + canary.errors >= config.minViews || canary.errors >= config.minFailures;
  return judged && canary.rate - active.rate > config.maxExtraErrorRate;
}

const minuteOf = (at: Date) => new Date(Math.floor(at.getTime() / 60_000) * 60_000);

/** Health per release: the browsers' reports counted per minute (remote_health), and the canary's automatic stop. */
export class HealthRepo {
  constructor(
    private readonly db: Db,
    private readonly config: HealthConfig,
  ) {}

  /** Which of these (remote, version) pairs are published releases. */
  async unknownReleases(pairs: { remote: string; version: string }[]): Promise<string[]> {
    const remotes = [...new Set(pairs.map((p) => p.remote))];
    if (!remotes.length) return [];
    const rows = await this.db
      .select({ remote: remoteReleases.remote, version: remoteReleases.version })
      .from(remoteReleases)
      .where(inArray(remoteReleases.remote, remotes));
    const known = new Set(rows.map((r) => `${r.remote} ${r.version}`));
    return [...new Set(pairs.map((p) => `${p.remote} ${p.version}`))].filter((key) => !known.has(key));
  }

  /** Adds the reports to this minute's counts (one upsert; equal lines of a batch are summed first). */
  async record(reports: HealthReport[], now = new Date()): Promise<void> {
    const minute = minuteOf(now);
    const rows = new Map<string, typeof remoteHealth.$inferInsert>();
    for (const r of reports) {
      const key = [r.remote, r.version, r.pageType, r.kind].join(' ');
      const row = rows.get(key);
      if (row) row.count = (row.count ?? 0) + r.count;
      else rows.set(key, { remote: r.remote, version: r.version, pageType: r.pageType, kind: r.kind, minute, count: r.count });
    }
    if (!rows.size) return;
    await this.db
      .insert(remoteHealth)
      .values([...rows.values()])
      .onConflictDoUpdate({
        target: [remoteHealth.remote, remoteHealth.version, remoteHealth.pageType, remoteHealth.kind, remoteHealth.minute],
        set: { count: sql`${remoteHealth.count} + excluded.count` },
      });
  }

  /** Every release's health over the last CANARY_WINDOW_MINUTES: remote → version → health. */
  async window(now = new Date(), remote?: string): Promise<Map<string, Map<string, ReleaseHealth>>> {
    const since = new Date(minuteOf(now).getTime() - (this.config.windowMinutes - 1) * 60_000);
    const rows = await this.db
      .select({ remote: remoteHealth.remote, version: remoteHealth.version, kind: remoteHealth.kind, n: sql<number>`sum(${remoteHealth.count})::int` })
      .from(remoteHealth)
      .where(remote ? and(gte(remoteHealth.minute, since), eq(remoteHealth.remote, remote)) : gte(remoteHealth.minute, since))
      .groupBy(remoteHealth.remote, remoteHealth.version, remoteHealth.kind);
    const counts = new Map<string, Map<string, Partial<Record<HealthKind, number>>>>();
    for (const row of rows) {
      const versions = counts.get(row.remote) ?? new Map();
      counts.set(row.remote, versions);
      const c = versions.get(row.version) ?? {};
      versions.set(row.version, c);
      c[row.kind as HealthKind] = Number(row.n);
    }
    return new Map([...counts].map(([name, versions]) => [name, new Map([...versions].map(([v, c]) => [v, releaseHealth(c)]))]));
  }

  /**
   * For each of these remotes with a canary: stops it (marked bad, the event noting both rates)
   * when it can be judged and errs more than the active release by the configured margin (run
   * after every shopper's report and on the canary ticker's every round). Returns the remotes
   * stopped.
   */
  async stopFailingCanaries(remotes: string[], now = new Date()): Promise<{ remote: string; version: string; note: string }[]> {
    if (!remotes.length) return [];
    const states = await this.db
      .select()
      .from(remoteState)
      .where(inArray(remoteState.remote, [...new Set(remotes)]));
    const stopped: { remote: string; version: string; note: string }[] = [];
    for (const state of states) {
      if (!state.canaryVersion || !state.activeVersion || state.canaryVersion === state.activeVersion) continue;
      const versions = (await this.window(now, state.remote)).get(state.remote);
      const canary = versions?.get(state.canaryVersion) ?? NO_HEALTH;
      const active = versions?.get(state.activeVersion) ?? NO_HEALTH;
      if (!canaryTooBad(canary, active, this.config)) continue;
      const note = stopNote(canary, active);
      try {
        await new RegistryRepo(this.db).stopCanary(state.remote, SYSTEM_ACTOR, { note, markBad: true, version: state.canaryVersion });
        stopped.push({ remote: state.remote, version: state.canaryVersion, note });
      } catch (caught) {
        // another report's check stopped it first, or ops just did: nothing left to stop
        if (!(caught instanceof RegistryError)) throw caught;
      }
    }
    return stopped;
  }
}
