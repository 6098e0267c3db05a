/**
 * RELEASE_CHECK_ORIGIN_MAP, read once for every process that reaches the shop's public URLs from
 * inside its network: the release service's checks and the smoke's browser (release/src/registry/), the
 * host's page server and its server renderer (host/server/config.ts, host/src/ssr/remote-loader.ts),
 * the remotes CLI (scripts/remotes/). In docker-compose the browser's http://localhost:3001 is
 * http://mf-catalog:3001 inside the network; the URLs themselves stay public (pages, registries,
 * manifests and CSPs name them), only the request goes to the internal origin.
 *
 * Format: `public=internal,public=internal,…`, each side an http(s) origin (a trailing slash is
 * allowed, a path is not), each public origin once. A malformed map is refused with the entry
 * that is wrong: a typo must not silently leave a service unreachable.
 */

/** `[public origin, internal origin]` pairs, as `parseOriginMap` returns them. */
export type OriginMap = readonly (readonly [from: string, to: string])[];

const NAME = 'RELEASE_CHECK_ORIGIN_MAP';

/** The origin `text` names (scheme and host lower-cased, a default port dropped), or why it is not one. */
function origin(text: string): string | { problem: string } {
  let url: InstanceType<typeof URL>;
  try {
    url = new URL(text);
  } catch {
    return { problem: 'is not a URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { problem: 'is not an http(s) origin' };
  if (url.username || url.password) return { problem: 'carries a user name or password' };
  if (url.pathname !== '/' || url.search || url.hash || /[?#]/.test(text)) {
    return { problem: 'has a path, a query or a fragment (an origin is mapped whole)' };
  }
  return url.origin;
}

/**
 * The pairs of a `public=internal,…` map (empty or unset: no pairs). Throws an Error naming the
 * variable and the bad entry when an entry is not `origin=origin`, a side is not an http(s)
 * origin or a public origin comes twice.
 */
export function parseOriginMap(text: string | undefined): [from: string, to: string][] {
  const pairs: [string, string][] = [];
  for (const entry of (text ?? '').split(',')) {
    if (!entry.trim()) continue;
    const sides = entry.split('=').map((side) => side.trim());
    if (sides.length !== 2 || !sides[0] || !sides[1]) {
      throw new Error(`${NAME}: «${entry.trim()}» is not public-origin=internal-origin`);
    }
    const [from, to] = sides.map((side) => {
      const parsed = origin(side);
      if (typeof parsed !== 'string') throw new Error(`${NAME}: «${side}» ${parsed.problem}`);
      return parsed;
    }) as [string, string];
    if (pairs.some(([seen]) => seen === from)) throw new Error(`${NAME}: the public origin ${from} is mapped twice`);
    pairs.push([from, to]);
  }
  return pairs;
}

/**
 * Where `url` (absolute) is reached from inside: its public origin replaced by the internal one,
 * path, query and fragment kept; a URL of no mapped origin is returned as it is. An origin maps
 * whole: http://localhost:3000 is not http://localhost:30001.
 */
export function internalUrl(map: OriginMap, url: string): string {
  for (const [from, to] of map) {
    if (url.startsWith(from) && /^(?:$|[/?#])/.test(url.charAt(from.length))) return to + url.slice(from.length);
  }
  return url;
}
