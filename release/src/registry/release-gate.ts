import type { Config } from '../config.ts';
import type { ReleaseChecks } from './registry-tables.ts';

/** The release a check looks at. */
export interface CandidateRelease {
  remote: string;
  version: string;
  manifestUrl: string;
}

export interface ReleaseCheckResult {
  check: string;
  ok: boolean;
  /** Russian: why it was refused (shown to the team, stored in the release's `checks` and the event's note). */
  reason?: string;
}

/** What the registry hands every check beside the release: the API's settings (host URL, allowed origins…). */
export interface ReleaseCheckContext {
  config: Config;
}

/**
 * One rule a release must pass before it reaches shoppers. It never throws for a refusal: it
 * answers `{ ok: false, reason }` (a throw is recorded as a refusal with the error's message).
 */
export type ReleaseCheck = (release: CandidateRelease, ctx: ReleaseCheckContext) => Promise<ReleaseCheckResult>;

export interface ReleaseCheckOptions {
  /**
   * Also run when the release is published (the static checks: manifest, files, exposes,
   * singletons, origin). Default false: only before activate, canary and promote (the browser
   * smoke, which needs a live host).
   */
  atPublish?: boolean;
}

const registered: { check: ReleaseCheck; atPublish: boolean }[] = [];

/** Adds a check to every later release decision; returns a function that removes it again (tests). */
export function registerReleaseCheck(check: ReleaseCheck, options: ReleaseCheckOptions = {}): () => void {
  const entry = { check, atPublish: options.atPublish ?? false };
  registered.push(entry);
  return () => {
    const i = registered.indexOf(entry);
    if (i >= 0) registered.splice(i, 1);
  };
}

/** When a release is being decided: `publish` runs the static checks only, `activate` (and canary, promote) all. */
export type GatePhase = 'publish' | 'activate';

/**
 * Runs the registered checks one after another (the static ones first, in registration order:
 * a later check may assume the manifest loaded) and returns the report stored on the release.
 * A check that throws counts as failed, with its message as the reason.
 */
export async function runReleaseChecks(release: CandidateRelease, phase: GatePhase, ctx: ReleaseCheckContext): Promise<ReleaseChecks> {
  const results: ReleaseChecks['results'] = [];
  for (const { check, atPublish } of registered) {
    if (phase === 'publish' && !atPublish) continue;
    const started = performance.now();
    let result: ReleaseCheckResult;
    try {
      result = await check(release, ctx);
    } catch (error) {
      result = { check: check.name || 'check', ok: false, reason: `проверка не выполнилась: ${(error as Error).message}` };
    }
    results.push({ ...result, ms: Math.round(performance.now() - started) });
  }
  return { at: new Date().toISOString(), ok: results.every((r) => r.ok), results };
}

/** The Russian reasons of a failed report, one line each: «exposes: нет SearchPage…». */
export function refusalReasons(checks: ReleaseChecks): string[] {
  return checks.results.filter((r) => !r.ok).map((r) => `${r.check}: ${r.reason ?? 'не прошла'}`);
}
