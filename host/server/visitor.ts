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
export function visitorId(req: http.IncomingMessage, res: http.ServerResponse): string {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === COOKIE) {
      const value = decodeURIComponent(rest.join('='));
      if (VALID.test(value)) return value;
    }
  }
  const id = randomUUID();
  const secure = req.headers['x-forwarded-proto'] === 'https' ? '; Secure' : '';
  res.setHeader('Set-Cookie', `${COOKIE}=${id}; Max-Age=${TWO_YEARS}; Path=/; SameSite=Lax${secure}`);
  return id;
}
