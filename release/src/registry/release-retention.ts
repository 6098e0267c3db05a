import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { remoteActivations, remoteReleases, remoteState } from './registry-tables.ts';
import type { ReleaseStore } from './release-store.ts';

/** How many known-good releases below the active one retention always keeps: repeated rollbacks walk to them. */
export const ROLLBACK_DEPTH = 3;

/** A release with one of these statuses is never a rollback target. */
const UNUSABLE = ['bad', 'refused'];

/**
 * The releases of a remote that retention never removes: the newest stored one (just published), the
 * active one, the canary, and the next ROLLBACK_DEPTH releases a rollback would go to (the newest
 * earlier activations not undone whose release is neither bad, refused nor pruned, as the
 * registry's rollback picks them).
 */
export async function protectedVersions(db: Db, remote: string): Promise<Set<string>> {
  const keep = new Set<string>();
  const [state] = await db.select().from(remoteState).where(eq(remoteState.remote, remote));
  if (state?.activeVersion) keep.add(state.activeVersion);
  if (state?.canaryVersion) keep.add(state.canaryVersion);
  const releases = await db
    .select({ version: remoteReleases.version, status: remoteReleases.status, pruned: remoteReleases.pruned })
    .from(remoteReleases)
    .where(eq(remoteReleases.remote, remote))
    .orderBy(desc(remoteReleases.createdAt), desc(remoteReleases.version));
  const newest = releases.find((r) => !r.pruned);
  if (newest) keep.add(newest.version);
  const release = new Map(releases.map((r) => [r.version, r]));
  const stack = await db
    .select({ version: remoteActivations.version })
    .from(remoteActivations)
    .where(and(eq(remoteActivations.remote, remote), isNull(remoteActivations.undoneAt)))
    .orderBy(desc(remoteActivations.id));
  const targets = new Set<string>();
  for (const { version } of stack) {
    if (targets.size >= ROLLBACK_DEPTH) break;
    const row = release.get(version);
    if (version === state?.activeVersion || !row || row.pruned || UNUSABLE.includes(row.status)) continue;
    targets.add(version);
  }
  for (const version of targets) keep.add(version);
  return keep;
}

/** Which releases go first when a remote holds more than RELEASE_KEEP: refused, then bad, then the rest. */
const pruneRank = (status: string) => (status === 'refused' ? 0 : status === 'bad' ? 1 : 2);

/**
 * Retention (run after each successful publish): a remote keeps at most `keep` releases in
 * storage besides the protected ones (protectedVersions). Beyond that, refused releases go
 * first, then bad ones, then the others, oldest first within each; they lose their files in
 * release storage and are marked `pruned` (their rows stay, for the history). Returns the
 * versions pruned now.
 */
export async function pruneReleases(db: Db, store: Pick<ReleaseStore, 'remove'>, remote: string, keep: number): Promise<string[]> {
  const releases = await db
    .select({ version: remoteReleases.version, status: remoteReleases.status })
    .from(remoteReleases)
    .where(and(eq(remoteReleases.remote, remote), eq(remoteReleases.pruned, false)))
    .orderBy(asc(remoteReleases.createdAt), asc(remoteReleases.version));
  const excess = releases.length - keep;
  if (excess <= 0) return [];
  const protect = await protectedVersions(db, remote);
  // oldest first, and a stable sort keeps that order within each rank
  const doomed = releases
    .filter((r) => !protect.has(r.version))
    .sort((a, b) => pruneRank(a.status) - pruneRank(b.status))
    .slice(0, excess)
    .map((r) => r.version);
  if (doomed.length === 0) return [];
  // the rows first (a crash between leaves files of a release marked pruned, never a servable release nobody lists);
  // with its files gone the registry's manifest check refuses activating a pruned release
  await db.update(remoteReleases).set({ pruned: true }).where(and(eq(remoteReleases.remote, remote), inArray(remoteReleases.version, doomed)));
  for (const version of doomed) await store.remove(remote, version);
  return doomed;
}
