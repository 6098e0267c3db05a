/**
 * Where the owner's orders desk lives: `/admin` and everything under it. The host server serves
 * these paths itself (never through the page resolver) and the entry loads the desk's own
 * chunk instead of the storefront (index.ts). No React here: the entry imports it statically.
 */
export const DESK_ROOT = '/admin';

export function isDeskPath(pathname: string): boolean {
  return pathname === DESK_ROOT || pathname.startsWith(`${DESK_ROOT}/`);
}

export const DESK_PATHS = {
  orders: `${DESK_ROOT}/orders`,
  catalog: `${DESK_ROOT}/catalog`,
  signIn: `${DESK_ROOT}/login`,
  order: (number: string) => `${DESK_ROOT}/orders/${encodeURIComponent(number)}`,
} as const;

/**
 * Where to go after signing in: only a desk path of this site (the `next` parameter is
 * user-controlled: `//evil`, `/\evil`, `https://…` or a storefront path fall back to the list).
 */
export function safeNext(next: string | null | undefined): string {
  const path = next?.split(/[?#]/)[0] ?? '';
  if (!next || !isDeskPath(path) || /\/\.\.?(\/|$)/.test(path) || /[\\\p{Cc}]/u.test(next) || path === DESK_PATHS.signIn) {
    return DESK_PATHS.orders;
  }
  return next;
}
