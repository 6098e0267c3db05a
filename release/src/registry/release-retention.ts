import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { remoteActivations, remoteReleases, remoteState } from './registry-tables.ts';
import type { ReleaseStore } from './release-store.ts';

/**
 * The releases of a remote that retention never removes: the active one, the canary, and the
 * previous known-good one (the newest earlier activation not undone whose release is not bad or
 * refused: where a rollback goes).
 */
export async function protectedVersions(db: Db, remote: string): Promise<Set<string>> {
  const keep = new Set<string>();
  const [state] = await db.select().from(remoteState).where(eq(remoteState.remote, remote));
  if (state?.activeVersion) keep.add(state.activeVersion);
  if (state?.canaryVersion) keep.add(state.canaryVersion);
  const stack = await db.select().from(remoteActivations).where(eq(remoteActivations.remote, remote)).orderBy(desc(remoteActivations.id));
  const releases = await db.select({ version: remoteReleases.version, status: remoteReleases.status }).from(remoteReleases).where(eq(remoteReleases.remote, remote));
  const statusOf = new Map(releases.map((r) => [r.version, r.status]));
  const previous = stack.find(
    (a) => a.undoneAt === null && a.version !== state?.activeVersion && statusOf.has(a.version) && !['bad', 'refused'].includes(statusOf.get(a.version)!),
  );
  if (previous) keep.add(previous.version);
  return keep;
}

/**
 * Retention (run after each successful publish): keeps the newest `keep` releases of a remote
 * plus the protected ones; the others lose their files in release storage and are marked
 * `pruned` (their rows stay, for the history). Returns the versions pruned now.
 */
export async function pruneReleases(db: Db, store: Pick<ReleaseStore, 'remove'>, remote: string, keep: number): Promise<string[]> {
  const releases = await db
    .select({ version: remoteReleases.version })
    .from(remoteReleases)
    .where(and(eq(remoteReleases.remote, remote), eq(remoteReleases.pruned, false)))
    .orderBy(desc(remoteReleases.createdAt), desc(remoteReleases.version));
  const protect = await protectedVersions(db, remote);
  const doomed = releases.slice(keep).map((r) => r.version).filter((v) => !protect.has(v));
  if (doomed.length === 0) return [];
  // the rows first (a crash between leaves files of a release marked pruned, never a servable release nobody lists);
  // with its files gone the registry's manifest check refuses activating a pruned release
  await db.update(remoteReleases).set({ pruned: true }).where(and(eq(remoteReleases.remote, remote), inArray(remoteReleases.version, doomed)));
  for (const version of doomed) await store.remove(remote, version);
  return doomed;
}
