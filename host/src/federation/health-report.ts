/**
 * Health per release, the browser's half: each remote module mount is counted as `view` (it
 * rendered), `load` (its manifest, entry or a file failed to load) or `render` (it threw: the
 * slot's error boundary), with the remote, the release the page used (the registry entry's
 * version) and the page type, and sent to the API in small batches (a short timer, and on
 * pagehide / hidden tab) with `navigator.sendBeacon`. Nothing about the shopper is sent: no
 * ids, no addresses, no URL, so no analytics consent is asked for this technical telemetry.
 * Written here, not with a library: it is a counter map and one beacon (~0.5 KB).
 */
export const HEALTH_PATH = '/api/telemetry/remotes';
/** How long reports gather before they are sent (a page's first mounts go in one beacon). */
export const FLUSH_MS = 5000;
/** The release service's bounds (release/src/registry/health-routes.ts): lines per batch and count per line. */
const MAX_ITEMS = 50;
const MAX_COUNT = 100;

export type HealthKind = 'view' | 'load' | 'render';

const pending = new Map<string, number>();
const loadFailures = new WeakSet<object>();
let timer: ReturnType<typeof setTimeout> | undefined;
let pageType = 'NOT_FOUND';
let listening = false;

/** The page type the router shows now (PageRouter sets it); reports carry it. */
export function setHealthPage(type: string): void {
  pageType = type;
}

/** Counts one mount of `remote` at `version` (a remote the registry does not name is not reported). */
export function reportRemote(remote: string, version: string | undefined, kind: HealthKind): void {
  if (!version) return;
  const key = `${remote} ${version} ${pageType} ${kind}`;
  if (!pending.has(key) && pending.size >= MAX_ITEMS) flushHealth();
  pending.set(key, Math.min((pending.get(key) ?? 0) + 1, MAX_COUNT));
  if (!listening) {
    listening = true;
    addEventListener('pagehide', flushHealth);
    document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flushHealth());
  }
  timer ??= setTimeout(flushHealth, FLUSH_MS);
}

/** A module that failed to load: counted as `load`, and not again as `render` when the boundary catches it. */
export function reportLoadFailure(remote: string, version: string | undefined, error: unknown): void {
  if (typeof error === 'object' && error !== null) loadFailures.add(error);
  reportRemote(remote, version, 'load');
}

/** What the slot's error boundary caught: a render error (true) unless it was the load failure already counted. */
export function reportBoundaryError(remote: string, version: string | undefined, error: unknown): boolean {
  if (typeof error === 'object' && error !== null && loadFailures.has(error)) return false;
  reportRemote(remote, version, 'render');
  return true;
}

/** Sends what is pending in one beacon; nothing pending, nothing sent. */
export function flushHealth(): void {
  clearTimeout(timer);
  timer = undefined;
  if (!pending.size) return;
  const items = [...pending].map(([key, count]) => {
    const [remote, version, page, kind] = key.split(' ');
    return { remote, version, page, kind, count };
  });
  pending.clear();
  const body = JSON.stringify({ items });
  try {
    if (navigator.sendBeacon?.(HEALTH_PATH, new Blob([body], { type: 'application/json' }))) return;
  } catch {
    // a beacon refused (too large, no support): fall through to fetch
  }
  fetch(HEALTH_PATH, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'application/json' } }).catch(() => {});
}
