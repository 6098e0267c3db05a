import { EventEmitter } from 'node:events';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { type GatePhase, refusalReasons, runReleaseChecks } from './release-gate.ts';
import { SMOKE_CHECK } from './smoke.ts';
import { type ReleaseChecks, type ReleaseMeta, registryEvents, remoteActivations, remoteReleases, remoteState } from './registry-tables.ts';

export class RegistryError extends Error {
  constructor(
    readonly code: 'NOT_FOUND' | 'BAD_REQUEST' | 'RELEASE_REFUSED',
    message: string,
    /** A refusal's reasons, one Russian line each (the 409's `extensions.reasons`). */
    readonly reasons: string[] = [],
  ) {
    super(message);
  }
}

export interface PublicRemote {
  active: { version: string; manifestUrl: string };
  canary: { version: string; manifestUrl: string; percent: number } | null;
}

/** A release whose status is one of these is never a rollback target; `refused` is never activated. */
const UNUSABLE = ['bad', 'refused'];

const iso = (d: Date | null) => (d ? d.toISOString() : '');

/** The canary columns of a remote with no canary. */
const NO_CANARY = { canaryVersion: null, canaryPercent: null, canaryAt: null, canaryBy: null, canaryAuto: false, canaryStepAt: null };

/** Who the registry records for what the service does on its own (an automatic stop, a canary's step). */
export const SYSTEM_ACTOR = 'система';

/** The share a progressive canary goes to after `percent`; null: the last step is done, promote. */
export function nextCanaryStep(percent: number, steps: number[]): number | null {
  return steps.find((step) => step > percent) ?? null;
}

type Tx = Db;

/**
 * Told after every committed change of what host servers read (a remote's active or canary
 * release), by whichever RegistryRepo made it: the service passes it on to the hosts (REDIS_URL).
 */
export const registryChanges = new EventEmitter();

/** The registry of remote releases, kept in the database so every host server agrees. */
export class RegistryRepo {
  /** `config` is needed by the gated changes (publish, activate, canary, promote, rollback); reads and stopCanary do without. */
  constructor(
    private readonly db: Db,
    private readonly config?: Config,
  ) {}

  private changed(remote: string): void {
    registryChanges.emit('changed', remote);
  }

  /** What host servers read: each remote's active manifest and canary. */
  async publicState(): Promise<Record<string, PublicRemote>> {
    const states = await this.db.select().from(remoteState);
    const releases = await this.db.select().from(remoteReleases);
    const url = (remote: string, version: string | null) =>
      releases.find((r) => r.remote === remote && r.version === version)?.manifestUrl;
    const result: Record<string, PublicRemote> = {};
    for (const state of states) {
      const activeUrl = url(state.remote, state.activeVersion);
      if (!state.activeVersion || !activeUrl) continue;
      const canaryUrl = url(state.remote, state.canaryVersion);
      result[state.remote] = {
        active: { version: state.activeVersion, manifestUrl: activeUrl },
        canary:
          state.canaryVersion && canaryUrl && state.canaryPercent !== null
            ? { version: state.canaryVersion, manifestUrl: canaryUrl, percent: state.canaryPercent }
            : null,
      };
    }
    return result;
  }

  /**
   * Every remote (or one): active (with who, when and its build metadata), canary, the
   * activation stack (newest first; `undone` entries were rolled back), releases with their
   * status and checks, and the events (50 per remote, or all of one remote's with `full`).
   */
  async status(only?: string, full = false) {
    const states = await this.db.select().from(remoteState);
    const releases = await this.db.select().from(remoteReleases).orderBy(desc(remoteReleases.createdAt));
    const events = await this.db.select().from(registryEvents).orderBy(desc(registryEvents.id));
    const stack = await this.db.select().from(remoteActivations).orderBy(desc(remoteActivations.id));
    const names = [...new Set([...states.map((s) => s.remote), ...releases.map((r) => r.remote)])].filter((n) => !only || n === only).sort();
    return names.map((name) => {
      const state = states.find((s) => s.remote === name);
      const mine = releases.filter((r) => r.remote === name);
      const release = (version: string | null) => mine.find((r) => r.version === version);
      return {
        name,
        active: state?.activeVersion
          ? {
              version: state.activeVersion,
              manifestUrl: release(state.activeVersion)?.manifestUrl ?? '',
              activatedAt: iso(state.activatedAt),
              activatedBy: state.activatedBy ?? '',
              meta: release(state.activeVersion)?.meta ?? null,
            }
          : null,
        canary:
          state?.canaryVersion && state.canaryPercent !== null
            ? {
                version: state.canaryVersion,
                manifestUrl: release(state.canaryVersion)?.manifestUrl ?? '',
                percent: state.canaryPercent,
                activatedAt: iso(state.canaryAt),
                activatedBy: state.canaryBy ?? '',
                meta: release(state.canaryVersion)?.meta ?? null,
                // a progressive canary: its steps, since when it is at this one and when the next is due
                progressive: state.canaryAuto
                  ? {
                      steps: this.config?.health.steps ?? [],
                      stepAt: iso(state.canaryStepAt),
                      nextStepAt: state.canaryStepAt && this.config ? iso(new Date(state.canaryStepAt.getTime() + this.config.health.stepSeconds * 1000)) : '',
                      next: this.config ? nextCanaryStep(state.canaryPercent, this.config.health.steps) : null,
                    }
                  : null,
              }
            : null,
        stack: stack
          .filter((a) => a.remote === name)
          .slice(0, full ? undefined : 20)
          .map((a) => ({ version: a.version, at: iso(a.at), by: a.by, reason: a.reason, undone: a.undoneAt !== null, status: release(a.version)?.status ?? '' })),
        releases: mine.map((r) => ({
          version: r.version,
          manifestUrl: r.manifestUrl,
          createdAt: iso(r.createdAt),
          createdBy: r.createdBy,
          status: r.status,
          meta: r.meta ?? null,
          checks: r.checks ?? null,
          pruned: r.pruned,
        })),
        history: events
          .filter((e) => e.remote === name)
          .slice(0, full ? undefined : 50)
          .map((e) => ({ action: e.action, version: e.version, percent: e.percent, at: iso(e.at), by: e.by, note: e.note ?? null })),
      };
    });
  }

  /**
   * Runs the release gate (release-gate.ts). Passed: the report is stored (and the status
   * becomes `checked` once every check ran). Failed: the release becomes `refused`, the report
   * and a `refused` event with the reasons are stored, and RELEASE_REFUSED is thrown — nothing
   * else changes.
   */
  private async gate(remote: string, version: string, phase: GatePhase, actor: string, action: string): Promise<ReleaseChecks> {
    if (!this.config) throw new Error('RegistryRepo needs the config to check releases');
    const release = await this.requireRelease(this.db, remote, version);
    const checks = await runReleaseChecks({ remote, version, manifestUrl: release.manifestUrl }, phase, { config: this.config });
    if (!checks.ok) {
      const reasons = refusalReasons(checks);
      await this.db.transaction(async (tx) => {
        await tx.update(remoteReleases).set({ status: 'refused', checks }).where(and(eq(remoteReleases.remote, remote), eq(remoteReleases.version, version)));
        await tx.insert(registryEvents).values({ remote, action: 'refused', version, by: actor, note: `${action}: ${reasons.join('; ')}` });
      });
      throw new RegistryError('RELEASE_REFUSED', `${remote} ${version} отклонён (${action}): ${reasons.join('; ')}`, reasons);
    }
    const status = phase === 'activate' ? 'checked' : release.status;
    await this.db.update(remoteReleases).set({ status, checks }).where(and(eq(remoteReleases.remote, remote), eq(remoteReleases.version, version)));
    return checks;
  }

  /**
   * Records a release and runs the static checks on it. Publishing the same version again
   * with the same manifest is a no-op; with another manifest it is refused.
   */
  async publish(remote: string, version: string, manifestUrl: string, actor: string, meta?: ReleaseMeta) {
    const [existing] = await this.db
      .select()
      .from(remoteReleases)
      .where(and(eq(remoteReleases.remote, remote), eq(remoteReleases.version, version)));
    if (existing) {
      if (existing.manifestUrl !== manifestUrl) {
        throw new RegistryError('BAD_REQUEST', `${remote} ${version} уже опубликован с другим манифестом: релизы неизменяемы`);
      }
      return existing;
    }
    await this.db.transaction(async (tx) => {
      await tx.insert(remoteReleases).values({ remote, version, manifestUrl, createdBy: actor, meta: meta ?? null });
      await tx.insert(registryEvents).values({ remote, action: 'publish', version, by: actor, note: meta?.notes ?? null });
    });
    await this.gate(remote, version, 'publish', actor, 'publish');
    return this.requireRelease(this.db, remote, version);
  }

  private async requireRelease(tx: Tx, remote: string, version: string) {
    const [release] = await tx
      .select()
      .from(remoteReleases)
      .where(and(eq(remoteReleases.remote, remote), eq(remoteReleases.version, version)));
    if (!release) throw new RegistryError('NOT_FOUND', `У ${remote} нет опубликованного релиза ${version}`);
    return release;
  }

  /**
   * A refused release stays refused, except with `recheck` when only the browser smoke refused
   * it: a page that was slow to render (a cold or busy host) is not a verdict on the release, so
   * it goes through the whole gate again. A static check's refusal is final.
   */
  private async requireUsable(remote: string, version: string, recheck = false) {
    const release = await this.requireRelease(this.db, remote, version);
    const failed = release.checks?.results.filter((r) => !r.ok) ?? [];
    const smokeOnly = failed.length > 0 && failed.every((r) => r.check === SMOKE_CHECK);
    if (release.status === 'refused' && !(recheck && smokeOnly)) {
      const reasons = release.checks ? refusalReasons(release.checks) : [];
      throw new RegistryError('RELEASE_REFUSED', `${remote} ${version} отклонён проверками${reasons.length ? `: ${reasons.join('; ')}` : ''}`, reasons);
    }
    return release;
  }

  private async stateOf(tx: Tx, remote: string) {
    const [state] = await tx.select().from(remoteState).where(eq(remoteState.remote, remote));
    return state;
  }

  /** Makes `version` everyone's (the gate first; a canary is dropped) and pushes it on the activation stack. */
  async activate(
    remote: string,
    version: string,
    actor: string,
    options: { reason?: 'activate' | 'rollback'; note?: string; recheck?: boolean } = {},
  ) {
    const reason = options.reason ?? 'activate';
    await this.requireUsable(remote, version, options.recheck);
    await this.gate(remote, version, 'activate', actor, reason);
    await this.db.transaction(async (tx) => {
      const now = new Date();
      const values = { activeVersion: version, activatedAt: now, activatedBy: actor, ...NO_CANARY };
      await tx.insert(remoteState).values({ remote, ...values }).onConflictDoUpdate({ target: remoteState.remote, set: values });
      await tx.insert(remoteActivations).values({ remote, version, at: now, by: actor, reason });
      await tx.insert(registryEvents).values({ remote, action: reason, version, by: actor, note: options.note ?? null });
    });
    this.changed(remote);
  }

  /**
   * A canary beside the active release; the active release is never touched. With a share it stays
   * there until ops change it; without one (null) it is progressive: it starts at the first of
   * CANARY_STEPS and goes on by itself (canary-progress.ts).
   */
  async canary(remote: string, version: string, percentOrSteps: number | null, actor: string) {
    const state = await this.stateOf(this.db, remote);
    if (!state?.activeVersion) throw new RegistryError('BAD_REQUEST', `У ${remote} нет активного релиза, рядом с которым запустить canary`);
    if (state.activeVersion === version) throw new RegistryError('BAD_REQUEST', `${remote} ${version} уже активный релиз`);
    await this.requireUsable(remote, version);
    await this.gate(remote, version, 'activate', actor, 'canary');
    const health = this.config?.health;
    const auto = percentOrSteps === null;
    if (auto && !health?.steps.length) throw new Error('RegistryRepo needs the config to run a progressive canary');
    const percent = percentOrSteps ?? (health?.steps[0] as number);
    const note = auto && health ? `по шагам ${[...health.steps, 100].join(' → ')} %, по ${health.stepSeconds} с на шаг, пока здоров` : null;
    await this.db.transaction(async (tx) => {
      const now = new Date();
      const values = { canaryVersion: version, canaryPercent: percent, canaryAt: now, canaryBy: actor, canaryAuto: auto, canaryStepAt: now };
      await tx.update(remoteState).set(values).where(eq(remoteState.remote, remote));
      await tx.insert(registryEvents).values({ remote, action: 'canary', version, percent, by: actor, note });
    });
    this.changed(remote);
  }

  /**
   * Ends the canary: every visitor gets the active release again. `markBad` marks the canary's
   * release bad (a stop on errors); `note` says why (the automatic stop's rates).
   */
  async stopCanary(remote: string, actor: string, options: { note?: string; markBad?: boolean; version?: string } = {}) {
    const stopped = await this.db.transaction(async (tx) => {
      const state = await this.stateOf(tx as unknown as Tx, remote);
      if (!state?.canaryVersion || (options.version && state.canaryVersion !== options.version)) throw new RegistryError('BAD_REQUEST', `У ${remote} нет canary-релиза`);
      // only the canary read above: another replica's stop or step in between leaves nothing to stop
      const [ended] = await tx
        .update(remoteState)
        .set(NO_CANARY)
        .where(and(eq(remoteState.remote, remote), eq(remoteState.canaryVersion, state.canaryVersion)))
        .returning({ remote: remoteState.remote });
      if (!ended) throw new RegistryError('BAD_REQUEST', `У ${remote} нет canary-релиза`);
      if (options.markBad) {
        await tx.update(remoteReleases).set({ status: 'bad' }).where(and(eq(remoteReleases.remote, remote), eq(remoteReleases.version, state.canaryVersion)));
      }
      await tx.insert(registryEvents).values({ remote, action: 'canary-stop', version: state.canaryVersion, percent: state.canaryPercent, by: actor, note: options.note ?? null });
      return { version: state.canaryVersion, percent: state.canaryPercent };
    });
    this.changed(remote);
    return stopped;
  }

  /** The canary becomes everyone's, after the gate again; a 0 % canary (stopped in effect) only with `force`. */
  async promote(remote: string, actor: string, options: { force?: boolean; version?: string; note?: string } = {}) {
    const state = await this.stateOf(this.db, remote);
    if (!state?.canaryVersion || (options.version && state.canaryVersion !== options.version)) throw new RegistryError('BAD_REQUEST', `У ${remote} нет canary-релиза, который можно сделать основным`);
    const version = state.canaryVersion;
    if (state.canaryPercent === 0 && !options.force) {
      throw new RegistryError('BAD_REQUEST', `canary ${remote} ${version} на 0 %: его не видел ни один покупатель. Сделать основным всё равно — с --force`);
    }
    await this.requireUsable(remote, version);
    await this.gate(remote, version, 'activate', actor, 'promote');
    await this.db.transaction(async (tx) => {
      const now = new Date();
      const values = { activeVersion: version, activatedAt: now, activatedBy: actor, ...NO_CANARY };
      // the canary the gate passed, still running: a stop during the gate is not undone
      const [promoted] = await tx
        .update(remoteState)
        .set(values)
        .where(and(eq(remoteState.remote, remote), eq(remoteState.canaryVersion, version)))
        .returning({ remote: remoteState.remote });
      if (!promoted) throw new RegistryError('BAD_REQUEST', `canary ${remote} ${version} остановлен, пока шла проверка: основным он не стал`);
      await tx.insert(remoteActivations).values({ remote, version, at: now, by: actor, reason: 'promote' });
      await tx.insert(registryEvents).values({
        remote,
        action: 'promote',
        version,
        percent: state.canaryPercent,
        by: actor,
        note: options.note ?? (options.force && state.canaryPercent === 0 ? 'canary на 0 %, --force' : null),
      });
    });
    this.changed(remote);
  }

  /**
   * Rollback, by the activation stack. During a canary it stops the canary (marking its release
   * bad) and leaves the healthy active release alone. Otherwise the active release is marked bad,
   * its stack entries undone, and the newest earlier entry whose release is neither bad nor
   * refused becomes active (through the gate; the static checks only when it passed the whole
   * gate before): repeated rollbacks go further back.
   */
  async rollback(remote: string, actor: string): Promise<{ stoppedCanary?: string; from?: string; to?: string }> {
    const state = await this.stateOf(this.db, remote);
    if (state?.canaryVersion) {
      const stopped = await this.stopCanary(remote, actor, {
        markBad: true,
        note: `rollback во время canary: canary остановлен, активный ${state.activeVersion} не тронут`,
      });
      return { stoppedCanary: stopped.version };
    }
    const current = state?.activeVersion;
    if (!current) throw new RegistryError('BAD_REQUEST', `У ${remote} нет активного релиза`);
    const entries = await this.db
      .select()
      .from(remoteActivations)
      .where(and(eq(remoteActivations.remote, remote), isNull(remoteActivations.undoneAt)))
      .orderBy(desc(remoteActivations.id));
    const versions = [...new Set(entries.map((e) => e.version).filter((v) => v !== current))];
    const usable = versions.length
      ? await this.db
          .select()
          .from(remoteReleases)
          .where(and(eq(remoteReleases.remote, remote), inArray(remoteReleases.version, versions)))
          .orderBy(asc(remoteReleases.createdAt))
      : [];
    const target = versions.find((v) => {
      const release = usable.find((r) => r.version === v);
      return release && !UNUSABLE.includes(release.status) && !release.pruned;
    });
    if (!target) throw new RegistryError('BAD_REQUEST', `У ${remote} нет более раннего исправного релиза, к которому откатиться (активный ${current})`);
    // A rollback is ops' emergency exit: a target that passed the whole gate before (status
    // checked) gets the static checks again (its files still answer, the live host can take it),
    // not the browser smoke — seconds, not a minute. Any other target gets the whole gate.
    const targetRelease = await this.requireUsable(remote, target);
    await this.gate(remote, target, targetRelease.status === 'checked' ? 'publish' : 'activate', actor, 'rollback');
    await this.db.transaction(async (tx) => {
      const now = new Date();
      await tx
        .update(remoteActivations)
        .set({ undoneAt: now })
        .where(and(eq(remoteActivations.remote, remote), eq(remoteActivations.version, current), isNull(remoteActivations.undoneAt)));
      await tx.update(remoteReleases).set({ status: 'bad' }).where(and(eq(remoteReleases.remote, remote), eq(remoteReleases.version, current)));
      const values = { activeVersion: target, activatedAt: now, activatedBy: actor };
      await tx.update(remoteState).set(values).where(eq(remoteState.remote, remote));
      await tx.insert(remoteActivations).values({ remote, version: target, at: now, by: actor, reason: 'rollback' });
      await tx.insert(registryEvents).values({ remote, action: 'rollback', version: target, by: actor, note: `с ${current} (помечен bad) на ${target}` });
    });
    this.changed(remote);
    return { from: current, to: target };
  }
}
