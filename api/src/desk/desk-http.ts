import type { ErrorCode } from '@shop/contracts/errors';
import { errorResponse } from '@shop/server-kit';

/** What every desk route answers with: JSON or the one error shape, never cached, the session cookie. */

export const COOKIE = 'shop_desk';
export const ADMIN = '/api/admin';
/** Bodies the desk reads are small (a sign-in, a status with a note). */
export const MAX_DESK_BODY_BYTES = 16 * 1024;

export const HEADERS = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...HEADERS, ...headers } });
}

/** The one error shape of @shop/contracts/errors, with the code's status; the message is the code's unless given. */
export function error(code: ErrorCode, message?: string, headers: Record<string, string> = {}): Response {
  return errorResponse(code, message, { headers: { ...HEADERS, ...headers } });
}

export const unauthenticated = () => error('UNAUTHENTICATED');
export const orderNotFound = () => error('ORDER_NOT_FOUND');

/** The MIME type's essence must be application/json: the three form types are what a cross-site page can post without a preflight. */
const JSON_TYPE = /^\s*application\/json\s*(?:;|$)/i;

/**
 * CSRF: a change must come as JSON (a cross-site form cannot send that without a CORS
 * preflight, which the API never grants) and, when the browser names its origin, from the
 * shop's own. SameSite=Strict on the cookie is the third layer.
 */
export function csrfRefusal(request: Request, shopOrigin: string, types: RegExp = JSON_TYPE): Response | null {
  if (!types.test(request.headers.get('content-type') ?? '')) {
    return error('CSRF', 'Запрос отклонён: изменения принимаются только в формате JSON со страницы магазина');
  }
  const origin = request.headers.get('origin');
  if (origin !== null && origin !== shopOrigin) return error('CSRF');
  const site = request.headers.get('sec-fetch-site');
  if (site === 'cross-site' || site === 'same-site') return error('CSRF');
  return null;
}

export async function readBody(request: Request): Promise<Record<string, unknown> | Response> {
  if (!JSON_TYPE.test(request.headers.get('content-type') ?? '')) {
    return error('UNSUPPORTED_MEDIA_TYPE', 'Тело запроса должно быть JSON (content-type: application/json)');
  }
  const text = await request.text();
  if (text.length > MAX_DESK_BODY_BYTES) return error('PAYLOAD_TOO_LARGE', 'Тело запроса слишком большое');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return error('BAD_REQUEST', 'Тело запроса не является корректным JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return error('BAD_REQUEST', 'Ожидается JSON-объект');
  return body as Record<string, unknown>;
}


/** The session cookie: HttpOnly, SameSite=Strict, for the desk's paths only; Secure when the shop is https. */
export function sessionCookie(value: string, maxAge: number, secure: boolean): string {
  return `${COOKIE}=${value}; Path=${ADMIN}; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure ? '; Secure' : ''}`;
}

function cookieValue(request: Request, cookie: string): string | null {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === cookie) return value.join('=');
  }
  return null;
}

export function sessionToken(request: Request): string | null {
  return cookieValue(request, COOKIE);
}

/** The known-device cookie: sent only with sign-ins, kept for DEVICE_COOKIE_DAYS after the last one. */
export const DEVICE_COOKIE = 'shop_desk_device';
export const DEVICE_COOKIE_DAYS = 180;

export function deviceCookie(value: string, secure: boolean): string {
  return `${DEVICE_COOKIE}=${value}; Path=${ADMIN}/session; HttpOnly; SameSite=Strict; Max-Age=${DEVICE_COOKIE_DAYS * 86_400}${secure ? '; Secure' : ''}`;
}

export function deviceToken(request: Request): string | null {
  return cookieValue(request, DEVICE_COOKIE);
}
