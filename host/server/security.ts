import { createHash } from 'node:crypto';
import { errorPageHtml } from './html.ts';

/** A CSP sha256 source for an inline element's text, as the browser hashes it (line breaks normalised by its parser). */
function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text.replace(/\r\n?/g, '\n')).digest('base64')}'`;
}

/**
 * sha256 sources for a page's inline scripts (the template's theme script; a server-rendered
 * page's starter and React's scripts), so CSP needs neither 'unsafe-inline' nor a nonce. A hash,
 * unlike a nonce, stays right for a stored page served to many shoppers, and still admits only
 * the scripts the server wrote. JSON data blocks are not scripts and need none.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/(?:ld\+)?json)[^>]*>([\s\S]*?)<\/script>/g)) {
    hashes.add(hashSource(match[1] ?? ''));
  }
  return [...hashes];
}

/** sha256 sources for a page's `<style>` elements (the stylesheets a server-rendered page has inline). */
export function inlineStyleHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)) hashes.add(hashSource(match[1] ?? ''));
  return [...hashes];
}

/**
 * Only the shop's own origin and the registered remotes may provide code, styles and
 * data; nothing may frame the shop. The counter's origin is allowed only when configured.
 */
export function securityHeaders(options: {
  remoteOrigins: string[];
  scriptHashes: string[];
  counter: boolean;
  /** Hashes of the page's inline `<style>` elements (inlineStyleHashes). */
  styleHashes?: string[];
  /** Hashes of the server-rendered HTML's style attributes (ssr.ts styleAttributeHashes). */
  styleAttributeHashes?: string[];
  /** `npm run dev`: development builds evaluate code (HMR); never set in production. */
  dev?: boolean;
}): Record<string, string> {
  const remotes = [...new Set(options.remoteOrigins)].join(' ');
  const counter = options.counter ? ' https://mc.yandex.ru https://mc.yandex.com' : '';
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${options.scriptHashes.join(' ')} ${remotes}${counter}${options.dev ? " 'unsafe-eval'" : ''}`,
    `style-src 'self' ${(options.styleHashes ?? []).join(' ')} ${remotes}`,
    ...(options.styleAttributeHashes?.length ? [`style-src-attr 'unsafe-hashes' ${options.styleAttributeHashes.join(' ')}`] : []),
    `img-src 'self' data: ${remotes}${counter}`,
    `font-src 'self' ${remotes}`,
    `connect-src 'self' ${remotes}${counter}${options.dev ? ` ${options.remoteOrigins.map((o) => o.replace(/^http/, 'ws')).join(' ')}` : ''}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ]
    .map((d) => d.replace(/\s+/g, ' ').trim())
    .join('; ');
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  };
}

/**
 * Headers every answer of the host server carries, set before any route runs (a route may
 * replace them with its own, as pages do with their full CSP). Answers that are not pages
 * (assets, JSON, robots, sitemap, errors) need no sources at all; the API's answers passed
 * through `/api/*` (the sandbox payment page among them) keep their own content and only
 * may not be framed.
 */
export function baselineHeaders(pathname: string): Record<string, string> {
  const csp = pathname.startsWith('/api/')
    ? "frame-ancestors 'none'; base-uri 'self'; object-src 'none'"
    : "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
  };
}

export function originsOf(registry: Record<string, string>): string[] {
  const origins: string[] = [];
  for (const url of Object.values(registry)) {
    try {
      origins.push(new URL(url).origin);
    } catch {
      // a relative manifest URL is served by the host itself ('self')
    }
  }
  return origins;
}

/**
 * The raw answer to a request Node refuses before any route runs (a URL or headers over the
 * 16 KB limit, a malformed request, a timeout): with a 'clientError' listener Node sends
 * nothing itself, so the shopper gets a short Russian page with the usual headers instead of
 * the browser's own error screen.
 */
export function clientErrorResponse(code: string | undefined, extraHeaders: Record<string, string> = {}): string {
  const [status, reason, text] =
    code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'Слишком длинный адрес страницы. Уберите часть фильтров или начните с главной.']
      : code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'Запрос шёл слишком долго. Обновите страницу.']
        : [400, 'Bad Request', 'Некорректный запрос. Начните с главной страницы.'];
  const body = errorPageHtml(text);
  const headers = {
    ...baselineHeaders('/'),
    ...extraHeaders,
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
  };
  return `HTTP/1.1 ${status} ${reason}\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n${body}`;
}
