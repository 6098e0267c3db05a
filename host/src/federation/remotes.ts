import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { releaseVersionOfUrl } from '@shop/contracts/release-plane';
import type { RemoteModuleId, RemoteModules, RemoteRegistry } from '@shop/contracts/remotes';
import { settled } from './module-source.ts';
import { readRegistry } from './registry.ts';

let registry: RemoteRegistry = {};

interface CachedModule {
  /** The «Повторить» attempt that started this load (0: the first one). */
  attempt: number;
  /** Marked with its outcome (module-source.ts `settled`), so React's `use` renders a loaded module at once. */
  promise: Promise<unknown>;
  /** Whether a failure of this load is reported for ops (once, by the first slot that waits for it). */
  reported?: true;
}

/**
 * The browser's one cache of remote modules, per module: its load, pending or done. The slots
 * (remote-slot.tsx) and the prefetch on intent share it, so a page prefetched or shown again
 * renders at once, without a loading state, and a prefetch still under way is the slot's load
 * too. A failed load is dropped: the next attempt asks the network again.
 */
const modules = new Map<RemoteModuleId, CachedModule>();

/** The release of `remote` this page loads (its registry entry's version), for health reports. */
export function remoteVersion(remote: string): string | undefined {
  return releaseVersionOfUrl(registry[remote]);
}

export function applyRegistry(next: RemoteRegistry): void {
  registry = next;
  registerRemotes(Object.entries(next).map(([name, entry]) => ({ name, entry })));
}

/** An exposed module, loaded once: the cached load while it is pending or done (the prefetch on intent). */
export function loadRemoteModule<K extends RemoteModuleId>(id: K): Promise<RemoteModules[K]> {
  return load(id, 0).promise as Promise<RemoteModules[K]>;
}

/**
 * The load a remote slot renders for its «Повторить» `attempt`: the same promise for as long as
 * no newer attempt is made (React's `use` needs a stable one); a newer attempt (by this slot or
 * another of the same module) loads afresh. A failure is reported once through `onFailure`.
 */
export function slotModule(id: RemoteModuleId, attempt: number, onFailure: (error: Error) => void): Promise<unknown> {
  const entry = load(id, attempt);
  if (!entry.reported) {
    entry.reported = true;
    entry.promise.catch((error: unknown) => onFailure(error instanceof Error ? error : new Error(String(error))));
  }
  return entry.promise;
}

/**
 * The cached load, or a new one when there is none or it was made for an older attempt. A
 * later attempt re-registers the remote first, which drops the runtime's cached failure, so
 * «Повторить» really tries the network again.
 */
function load(id: RemoteModuleId, attempt: number): CachedModule {
  const known = modules.get(id);
  if (known && known.attempt >= attempt) return known;
  const entry: CachedModule = { attempt, promise: settled(fetchModule(id, attempt > 0)) };
  modules.set(id, entry);
  entry.promise.catch(() => {
    if (modules.get(id) === entry) modules.delete(id);
  });
  return entry;
}

async function fetchModule(id: RemoteModuleId, fresh: boolean): Promise<unknown> {
  const remote = id.split('/')[0] as string;
  // «Повторить» asks the server for the current registry: after a rollback the page's inline
  // registry still names the broken release (and a page without a registry gets one now).
  if (fresh) applyRegistry(await readRegistry(undefined).catch(() => registry));
  const entry = registry[remote];
  if (!entry) throw new Error(`remote ${remote} is not in the registry`);
  if (fresh) registerRemotes([{ name: remote, entry }], { force: true });
  const mod = await loadRemote<{ default: unknown }>(id);
  if (!mod?.default) throw new Error(`${id} exposes no default export`);
  return mod.default;
}
