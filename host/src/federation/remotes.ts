import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteModuleId, RemoteModules, RemoteRegistry } from '@shop/contracts/remotes';
import { versionOfManifest } from './health-report.ts';
import { readRegistry } from './registry.ts';

let registry: RemoteRegistry = {};
/** Modules already loaded, so a page shown again (or prefetched) renders at once, without a loading state. */
const loaded = new Map<RemoteModuleId, unknown>();

export function loadedRemoteModule<K extends RemoteModuleId>(id: K): RemoteModules[K] | undefined {
  return loaded.get(id) as RemoteModules[K] | undefined;
}

/** The release of `remote` this page loads (its registry entry's version), for health reports. */
export function remoteVersion(remote: string): string | undefined {
  return versionOfManifest(registry[remote]);
}

export function applyRegistry(next: RemoteRegistry): void {
  registry = next;
  registerRemotes(Object.entries(next).map(([name, entry]) => ({ name, entry })));
}

/**
 * Loads an exposed module. `fresh` re-registers the remote first, which drops the
 * runtime's cached failure, so «Повторить» really tries the network again.
 */
export async function loadRemoteModule<K extends RemoteModuleId>(id: K, fresh = false): Promise<RemoteModules[K]> {
  const remote = id.split('/')[0] as string;
  // «Повторить» asks the server for the current registry: after a rollback the page's inline
  // registry still names the broken release (and a page without a registry gets one now).
  if (fresh) applyRegistry(await readRegistry(undefined).catch(() => registry));
  const entry = registry[remote];
  if (!entry) throw new Error(`remote ${remote} is not in the registry`);
  if (fresh) {
    loaded.delete(id);
    registerRemotes([{ name: remote, entry }], { force: true });
  }
  const mod = await loadRemote<{ default: RemoteModules[K] }>(id);
  if (!mod?.default) throw new Error(`${id} exposes no default export`);
  loaded.set(id, mod.default);
  return mod.default;
}
