import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { registryEvents, remoteReleases, remoteState } from './registry-tables.ts';

export class RegistryError extends Error {
  constructor(
    readonly code: 'NOT_FOUND' | 'BAD_REQUEST',
    message: string,
  ) {
    super(message);
  }
}

export interface PublicRemote {
  active: { version: string; manifestUrl: string };
  canary: { version: string; manifestUrl: string; percent: number } | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : '');

/** The registry of remote releases, kept in the database so every host server agrees. */
export class RegistryRepo {
  constructor(private readonly db: Db) {}

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

  async status() {
    const states = await this.db.select().from(remoteState);
    const releases = await this.db.select().from(remoteReleases).orderBy(desc(remoteReleases.createdAt));
    const events = await this.db.select().from(registryEvents).orderBy(desc(registryEvents.id));
    const names = [...new Set([...states.map((s) => s.remote), ...releases.map((r) => r.remote)])].sort();
    return names.map((name) => {
      const state = states.find((s) => s.remote === name);
      const mine = releases.filter((r) => r.remote === name);
      const manifest = (version: string | null) => mine.find((r) => r.version === version)?.manifestUrl ?? '';
      return {
        name,
        active: state?.activeVersion
          ? { version: state.activeVersion, manifestUrl: manifest(state.activeVersion), activatedAt: iso(state.activatedAt), activatedBy: state.activatedBy ?? '' }
          : null,
        canary:
          state?.canaryVersion && state.canaryPercent !== null
            ? {
                version: state.canaryVersion,
                manifestUrl: manifest(state.canaryVersion),
                percent: state.canaryPercent,
                activatedAt: iso(state.canaryAt),
                activatedBy: state.canaryBy ?? '',
              }
            : null,
        releases: mine.map((r) => ({ version: r.version, manifestUrl: r.manifestUrl, createdAt: iso(r.createdAt), createdBy: r.createdBy })),
        history: events
          .filter((e) => e.remote === name)
          .slice(0, 50)
          .map((e) => ({ action: e.action, version: e.version, percent: e.percent, at: iso(e.at), by: e.by })),
      };
    });
  }

  /** Publishing the same version again with the same manifest is a no-op; with another manifest it is refused. */
  async publish(remote: string, version: string, manifestUrl: string, by: string) {
    return this.db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(remoteReleases)
        .where(and(eq(remoteReleases.remote, remote), eq(remoteReleases.version, version)));
      if (existing) {
        if (existing.manifestUrl !== manifestUrl) {
          throw new RegistryError('BAD_REQUEST', `${remote} ${version} уже опубликован с другим манифестом: релизы неизменяемы`);
        }
        return existing;
      }
      const [release] = await tx.insert(remoteReleases).values({ remote, version, manifestUrl, createdBy: by }).returning();
      await tx.insert(registryEvents).values({ remote, action: 'publish', version, by });
      return release;
    });
  }

  private async requireRelease(tx: Db, remote: string, version: string) {
    const [release] = await tx
      .select()
      .from(remoteReleases)
      .where(and(eq(remoteReleases.remote, remote), eq(remoteReleases.version, version)));
    if (!release) throw new RegistryError('NOT_FOUND', `У ${remote} нет опубликованного релиза ${version}`);
    return release;
  }

  /** Makes `version` the only release (a canary of another version is dropped). */
  async activate(remote: string, version: string, by: string) {
    await this.db.transaction(async (tx) => {
      await this.requireRelease(tx as unknown as Db, remote, version);
      const now = new Date();
      const values = { activeVersion: version, activatedAt: now, activatedBy: by, canaryVersion: null, canaryPercent: null, canaryAt: null, canaryBy: null };
      await tx.insert(remoteState).values({ remote, ...values }).onConflictDoUpdate({ target: remoteState.remote, set: values });
      await tx.insert(registryEvents).values({ remote, action: 'activate', version, by });
    });
  }

  async canary(remote: string, version: string, percent: number, by: string) {
    await this.db.transaction(async (tx) => {
      await this.requireRelease(tx as unknown as Db, remote, version);
      const [state] = await tx.select().from(remoteState).where(eq(remoteState.remote, remote));
      if (!state?.activeVersion) throw new RegistryError('BAD_REQUEST', `У ${remote} нет активного релиза, рядом с которым запустить canary`);
      const values = { canaryVersion: version, canaryPercent: percent, canaryAt: new Date(), canaryBy: by };
      await tx.update(remoteState).set(values).where(eq(remoteState.remote, remote));
      await tx.insert(registryEvents).values({ remote, action: 'canary', version, percent, by });
    });
  }

  async promote(remote: string, by: string) {
    await this.db.transaction(async (tx) => {
      const [state] = await tx.select().from(remoteState).where(eq(remoteState.remote, remote));
      if (!state?.canaryVersion) throw new RegistryError('BAD_REQUEST', `У ${remote} нет canary-релиза, который можно сделать основным`);
      const values = { activeVersion: state.canaryVersion, activatedAt: new Date(), activatedBy: by, canaryVersion: null, canaryPercent: null, canaryAt: null, canaryBy: null };
      await tx.update(remoteState).set(values).where(eq(remoteState.remote, remote));
      await tx.insert(registryEvents).values({ remote, action: 'promote', version: state.canaryVersion, by });
    });
  }
}
