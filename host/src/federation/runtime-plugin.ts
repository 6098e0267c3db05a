import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** A manifest that does not answer within this time counts as a failed remote. */
export const MANIFEST_TIMEOUT_MS = 4000;

/**
 * The federation runtime fetches `mf-manifest.json` with no timeout of its own, so a remote
 * server that accepts the connection and never answers would leave its area on a spinner
 * forever. Aborting the fetch turns a hang into an error the host's boundary can show.
 */
export default function timeoutPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'shop-manifest-timeout',
    fetch(url, init) {
      return fetch(url, { ...init, cache: 'no-store', signal: AbortSignal.timeout(MANIFEST_TIMEOUT_MS) });
    },
  };
}
