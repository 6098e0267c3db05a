import type { RemoteModuleId } from '@shop/contracts/remotes';
import { type ComponentType, createContext } from 'react';

/**
 * Where a remote area's module comes from (remote-slot.tsx). The browser loads it through the
 * federation runtime; a server render provides its own per-visitor loader (host/src/ssr) here.
 */
export interface ModuleSource {
  /** The same promise for the same module and attempt for as long as it is wanted: React's `use` needs a stable one. */
  load(id: RemoteModuleId, attempt: number): Promise<ComponentType<object>>;
}

export const ModuleSourceContext = createContext<ModuleSource | null>(null);

/**
 * The digest a server render gives an area it left to the browser (React sends the digest, not
 * the server's error): the browser's hydration tells it from a real mismatch.
 */
export const SERVER_AREA_DIGEST = 'shop-area';

/** A promise with its outcome on it, as React's `use` reads it. */
export type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

/**
 * Marks the promise with its outcome the way React's `use` reads it (`status`/`value`), so a
 * module already loaded renders in the same pass instead of suspending once more.
 */
export function settled<T>(promise: Promise<T>): Promise<T> {
  const tracked = promise as Tracked<T>;
  if (tracked.status) return promise;
  tracked.status = 'pending';
  promise.then(
    (value) => {
      tracked.status = 'fulfilled';
      tracked.value = value;
    },
    (reason: unknown) => {
      tracked.status = 'rejected';
      tracked.reason = reason;
    },
  );
  return promise;
}
