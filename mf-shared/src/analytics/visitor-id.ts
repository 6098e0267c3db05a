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

/**
 * The visitor's id: from the cookie, else from localStorage, else a new one. Whatever is
 * found is written back to both, so either store alone restores it.
 */
export function ensureVisitorId(): { id: string; created: boolean } {
  let id = readCookie(VISITOR_ID_KEY);
  if (!id || !VALID.test(id)) {
    try {
      id = localStorage.getItem(VISITOR_ID_KEY) ?? undefined;
    } catch {
      id = undefined;
    }
  }
  const created = !id || !VALID.test(id);
  const value = created ? newVisitorId() : (id as string);
  try {
    localStorage.setItem(VISITOR_ID_KEY, value);
  } catch {
    // storage may be unavailable; the cookie still carries it
  }
  writeCookie(VISITOR_ID_KEY, value);
  return { id: value, created };
}
