import { readFile } from 'node:fs/promises';

export type Registry = Record<string, string>;

/**
 * Where the host learns which release of each remote is active. Read at most once per
 * `ttlMs`, so any number of page requests cost one read, and a switch is seen quickly.
 */
export function fileRegistry(file: string, ttlMs: number) {
  let cached: { at: number; value: Registry } | null = null;
  return async function readRegistry(): Promise<Registry> {
    if (cached && Date.now() - cached.at < ttlMs) return cached.value;
    try {
      const parsed = JSON.parse(await readFile(file, 'utf8')) as unknown;
      const value: Registry = {};
      if (parsed && typeof parsed === 'object') {
        for (const [name, url] of Object.entries(parsed)) if (typeof url === 'string') value[name] = url;
      }
      cached = { at: Date.now(), value };
      return value;
    } catch (error) {
      // Keep serving the last known registry rather than none.
      if (cached) return cached.value;
      throw error;
    }
  };
}
