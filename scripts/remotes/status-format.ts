/**
 * `npm run remotes -- status`: each release's state in one word or a few — `active`, `canary
 * 10 %`, `good` (passed the whole gate), `published` (not yet), `bad` (rolled back from or a
 * stopped canary: never a rollback target again), `refused`, `pruned` (its files are gone) — and
 * which one the next rollback goes to.
 */
import type { Release, RemoteStatus } from './ops-client.ts';

const WORDS: Record<string, string> = { checked: 'good' };

/**
 * The releases `count` rollbacks in a row go to, in order, as the registry picks them: the live
 * stack entries below the active whose release is neither bad, refused nor pruned.
 */
export function rollbackTargets(remote: Pick<RemoteStatus, 'active' | 'stack' | 'releases'>, count: number): string[] {
  const targets: string[] = [];
  for (const entry of remote.stack ?? []) {
    if (targets.length >= count) break;
    if (entry.undone || entry.version === remote.active?.version || targets.includes(entry.version)) continue;
    const release = remote.releases.find((r) => r.version === entry.version);
    if (release && !['bad', 'refused'].includes(release.status ?? '') && !release.pruned) targets.push(entry.version);
  }
  return targets;
}

/** The release the next rollback goes to, if any. */
export const rollbackTarget = (remote: Pick<RemoteStatus, 'active' | 'stack' | 'releases'>): string | null => rollbackTargets(remote, 1)[0] ?? null;

/** «canary 25 % (step 2 of 3, next 50 % at 12:05:00Z)», «canary 50 % (step 3 of 3, promotion at …)», or «canary 10 %» for a fixed share. */
export function canaryStep(canary: NonNullable<RemoteStatus['canary']>): string {
  const p = canary.progressive;
  if (!p) return `canary ${canary.percent} %`;
  const index = p.steps.indexOf(canary.percent);
  const step = index >= 0 ? `step ${index + 1} of ${p.steps.length}, ` : '';
  const at = p.nextStepAt.replace(/^.*T/, '').replace(/\.\d+Z$/, 'Z');
  return `canary ${canary.percent} % (${step}${p.next === null ? 'promotion' : `next ${p.next} %`} at ${at})`;
}

export function releaseState(remote: Pick<RemoteStatus, 'active' | 'canary' | 'stack' | 'releases'>, release: Release): string {
  const words: string[] = [];
  if (remote.active?.version === release.version) words.push('active');
  if (remote.canary?.version === release.version) words.push(canaryStep(remote.canary));
  if (release.status) words.push(WORDS[release.status] ?? release.status);
  if (release.pruned) words.push('pruned');
  if (rollbackTarget(remote) === release.version) words.push('next rollback goes here');
  if (release.health && (release.health.views || release.health.errors)) words.push(`views ${release.health.views}, failures ${release.health.errors}`);
  return words.join(', ');
}
