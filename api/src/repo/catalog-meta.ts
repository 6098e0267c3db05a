import type { Db } from '../db/database.ts';
import { properties } from '../db/schema.ts';

export interface PropertyRow {
  id: number;
  name: string;
  title: string;
}

// async: a query builder runs again on every `then`; the cached promise must be one read
export async function readProperties(db: Db): Promise<PropertyRow[]> {
  const p = properties;
  return await db.select({ id: p.id, name: p.name, title: p.title }).from(p).orderBy(p.sort, p.id);
}

/**
 * The catalogue's property definitions (size, colour…), shared by every request of one API and
 * read again whenever the catalogue version changes (an import bumps it). A listing filtered by
 * a property needs them to check and translate its filter; reading them on every request cost a
 * round trip per listing. Only these few definition rows are kept: every listing still reaches
 * the database.
 */
export class CatalogMeta {
  private cached: { version: number; properties: Promise<PropertyRow[]> } | null = null;

  private memos = new Map<string, { version: number; value: Promise<unknown> }>();

  constructor(private readonly version: () => number) {}

  /** A value derived from the catalogue (the search vocabulary), built once per catalogue version. */
  shared<T>(key: string, load: () => Promise<T>): Promise<T> {
    const version = this.version();
    const hit = this.memos.get(key);
    if (hit?.version === version) return hit.value as Promise<T>;
    const entry = { version, value: load() as Promise<unknown> };
    this.memos.set(key, entry);
    entry.value.catch(() => {
      if (this.memos.get(key) === entry) this.memos.delete(key);
    });
    return entry.value as Promise<T>;
  }

  properties(db: Db): Promise<PropertyRow[]> {
    const version = this.version();
    if (this.cached?.version === version) return this.cached.properties;
    const properties = readProperties(db);
    const entry = { version, properties };
    this.cached = entry;
    // a failed read must not stay cached
    properties.catch(() => {
      if (this.cached === entry) this.cached = null;
    });
    return properties;
  }
}
