import { and, eq, isNotNull, lte } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { HealthRepo, NO_HEALTH, type ReleaseHealth } from './health-repo.ts';
import { nextCanaryStep, RegistryError, RegistryRepo, registryChanges, SYSTEM_ACTOR } from './registry-repo.ts';
import { registryEvents, remoteState } from './registry-tables.ts';

export type CanaryMove = { remote: string; version: string } & ({ step: number } | { promoted: true } | { stopped: string });

const counted = (h: ReleaseHealth) => `${h.errors} ошибок из ${h.views + h.errors}`;

/**
 * Progressive canaries: every round (a few seconds apart, on every replica) stops the canaries
 * that fail (the same rule as after each report), then moves each progressive canary whose step
 * is CANARY_STEP_SECONDS old to the next share of CANARY_STEPS, or promotes it after the last one
 * (through the gate again, as ops' promote). A step is taken only by the replica whose update
 * finds `canary_step_at` still at the value it read: the others' updates match no row, so no
 * step is taken twice. Each step is a `canary-step` event by «система», announced as every change.
 */
export class CanaryProgress {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {}

  async round(now = new Date()): Promise<CanaryMove[]> {
    const health = new HealthRepo(this.db, this.config.health);
    const running = await this.db.select().from(remoteState).where(isNotNull(remoteState.canaryVersion));
    if (!running.length) return [];
    const moves: CanaryMove[] = (await health.stopFailingCanaries(running.map((s) => s.remote), now)).map((s) => ({ remote: s.remote, version: s.version, stopped: s.note }));
    const due = new Date(now.getTime() - this.config.health.stepSeconds * 1000);
    const ready = await this.db
      .select()
      .from(remoteState)
      .where(and(isNotNull(remoteState.canaryVersion), eq(remoteState.canaryAuto, true), lte(remoteState.canaryStepAt, due)));
    for (const state of ready) {
      const move = await this.step(state, health, now).catch((caught: unknown) => {
        // another replica or ops changed the canary meanwhile: nothing to do this round
        if (caught instanceof RegistryError) return null;
        throw caught;
      });
      if (move) moves.push(move);
    }
    return moves;
  }

  private async step(state: typeof remoteState.$inferSelect, health: HealthRepo, now: Date): Promise<CanaryMove | null> {
    const { remote, canaryVersion: version, canaryPercent: percent, canaryStepAt: stepAt } = state;
    if (!version || percent === null || !stepAt) return null;
    const next = nextCanaryStep(percent, this.config.health.steps);
    const versions = (await health.window(now, remote)).get(remote);
    const canary = versions?.get(version) ?? NO_HEALTH;
    const active = (state.activeVersion && versions?.get(state.activeVersion)) || NO_HEALTH;
    const note = `${this.config.health.stepSeconds} с без сбоев: canary ${counted(canary)}, основной ${counted(active)}`;
    // claims the step: only the replica that still sees the step it read moves it
    const claimed = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(remoteState)
        .set(next === null ? { canaryStepAt: now } : { canaryPercent: next, canaryStepAt: now })
        .where(and(eq(remoteState.remote, remote), eq(remoteState.canaryVersion, version), eq(remoteState.canaryAuto, true), eq(remoteState.canaryStepAt, stepAt)))
        .returning({ remote: remoteState.remote });
      if (row && next !== null) await tx.insert(registryEvents).values({ remote, action: 'canary-step', version, percent: next, by: SYSTEM_ACTOR, note });
      return Boolean(row);
    });
    if (!claimed) return null;
    if (next !== null) {
      registryChanges.emit('changed', remote);
      return { remote, version, step: next };
    }
    const repo = new RegistryRepo(this.db, this.config);
    try {
      await repo.promote(remote, SYSTEM_ACTOR, { version, note: `по шагам до 100 %: ${note}` });
    } catch (caught) {
      // refused by the gate this time (its file gone, the live host changed): the canary ends, its
      // release stays refused with the reasons
      if (!(caught instanceof RegistryError) || caught.code !== 'RELEASE_REFUSED') throw caught;
      await repo.stopCanary(remote, SYSTEM_ACTOR, { version, note: `не стал основным: ${caught.reasons.join('; ') || caught.message}` });
      return { remote, version, stopped: caught.message };
    }
    return { remote, version, promoted: true };
  }
}

/** How often the rounds run: every few seconds, oftener with a short step (tests). */
export function canaryRoundMs(stepSeconds: number): number {
  return Math.min(5000, Math.max(250, (stepSeconds * 1000) / 4));
}

/**
 * Runs the rounds on a timer until stopped; one round at a time (a promotion's gate takes
 * seconds). A round that fails (the database away for a moment) is logged and the next one tries
 * again.
 */
export function startCanaryProgress(db: Db, config: Config, log: (message: string) => void = console.warn): { stop(): Promise<void> } {
  const progress = new CanaryProgress(db, config);
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = progress
      .round()
      .catch((caught: unknown) => {
        if (!stopped) log(`[release] canary round failed: ${(caught as Error).message}`);
      })
      .finally(() => {
        running = null;
      });
  }, canaryRoundMs(config.health.stepSeconds));
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
