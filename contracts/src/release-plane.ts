/**
 * The release plane's public paths. The release service (registry, uploads, previews, health
 * reports from browsers) answers these; the catalogue API answers every other `/api/` path.
 * The host's proxy and its registry reader send these paths to the release service's origin.
 */
export const RELEASE_PLANE_PATHS = {
  /** The active and canary release of each remote, read by the host per visitor. */
  registry: '/api/registry',
  /** Ops and team-token operations: releases, checks, activation, canaries, tokens, uploads, previews. */
  ops: '/api/ops/registry',
  /** Browsers report how each remote mounted (per release). */
  telemetry: '/api/telemetry/',
  /** Health per release, as ops and the canary watcher read it. */
  health: '/api/health/remotes',
} as const;

/** Whether a request path belongs to the release service rather than the catalogue API. */
export function isReleasePlanePath(pathname: string): boolean {
  const { registry, ops, telemetry, health } = RELEASE_PLANE_PATHS;
  return (
    pathname === registry ||
    pathname === ops ||
    pathname.startsWith(`${ops}/`) ||
    pathname.startsWith(telemetry) ||
    pathname === health
  );
}

/**
 * With REDIS_URL, the release service publishes a remote's name on this Redis channel after every
 * change of its active or canary release; host servers subscribed to it read the registry again at
 * once instead of waiting for their cache to expire.
 */
export const REGISTRY_CHANGED_CHANNEL = 'shop:registry-changed';
