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

/**
 * The host's /registry.json names the host's build in this header (a hash of its page template
 * and public settings): the release smoke reuses a recent pass only on the same host build.
 */
export const HOST_BUILD_HEADER = 'x-shop-build';

/**
 * A release's version: its package's semver, with the build in the build metadata
 * (`0.1.0+20261130012233-3fa9c1`). Two builds of one package version differ only in metadata,
 * so neither claims to be newer than the other; the registry orders releases by when they were
 * published. A pre-release tag (`0.2.0-rc.1+…`) stays possible. At most 64 characters, which
 * keeps it a safe folder name, URL path segment and storage key. (The semver grammar without
 * its leading-zero rule for numeric pre-release identifiers, which no build here writes.)
 */
export const RELEASE_VERSION =
  /^(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;
export const RELEASE_VERSION_MAX = 64;

export function isReleaseVersion(value: unknown): value is string {
  return typeof value === 'string' && value.length <= RELEASE_VERSION_MAX && RELEASE_VERSION.test(value);
}

/** `<package version>+<build id>`: a build's release version; throws on a build id semver cannot carry. */
export function releaseVersion(packageVersion: string, buildId: string): string {
  const version = `${packageVersion.split('+')[0]}+${buildId}`;
  if (!isReleaseVersion(version)) {
    throw new Error(
      `«${version}» is no release version: the build id may hold letters, digits, dashes and single dots, and the whole at most ${RELEASE_VERSION_MAX} characters`,
    );
  }
  return version;
}

/** The release a manifest URL names (`…/<version>/<file>`, how releases are served), or undefined. */
export function releaseVersionOfUrl(url: string | undefined): string | undefined {
  const segment = url ? /\/([^/?#]{1,200})\/[^/?#]+(?:[?#].*)?$/.exec(url)?.[1] : undefined;
  if (!segment) return undefined;
  let version: string;
  try {
    version = decodeURIComponent(segment);
  } catch {
    return undefined;
  }
  return isReleaseVersion(version) ? version : undefined;
}

/**
 * Where a release's manifest is served: `<base>/<version>/mf-manifest.json`, the `+` written as
 * `%2B` (S3 and CDNs in front of it read a bare `+` in a path as a space). Static servers decode
 * it back to the folder's name; the remote's chunks load relative to this URL.
 */
export function releaseManifestUrl(base: string, version: string): string {
  return `${base.replace(/\/+$/, '')}/${encodeURIComponent(version)}/mf-manifest.json`;
}
