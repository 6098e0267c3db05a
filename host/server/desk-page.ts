import { escapeHtml } from './html.ts';

/**
 * The orders desk's page (`/admin…`, host/src/desk): served by the host server itself, never
 * asked of the page resolver (which knows only the shop's pages and would answer 404). The
 * HTML holds no order data and no session check: the desk's data comes from /api/admin/*,
 * which checks the session cookie on every request (the cookie's Path is /api/admin, so the
 * page request does not even carry it). Never cached, never indexed, no analytics.
 */
export function deskHead(shopName: string): string {
  return [
    `<title>Заказы — ${escapeHtml(shopName)}</title>`,
    '<meta name="robots" content="noindex, nofollow" data-meta>',
    '<meta name="referrer" content="same-origin">',
  ].join('\n    ');
}

export const DESK_HEADERS = {
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex, nofollow',
  // Order numbers are in the desk's addresses: no other site learns them from a Referer.
  'referrer-policy': 'same-origin',
} as const;
