import { beforeEach, describe, expect, it } from 'vitest';
import { ANALYTICS_COOKIE_MAX_AGE, cookieString, readCookie } from './cookies.ts';
import { ensureVisitorId, newVisitorId } from './visitor-id.ts';

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: the code under test writes document.cookie too
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

beforeEach(() => {
  localStorage.clear();
  clearCookies();
});

describe('visitor id', () => {
  it('is a random UUID when the browser has crypto.randomUUID', () => {
    expect(newVisitorId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('falls back to timestamp and random where randomUUID is missing or throws', () => {
    const id = newVisitorId(() => 0.123456789, null);
    expect(id).toMatch(/^[0-9a-z]+-[0-9a-z]+$/);
    expect(Math.abs(Number.parseInt(id.split('-')[0] ?? '', 36) - Date.now())).toBeLessThan(5000);
    const throwing = {
      randomUUID: () => {
        throw new Error('insecure');
      },
    } as unknown as Crypto;
    expect(newVisitorId(Math.random, throwing)).toMatch(/^[0-9a-z]+-[0-9a-z]+$/);
  });

  it('is created once, stored in localStorage and a cookie, and kept on the next visit', () => {
    const first = ensureVisitorId();
    expect(first.created).toBe(true);
    expect(localStorage.getItem('visitor_id')).toBe(first.id);
    expect(readCookie('visitor_id')).toBe(first.id);
    const second = ensureVisitorId();
    expect(second).toEqual({ id: first.id, created: false, restored: false });
  });

  it('is restored from localStorage when the cookie was cleared, and vice versa', () => {
    const { id } = ensureVisitorId();
    clearCookies();
    expect(ensureVisitorId().id).toBe(id);
    localStorage.clear();
    expect(ensureVisitorId().id).toBe(id);
  });

  it('keeps the stored id when the cookie holds a new one the server set after the cookies were cleared', () => {
    const { id } = ensureVisitorId();
    clearCookies();
    // the host server's first answer to a browser without the cookie sets a new id
    // biome-ignore lint/suspicious/noDocumentCookie: simulating the server's Set-Cookie
    document.cookie = 'visitor_id=1b4e28ba-2fa1-11d2-883f-0016d3cca427; Path=/';
    const again = ensureVisitorId();
    expect(again).toEqual({ id, created: false, restored: true });
    expect(localStorage.getItem('visitor_id')).toBe(id);
    expect(readCookie('visitor_id')).toBe(id);
    expect(ensureVisitorId()).toEqual({ id, created: false, restored: false });
  });

  it('ignores a malformed stored id', () => {
    localStorage.setItem('visitor_id', '<script>');
    expect(ensureVisitorId()).toMatchObject({ created: true });
  });
});

describe('analytics cookies', () => {
  it('last two years on the whole site, SameSite=Lax, Secure only over https', () => {
    expect(ANALYTICS_COOKIE_MAX_AGE).toBe(63_072_000);
    expect(cookieString('visitor_id', 'abc', false)).toBe('visitor_id=abc; Max-Age=63072000; Path=/; SameSite=Lax');
    expect(cookieString('visitor_id', 'abc', true)).toBe('visitor_id=abc; Max-Age=63072000; Path=/; SameSite=Lax; Secure');
  });

  it('reads a cookie among others and survives bad encoding', () => {
    expect(readCookie('b', 'a=1; b=two%20words; c=3')).toBe('two words');
    expect(readCookie('b', 'b=%E0%A4%A')).toBeUndefined();
    expect(readCookie('x', 'a=1')).toBeUndefined();
  });
});
