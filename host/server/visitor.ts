import { randomUUID } from 'node:crypto';
import type http from 'node:http';

const COOKIE = 'visitor_id';
const VALID = /^[0-9A-Za-z-]{8,64}$/;
const TWO_YEARS = 63_072_000;

/**
 * The visitor's id from the `visitor_id` cookie, or a new one set on this answer. The
 * server decides a canary release by this id, so it must exist from the first page on; the
 * browser's analytics code finds it in the cookie and keeps using it.
 */
export function visitorId(req: http.IncomingMessage, res: http.ServerResponse, secure: boolean): string {
  // The raw value is matched, never decoded: a valid id has no `%`, and decodeURIComponent
  // throws on a malformed escape (`%`, `%E0%A4%A`), which a cookie set from a sibling
  // subdomain could plant. Anything that is not a valid id is replaced by a new one.
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    if (VALID.test(value)) return value;
  }
  const id = randomUUID();
  res.setHeader('Set-Cookie', `${COOKIE}=${id}; Max-Age=${TWO_YEARS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`);
  return id;
}
