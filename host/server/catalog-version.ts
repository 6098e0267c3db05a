import { CATALOG_VERSION } from '@shop/contracts/pages';
import type { Announcements } from './announcements.ts';

export interface CatalogVersion {
  /** The newest catalogue version heard of; null until the API first answered. */
  current(): number | null;
  /** A version an API replica answered from (never lowers the one known). */
  heard(version: number): void;
  close(): void;
}

/**
 * The catalogue version the page cache keys pages by. It is asked of the API every `pollMs` (the
 * request names the version already known, so a replica behind catches up before answering)
 * and, with Redis, heard the moment an API replica reads a new one. While the API does not
 * answer the last version known stays: stored pages are still served.
 */
export function watchCatalogVersion(apiUrl: string, options: { pollMs: number; announcements?: Announcements }): CatalogVersion {
  let version: number | null = null;
  let asking = false;
  const ask = async () => {
    if (asking) return;
    asking = true;
    try {
      const response = await fetch(apiUrl + CATALOG_VERSION.path, {
        headers: version === null ? {} : { [CATALOG_VERSION.header]: String(version) },
        signal: AbortSignal.timeout(2000),
      });
      const body = (await response.json()) as { version?: unknown };
      if (response.ok && Number.isSafeInteger(body.version)) version = body.version as number;
    } catch {
      // the API is away: keep what is known
    } finally {
      asking = false;
    }
  };
  void ask();
  const timer = setInterval(ask, options.pollMs);
  timer.unref();
  const stopListening = options.announcements?.on(CATALOG_VERSION.channel, (message) => {
    const announced = Number(message);
    if (message !== null && Number.isSafeInteger(announced)) version = Math.max(version ?? 0, announced);
    else void ask();
  });
  return {
    current: () => version,
    heard: (answered) => {
      version = Math.max(version ?? 0, answered);
    },
    close: () => {
      clearInterval(timer);
      stopListening?.();
    },
  };
}
