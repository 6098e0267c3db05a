import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** A manifest that does not answer within this time counts as a failed remote. */
export const MANIFEST_TIMEOUT_MS = 4000;
const RETRY_DELAY_MS = 300;

async function fetchManifest(url: string, init: RequestInit | undefined, retries: number): Promise<Response> {
  try {
    const response = await fetch(url, { ...init, cache: 'no-store', signal: AbortSignal.timeout(MANIFEST_TIMEOUT_MS) });
    // A 5xx may be a passing fault; a 404 is an answer.
    if (response.status >= 500 && retries > 0) throw new Error(`HTTP ${response.status}`);
    return response;
  } catch (error) {
    // A hang already cost the whole timeout: give up. A refused or reset connection may be a blip.
    if (retries <= 0 || (error as Error).name === 'TimeoutError') throw error;
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    return fetchManifest(url, init, retries - 1);
  }
}

/** What the runtime's `loadEntryError` hook resolves to (it awaits the nested promise too). */
type EntryRecovery = ReturnType<NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>>;

/** One more attempt after RETRY_DELAY_MS: a failed script load is often a passing network fault. */
async function retriedOnce<T>(attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch {
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    return attempt();
  }
}

/**
 * The first two of the three layers between a broken remote and a blank page (the third is
 * the React error boundary in remote-slot.tsx):
 * 1. retries: a remote entry or exposed chunk that failed to load is loaded again, then once
 *    more after a pause (the runtime's `loadEntryError` and `getModuleFactory` hooks; written
 *    here rather than taken from @module-federation/retry-plugin, whose only release line is
 *    0.x and pulls a second, older @module-federation/sdk); manifests are retried here, once,
 *    after a network error;
 * 2. a timeout on the manifest fetch, which the runtime does without one (a server that
 *    accepts the connection and never answers would leave a spinner forever), and the
 *    `errorLoadRemote` hook, which records the failure for ops and lets it reach the boundary.
 */
export default function resiliencePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'shop-resilience',
    fetch: (url, init) => fetchManifest(url, init, 1),
    // the runtime hands over a getRemoteEntry that does not call this hook again on failure
    loadEntryError: async ({ getRemoteEntry, origin, remoteInfo, remoteEntryExports, globalLoading, uniqueKey }): EntryRecovery =>
      retriedOnce(async () => {
        delete globalLoading[uniqueKey];
        return (await getRemoteEntry({ origin, remoteInfo, remoteEntryExports })) || undefined;
      }),
    getModuleFactory: ({ remoteEntryExports, expose }) => retriedOnce(async () => remoteEntryExports.get(expose)),
    errorLoadRemote({ id, error, lifecycle }) {
      const w = window as unknown as { __SHOP_REMOTE_ERRORS__?: unknown[] };
      w.__SHOP_REMOTE_ERRORS__ ??= [];
      w.__SHOP_REMOTE_ERRORS__.push({ id, lifecycle, message: error instanceof Error ? error.message : String(error), at: Date.now() });
      console.error(`[shop] remote ${id} failed at ${lifecycle}`, error);
      // No fallback module: the area's error boundary shows «Не удалось загрузить раздел».
      return undefined;
    },
  };
}
