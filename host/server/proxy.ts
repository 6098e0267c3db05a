import http from 'node:http';
import https from 'node:https';
import { type ErrorCode, errorBody, errorMessage } from '@shop/contracts/errors';

/**
 * Connection-level headers (RFC 9110 §7.6.1) describe one hop and are never passed on; nor is
 * the client's Host (the request goes to the API's) or what a client may claim about earlier
 * hops besides X-Forwarded-For, which the host extends and the API reads from the right.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'expect',
  'host',
  'forwarded',
  'x-forwarded-host',
  'x-forwarded-proto',
]);

/**
 * The API's body cap (api/src/http/body-limit.ts: 100 KB on every route but /api/ops/, 1 MB there).
 * The proxy enforces the same numbers itself, so an oversized upload is answered 413 here at
 * once instead of depending on how the API's early refusal races the rest of the upload (the
 * API closes such a connection, which the proxy would otherwise report as 502, API down).
 */
const BODY_CAP = 100 * 1024;
const OPS_BODY_CAP = 1024 * 1024;

/** Methods the API answers (GraphQL GET/POST, the sandbox's form post, CORS preflight). */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'OPTIONS']);
/** The orders desk's routes also take DELETE (sign-out: DELETE /api/admin/session). */
const DESK_METHODS = new Set([...METHODS, 'DELETE']);

function forwardable(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());
  const out: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name) && !named.includes(name)) out[name] = value;
  }
  return out;
}

/** The API's one error shape (@shop/contracts/errors), so a client reads the proxy's refusals like the API's. */
function refuse(res: http.ServerResponse, status: number, code: ErrorCode, message: string, extra: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...extra });
  res.end(JSON.stringify(errorBody(code, message)));
}

export type ApiPath = { ok: true; path: string } | { ok: false; status: 400 | 404; code: ErrorCode; message: string };

/**
 * The path the proxy may send to the API, from the request's already parsed path (see
 * request.ts). Decoded once to look at what the API will see: `%2f`, `%5c`, `%2e%2e` or NUL
 * that would turn into another segment or another path there are refused, and so is
 * `/api/ops/*` (the ops tooling talks to the API directly) unless `allowOps`.
 */
export function apiPath(pathname: string, search: string, allowOps: boolean): ApiPath {
  const bad = { ok: false as const, status: 400 as const, code: 'BAD_REQUEST' as const, message: 'Некорректный адрес запроса' };
  if (!pathname.startsWith('/api/')) return bad;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return bad;
  }
  if (/[\\\0]|\/\/|\/\.\.?(?:\/|$)/.test(decoded) || !decoded.startsWith('/api/')) return bad;
  if (!allowOps && /^\/api\/ops(?:\/|$)/i.test(decoded)) return { ok: false, status: 404, code: 'NOT_FOUND', message: 'Не найдено' };
  return { ok: true, path: pathname + search };
}

/**
 * Forwards `/api/*` to the API so the browser talks to one origin (no CORS, one CSP
 * `connect-src 'self'`). A plain stream pipe: the host needs no more than that, and a
 * production setup may put a real reverse proxy in front instead.
 *
 * The upstream URL is the configured API origin plus the checked path, and its origin is
 * compared with the configured one before any connection is made: whatever the request
 * line says, the proxy talks to the API and nothing else.
 */
export function proxyToApi(
  api: { origin: string; allowOps: boolean },
  target: { pathname: string; search: string },
  req: http.IncomingMessage,
  res: http.ServerResponse,
): void {
  const methods = target.pathname.startsWith('/api/admin/') ? DESK_METHODS : METHODS;
  if (!methods.has(req.method ?? '')) return void refuse(res, 405, 'METHOD_NOT_ALLOWED', 'Метод не поддерживается', { allow: [...methods].join(', ') });
  const checked = apiPath(target.pathname, target.search, api.allowOps);
  if (!checked.ok) return void refuse(res, checked.status, checked.code, checked.message);
  const upstreamUrl = new URL(api.origin + checked.path);
  if (upstreamUrl.origin !== api.origin) return void refuse(res, 400, 'BAD_REQUEST', 'Некорректный адрес запроса');
  const cap = /^\/api\/ops(?:\/|$)/i.test(target.pathname) ? OPS_BODY_CAP : BODY_CAP;
  const tooLarge = () => refuse(res, 413, 'PAYLOAD_TOO_LARGE', `Тело запроса больше ${Math.round(cap / 1024)} КБ`, { connection: 'close' });
  const declared = Number(req.headers['content-length'] ?? 0);
  if (!Number.isFinite(declared) || declared > cap) return void tooLarge();
  const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
  const client = upstreamUrl.protocol === 'https:' ? https : http;
  // set once the API has answered or the proxy has refused: a later upstream error changes nothing
  let settled = false;
  const upstream = client.request(
    upstreamUrl,
    {
      method: req.method,
      headers: { ...forwardable(req.headers), 'x-forwarded-for': forwardedFor },
      timeout: 30_000,
    },
    (answer) => {
      if (settled) return void answer.resume();
      settled = true;
      res.writeHead(answer.statusCode ?? 502, forwardable(answer.headers));
      answer.on('aborted', () => res.destroy());
      answer.pipe(res);
    },
  );
  upstream.on('timeout', () => upstream.destroy(new Error('API timeout')));
  upstream.on('error', () => {
    if (settled) return;
    settled = true;
    if (res.headersSent) return void res.destroy();
    refuse(res, 502, 'API_UNAVAILABLE', errorMessage('API_UNAVAILABLE'));
  });
  let received = 0;
  req.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received <= cap || settled) return;
    settled = true;
    req.unpipe(upstream);
    upstream.destroy();
    if (!res.headersSent) tooLarge();
  });
  req.pipe(upstream);
}
