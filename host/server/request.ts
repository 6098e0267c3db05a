import type http from 'node:http';

/**
 * What the host server takes from a request line and its Host header, checked before any
 * route runs. A request that does not fit is answered 400 and never parsed further.
 *
 * Own checks rather than a library: the grammars are two lines of RFC 9110/3986, and what
 * matters is what they refuse (absolute-form targets, an authority smuggled in as `//x`, a
 * Host that `new URL` would choke on), which no URL parser refuses for us.
 */

// host = reg-name (DNS labels; `_` for local service names) or an IPv6 literal, optional port.
// IPv4 addresses are reg-names by this grammar. Non-ASCII, spaces, `%`, `@`, `<` … never match.
const HOST = /^(?:[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?(?:\.[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?)*\.?|\[[0-9A-Fa-f:.]{2,45}\])(?::(\d{1,5}))?$/;

export function validHost(value: string): boolean {
  if (value.length > 260) return false;
  const match = HOST.exec(value);
  if (!match) return false;
  const port = match[1];
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
}

/** The fixed base request paths are parsed against: never the Host header, never used as an origin. */
const BASE = 'http://host.invalid';

export type RequestTarget =
  | { kind: 'path'; pathname: string; search: string }
  /** `OPTIONS *`: a question about the server, not about a resource. */
  | { kind: 'server' }
  | { kind: 'bad'; reason: string };

/**
 * The request's path and query. Only origin-form targets (`/path?query`) are served; an
 * absolute-form (`http://other/…`), authority-form or scheme-relative (`//other/…`) target is
 * refused, so no route can be pointed at another host. The path is parsed by concatenation
 * with a fixed base, never resolved against it, so nothing in it can become a host.
 */
export function requestTarget(req: http.IncomingMessage): RequestTarget {
  const host = req.headers.host;
  // HTTP/1.1 requires exactly one valid Host (Node already refuses a missing one and keeps only
  // the first of several); HTTP/1.0 may omit it.
  let hosts = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]?.toLowerCase() === 'host') hosts += 1;
  if (hosts > 1 || (host === undefined ? req.httpVersion !== '1.0' : !validHost(host))) return { kind: 'bad', reason: 'host' };
  const target = req.url ?? '';
  if (target === '*' && req.method === 'OPTIONS') return { kind: 'server' };
  // `//x/…` is refused too: it is how a scheme-relative URL smuggles a host into a request
  // line, and no link of the shop produces it.
  if (!target.startsWith('/') || target.startsWith('//')) return { kind: 'bad', reason: 'target' };
  try {
    const url = new URL(BASE + target);
    // `/\x` is `//x` to a URL parser (and to browsers): the same smuggled host.
    if (url.origin !== BASE || url.pathname.startsWith('//')) return { kind: 'bad', reason: 'target' };
    return { kind: 'path', pathname: url.pathname, search: url.search };
  } catch {
    return { kind: 'bad', reason: 'target' };
  }
}
