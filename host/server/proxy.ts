import { CATALOG_UPLOAD_MAX_BYTES } from '@shop/contracts/desk';
import type http from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import httpProxy from '@fastify/http-proxy';
import { CATALOG_VERSION } from '@shop/contracts/pages';
import { isReleasePlanePath } from '@shop/contracts/release-plane';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
  // the catalogue version between the host and an API replica (catalog-version.ts), never a shopper's
  'x-catalog-version',
]);

/**
 * The API's body cap (api/src/http/body-limit.ts: 100 KB on every route but /api/ops/, 1 MB there,
 * and the owner's catalogue upload, CATALOG_UPLOAD_MAX_BYTES).
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
function refuse(reply: FastifyReply, status: number, code: ErrorCode, message: string, extra: Record<string, string> = {}) {
  return reply
    .code(status)
    .headers({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...extra })
    .send(JSON.stringify(errorBody(code, message)));
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

export interface ProxyOptions {
  apiUrl: string;
  /** The release service's origin: the release plane's paths (`isReleasePlanePath`) go there. */
  releaseUrl: string;
  allowOps: boolean;
  /** Hears the catalogue version the API answered from (an order through this host that sold a size out raises it). */
  onCatalogVersion?: (version: number) => void;
}

const bodyCap = (pathname: string) => {
  if (/^\/api\/admin\/catalog(?:[/?]|$)/.test(pathname)) return CATALOG_UPLOAD_MAX_BYTES;
  return /^\/api\/ops(?:\/|$)/i.test(pathname) ? OPS_BODY_CAP : BODY_CAP;
};
const tooLarge = (reply: FastifyReply, cap: number) =>
  refuse(reply, 413, 'PAYLOAD_TOO_LARGE', `Тело запроса больше ${Math.round(cap / 1024)} КБ`, { connection: 'close' });
/** Set on a request whose body passed its cap while streaming to the upstream. */
const overCap = new WeakSet<http.IncomingMessage>();

/**
 * What the proxy refuses before any route runs and before any byte of the body is read:
 * a method the API does not answer, a path that would turn into another one there (or ops
 * without `allowOps`), a declared body over the cap. Answers the refusal and returns true.
 */
export function refuseApiRequest(options: ProxyOptions, pathname: string, search: string, reply: FastifyReply): boolean {
  const req = reply.request.raw;
  const methods = pathname.startsWith('/api/admin/') ? DESK_METHODS : METHODS;
  if (!methods.has(req.method ?? '')) {
    refuse(reply, 405, 'METHOD_NOT_ALLOWED', 'Метод не поддерживается', { allow: [...methods].join(', ') });
    return true;
  }
  const checked = apiPath(pathname, search, options.allowOps);
  if (!checked.ok) {
    refuse(reply, checked.status, checked.code, checked.message);
    return true;
  }
  // whatever the request line says, the proxy talks to the configured origins and nothing else
  const origin = isReleasePlanePath(pathname) ? options.releaseUrl : options.apiUrl;
  if (new URL(origin + checked.path).origin !== origin) {
    refuse(reply, 400, 'BAD_REQUEST', 'Некорректный адрес запроса');
    return true;
  }
  const cap = bodyCap(pathname);
  const declared = Number(req.headers['content-length'] ?? 0);
  if (!Number.isFinite(declared) || declared > cap) {
    tooLarge(reply, cap);
    return true;
  }
  return false;
}

/**
 * The body as it streams to the upstream, counted: past the cap the upload stops, the
 * upstream request fails and `onError` answers 413 while the client is still sending. Piped
 * by hand, not with `pipeline`, which would destroy the client's request (and so the 413).
 */
function cappedBody(request: FastifyRequest) {
  const body = request.body as Readable | undefined;
  if (!body || typeof body.pipe !== 'function') return;
  const cap = bodyCap(request.url);
  const counted = new PassThrough();
  let received = 0;
  body.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received <= cap) return;
    overCap.add(request.raw);
    body.unpipe(counted);
    counted.destroy(new Error('request body over the cap'));
  });
  body.on('aborted', () => counted.destroy(new Error('client went away')));
  body.on('error', (error) => counted.destroy(error));
  body.pipe(counted);
  request.body = counted;
}

function forwardedFor(req: http.IncomingMessage): string {
  return [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
}

/**
 * Forwards `/api/*` so the browser talks to one origin (no CORS, one CSP `connect-src 'self'`):
 * the release plane's paths to the release service, everything else to the API. Requests
 * reach it only after `refuseApiRequest` (the host's gate) let them through. The body
 * streams through as it arrives; answers stream back.
 *
 * Node's http client rather than reply-from's default (undici): undici's pool is tied to the
 * one `upstream` origin and would send release paths to the API.
 */
export async function apiProxy(app: FastifyInstance, options: ProxyOptions) {
  // Fastify's own parsers (JSON, text/plain) would read a body before the proxy sees it; the
  // plugin's pass-through parser takes every type, so each body streams on unread.
  app.removeAllContentTypeParsers();
  await app.register(httpProxy, {
    upstream: options.apiUrl,
    prefix: '/api',
    rewritePrefix: '/api',
    httpMethods: [...DESK_METHODS],
    // reply-from turns certificate checks off unless told otherwise: an https upstream is verified.
    // The agent's own timeout makes Node honour the upstream's `Keep-Alive: timeout=N` hint
    // (Node 20 applies the hint only below a non-zero agent timeout): an idle connection is closed
    // here a second before the API closes it, instead of being reused as it closes, which was a
    // POST /api/graphql answered 502 (ECONNRESET) now and then.
    http: { agentOptions: { timeout: 60_000 }, requestOptions: { timeout: 30_000, rejectUnauthorized: true } },
    disableRequestLogging: true,
    internalRewriteLocationHeader: false,
    preHandler: async (request) => cappedBody(request),
    replyOptions: {
      // One retry of a GET, HEAD or OPTIONS without a body whose kept-alive connection the
      // upstream closed as it was reused (ECONNRESET); also turns off reply-from's default of
      // retrying an upstream's 503 up to ten times.
      retriesCount: 1,
      getUpstream: (request) => (isReleasePlanePath(request.url.split('?')[0] ?? '') ? options.releaseUrl : options.apiUrl),
      // the plugin's types cover HTTP/2 as well; this server is HTTP/1.1 only
      rewriteRequestHeaders: (request, headers) => {
        const req = request.raw as http.IncomingMessage;
        return { ...forwardable(req.headers), host: headers.host, 'x-forwarded-for': forwardedFor(req) } as http.IncomingHttpHeaders;
      },
      rewriteHeaders: (headers) => {
        const version = Number(headers[CATALOG_VERSION.header]);
        if (Number.isSafeInteger(version)) options.onCatalogVersion?.(version);
        return forwardable(headers as http.IncomingHttpHeaders) as http.IncomingHttpHeaders;
      },
      onError: (anyReply, { error }) => {
        const reply = anyReply as FastifyReply;
        if (overCap.has(reply.request.raw)) return void tooLarge(reply, bodyCap(reply.request.url));
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        console.error(`[host] proxy: ${reply.request.method} ${reply.request.url.split('?')[0]}: ${cause?.code ?? ''} ${cause?.message ?? error.message}`);
        refuse(reply, 502, 'API_UNAVAILABLE', errorMessage('API_UNAVAILABLE'));
      },
    },
  });
}
