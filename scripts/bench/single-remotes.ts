/**
 * Stands in for host/src/federation/remotes.ts in the single-bundle benchmark build: the
 * same exposed modules, imported statically, so the whole shop is one plain bundle. The map is
 * generated from the remotes table: a new exposed module needs no edit here.
 */
import type { RemoteModuleId, RemoteModules, RemoteRegistry } from '@shop/contracts/remotes';
// every exposed module of the remotes table, imported statically: written by
// scripts/codegen/remote-modules.ts (npm run codegen, and buildSingle before each build)
import { modules } from './single-remotes.generated.ts';

// This file replaces the host's remotes.ts in the build: an export the host adds there and this
// file lacks fails the typecheck here, not the benchmark's build half an hour into a run.
type HostExports = keyof typeof import('../../host/src/federation/remotes.ts');
type Missing = Exclude<HostExports, keyof typeof import('./single-remotes.ts')>;
const _sameExports: [Missing] extends [never] ? true : Missing = true;

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

const slots = new Map<RemoteModuleId, Promise<unknown>>();

/**
 * The slot's module, already in the bundle: one promise per module, marked fulfilled the way
 * host/src/federation/module-source.ts `settled` marks a finished load, so React's `use()` reads
 * it without suspending. Nothing here can fail.
 */
export function slotModule(id: RemoteModuleId, _attempt: number, _onFailure: (error: Error) => void): Promise<unknown> {
  let slot = slots.get(id);
  if (!slot) {
    slot = Object.assign(Promise.resolve<unknown>(modules[id]), { status: 'fulfilled', value: modules[id] });
    slots.set(id, slot);
  }
  return slot;
}
