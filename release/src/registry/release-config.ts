import { type OriginMap, parseOriginMap } from '@shop/contracts/origin-map';
import { REMOTES } from '@shop/contracts/remotes';

/** The release gate's settings (config.ts `release`). */
export interface ReleaseConfig {
  /**
   * Where the API reads the live host's own mf-manifest.json and mf-stats.json (the singletons
   * check compares a candidate with them): HOST_INTERNAL_URL, default SHOP_PUBLIC_URL.
   */
  hostUrl: string;
  /**
   * Origins a release's manifest may come from: RELEASE_ORIGINS (comma-separated); default the
   * remotes' origins of this configuration (each remote's port on the shop's host name, and on
   * localhost/127.0.0.1), the shop's own origin, plus (release-checks.ts) the origins of the
   * releases active now.
   */
  origins: string[];
  /** Whether RELEASE_ORIGINS was set (then the active releases' origins are not added). */
  originsExplicit: boolean;
  /**
   * Where the API itself reaches a public URL (in docker-compose the browser's localhost:3001
   * is another service inside the network): RELEASE_CHECK_ORIGIN_MAP="http://localhost:3001=http://mf-catalog:3001,…",
   * read by @shop/contracts/origin-map (a malformed map stops the start).
   */
  originMap: OriginMap;
}

export function loadReleaseConfig(env: NodeJS.ProcessEnv, publicUrl: string): ReleaseConfig {
  const hostUrl = (env.HOST_INTERNAL_URL?.trim() || publicUrl).replace(/\/+$/, '');
  const explicit = (env.RELEASE_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  const shop = new URL(publicUrl);
  const defaults = new Set<string>([shop.origin]);
  for (const remote of Object.values(REMOTES)) {
    for (const host of new Set([shop.hostname, 'localhost', '127.0.0.1'])) defaults.add(`${shop.protocol}//${host}:${remote.port}`);
  }
  const originMap = parseOriginMap(env.RELEASE_CHECK_ORIGIN_MAP);
  return { hostUrl, origins: explicit.length ? explicit : [...defaults], originsExplicit: explicit.length > 0, originMap };
}
