/**
 * Stands in for host/src/federation/remotes.ts in the single-bundle benchmark build: the
 * same exposed modules, imported statically, so the whole shop is one plain bundle. The map is
 * generated from the remotes table: a new exposed module needs no edit here.
 */
import type { RemoteModuleId, RemoteModules, RemoteRegistry } from '@shop/contracts/remotes';
// every exposed module of the remotes table, imported statically: written by
// scripts/codegen/remote-modules.ts (npm run codegen, and buildSingle before each build)
import { modules } from './single-remotes.generated.ts';

export function applyRegistry(_next: RemoteRegistry): void {}

export async function loadRemoteModule<K extends RemoteModuleId>(id: K, _fresh = false): Promise<RemoteModules[K]> {
  return modules[id];
}

/** No releases: the pages are part of this bundle (health reports then name no version). */
export function remoteVersion(_remote: string): string | undefined {
  return undefined;
}

/** Everything is in the bundle: every module is loaded from the start. */
export function loadedRemoteModule<K extends RemoteModuleId>(id: K): RemoteModules[K] | undefined {
  return modules[id];
}
