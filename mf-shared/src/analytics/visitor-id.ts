import { readCookie, writeCookie } from './cookies.ts';

export const VISITOR_ID_KEY = 'visitor_id';

/** A random UUID, or a timestamp-and-random id where `crypto.randomUUID` is missing (old browsers, plain http). */
export function newVisitorId(random: () => number = Math.random, crypto: Pick<Crypto, 'randomUUID'> | null = globalThis.crypto ?? null): string {
  if (typeof crypto?.randomUUID === 'function') {
    try {
      return crypto.randomUUID();
    } catch {
      // insecure context: fall through
    }
  }
  return `${Date.now().toString(36)}-${random().toString(36).slice(2, 12)}${random().toString(36).slice(2, 12)}`;
}

const VALID = /^[0-9A-Za-z-]{8,64}$/;

function storedId(): string | undefined {
  try {
    const id = localStorage.getItem(VISITOR_ID_KEY) ?? undefined;
    return id && VALID.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The visitor's id: from localStorage, else from the cookie, else a new one. Whatever is
 * found is written back to both, so either store alone restores it.
 *
 * localStorage comes first: the host server sets a new `visitor_id` cookie on its first
 * answer to a browser without one (host/server/visitor.ts), so when only the cookie was
 * cleared the page finds a fresh server-made id there, while the visitor's own id is still
 * in localStorage. That id is kept and the cookie set back to it; `restored` then says the
 * server answered this page for another id (its canary choice, the inline registry, was made
 * for that id and should be asked again).
 */
export function ensureVisitorId(): { id: string; created: boolean; restored: boolean } {
  const cookie = readCookie(VISITOR_ID_KEY);
  const fromCookie = cookie && VALID.test(cookie) ? cookie : undefined;
  const stored = storedId();
  const found = stored ?? fromCookie;
  const created = !found;
  const value = found ?? newVisitorId();
  try {
    if (stored !== value) localStorage.setItem(VISITOR_ID_KEY, value);
  } catch {
    // storage may be unavailable; the cookie still carries it
  }
  writeCookie(VISITOR_ID_KEY, value);
  return { id: value, created, restored: fromCookie !== undefined && fromCookie !== value };
}
