import { useCallback, useSyncExternalStore } from 'react';

/*
 * What only the browser knows (storage, media queries, "hydrated") differs from what the server
 * rendered. useSyncExternalStore with a server snapshot renders the server's value while hydrating,
 * then re-renders every such component at the sync lane as soon as it has hydrated. A sync
 * re-render above a Suspense boundary that is still dehydrated makes React hydrate that boundary
 * synchronously as well: the page's hydration, meant to run in slices, then ran as one long task
 * (~650 ms of a slowed phone's home page). So while the host hydrates a server-rendered page, the
 * browser's snapshot here is the server's, and once hydration has settled every such component
 * switches in one cheap render, with nothing left to hydrate.
 */
let hydrating = false;
const settleListeners = new Set<() => void>();

/** Called by the host just before it hydrates a server-rendered page. */
export function beginHydration(): void {
  hydrating = true;
}

/** Whether the host is still hydrating a server-rendered page. */
export function isHydrating(): boolean {
  return hydrating;
}

/** Called by the host once the page has hydrated: browser-only values take over. */
export function settleHydration(): void {
  if (!hydrating) return;
  hydrating = false;
  for (const listener of [...settleListeners]) listener();
}

/**
 * useSyncExternalStore for a value the server cannot know: the server's snapshot while the page
 * hydrates, the browser's from when it has (and in every render that is not a hydration).
 * `subscribe` should keep its identity between renders (module level or memoised).
 */
export function useBrowserSnapshot<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
  getServerSnapshot: () => T,
): T {
  const subscribeAndSettle = useCallback(
    (onChange: () => void) => {
      settleListeners.add(onChange);
      const unsubscribe = subscribe(onChange);
      return () => {
        settleListeners.delete(onChange);
        unsubscribe();
      };
    },
    [subscribe],
  );
  // read at each call: React asks again when a listener fires, settling included
  const snapshot = useCallback(
    () => (hydrating ? getServerSnapshot() : getSnapshot()),
    [getSnapshot, getServerSnapshot],
  );
  return useSyncExternalStore(subscribeAndSettle, snapshot, getServerSnapshot);
}
