import { type ErrorCode, errorMessage } from '@shop/contracts/errors';
import { type DeskUser, MAX_SESSION_HOURS, ROLE_TITLES, createSession, deleteSession, findUserByEmail, normalizeEmail, sessionUser } from '../accounts/account-repo.ts';
import { MAX_PASSWORD_LENGTH, checkPassword, warmDummyHash } from '../accounts/passwords.ts';
import type { Config } from '../config.ts';
import { type Db, isDatabaseUnavailable } from '../db/database.ts';
import { createRateLimit, errorResponse, opsDisabled, type RateLimit, rateLimitKey } from '@shop/server-kit';
import type { OrderHooks } from '../orders/order-hooks.ts';
import { changeOrderStatus } from '../orders/order-lifecycle.ts';
import type { OrderActor } from '../orders/order-status.ts';
import { isOrderStatus } from '../orders/order-status.ts';
import { checkOpsToken } from '../util/ops-token.ts';
import { BOM, csvLine } from './csv.ts';
import { SIGN_IN_WINDOW_MS } from './desk-config.ts';
import {
  FilterError,
  type Viewer,
  allOrders,
  deliveryTitle,
  listOrders,
  moscowDate,
  moscowDateTime,
  orderDetail,
  orderIdByNumber,
  parseFilter,
  paymentTitle,
  seesPersonalData,
  statusTitle,
} from './desk-orders.ts';

export const COOKIE = 'shop_desk';
const ADMIN = '/api/admin';
const OPS = '/api/ops/orders';
/** Bodies the desk reads are small (a sign-in, a status with a note). */
export const MAX_DESK_BODY_BYTES = 16 * 1024;
export const MAX_NOTE_LENGTH = 500;

/** The paths this module answers (app.ts routes them here before the registry's /api/ops/). */
export function isDeskPath(path: string): boolean {
  return path.startsWith(`${ADMIN}/`) || path === OPS || path === `${OPS}.csv` || path.startsWith(`${OPS}/`);
}

const HEADERS = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...HEADERS, ...headers } });
}

/** The one error shape of @shop/contracts/errors, with the code's status; the message is the code's unless given. */
function error(code: ErrorCode, message?: string, headers: Record<string, string> = {}): Response {
  return errorResponse(code, message, { headers: { ...HEADERS, ...headers } });
}

const unauthenticated = () => error('UNAUTHENTICATED');
const orderNotFound = () => error('ORDER_NOT_FOUND');

/** The MIME type's essence must be application/json: the three form types are what a cross-site page can post without a preflight. */
const JSON_TYPE = /^\s*application\/json\s*(?:;|$)/i;

export interface DeskOptions {
  db: Db;
  config: Config;
  /** The order hooks createApi built (mail outbox…); read at each status change, so later pushes count. */
  hooks: readonly OrderHooks[];
  /** The ops routes' shared wrong-token lockout (limiters.opsFailures). */
  opsFailures: RateLimit;
}

export interface Desk {
  /** Answers a request to a path isDeskPath accepts; `ip` is the trusted client address (client-ip.ts). */
  handle(request: Request, url: URL, ip: string): Promise<Response>;
  /** Failed sign-ins per e-mail and per client (tests reset them). */
  signInFailures: { byEmail: RateLimit; byEmailTotal: RateLimit; byClient: RateLimit };
}

export function createDesk(options: DeskOptions): Desk {
  const { db, config } = options;
  const deskConfig = config.desk;
  const secure = config.shopPublicUrl.startsWith('https:');
  const shopOrigin = new URL(config.shopPublicUrl).origin;
  warmDummyHash();
  const signInFailures = {
    // keyed by e-mail and client together (see DeskConfig.signInEmailLimit)
    byEmail: createRateLimit({ name: 'desk-signin-pair', limit: deskConfig.signInEmailLimit, windowMs: SIGN_IN_WINDOW_MS }),
    byEmailTotal: createRateLimit({ name: 'desk-signin-email', limit: deskConfig.signInEmailTotalLimit, windowMs: SIGN_IN_WINDOW_MS }),
    byClient: createRateLimit({ name: 'desk-signin-client', limit: deskConfig.signInIpLimit, windowMs: SIGN_IN_WINDOW_MS }),
  };

  const cookie = (value: string, maxAge: number) =>
    `${COOKIE}=${value}; Path=${ADMIN}; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure ? '; Secure' : ''}`;
  const clearCookie = () => cookie('', 0);

  function sessionToken(request: Request): string | null {
    for (const part of (request.headers.get('cookie') ?? '').split(';')) {
      const [name, ...value] = part.trim().split('=');
      if (name === COOKIE) return value.join('=');
    }
    return null;
  }

  /**
   * CSRF: a change must come as JSON (a cross-site form cannot send that without a CORS
   * preflight, which the API never grants) and, when the browser names its origin, from the
   * shop's own. SameSite=Strict on the cookie is the third layer.
   */
  function csrfRefusal(request: Request): Response | null {
    if (!JSON_TYPE.test(request.headers.get('content-type') ?? '')) {
      return error('CSRF', 'Запрос отклонён: изменения принимаются только в формате JSON со страницы магазина');
    }
    const origin = request.headers.get('origin');
    if (origin !== null && origin !== shopOrigin) return error('CSRF');
    const site = request.headers.get('sec-fetch-site');
    if (site === 'cross-site' || site === 'same-site') return error('CSRF');
    return null;
  }

  async function readBody(request: Request): Promise<Record<string, unknown> | Response> {
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

  const userJson = (user: DeskUser) => ({ id: user.id, email: user.email, name: user.name, role: user.role, roleTitle: ROLE_TITLES[user.role] });

  async function signIn(request: Request, ip: string): Promise<Response> {
    const body = await readBody(request);
    if (body instanceof Response) return body;
    const { email, password } = body;
    if (typeof email !== 'string' || typeof password !== 'string' || !email.trim() || !password) {
      return error('BAD_REQUEST', 'Укажите e-mail и пароль');
    }
    if (email.length > 254 || password.length > MAX_PASSWORD_LENGTH) return error('BAD_CREDENTIALS');
    const emailKey = normalizeEmail(email);
    const clientKey = rateLimitKey(ip);
    // a locked e-mail or client costs no hashing: a flood of guesses cannot buy CPU time
    const pairKey = `${emailKey} ${clientKey}`;
    const wait = Math.max(
      ...(await Promise.all([
        signInFailures.byEmail.blockedFor(pairKey),
        signInFailures.byEmailTotal.blockedFor(emailKey),
        signInFailures.byClient.blockedFor(clientKey),
      ])),
    );
    if (wait > 0) {
      const minutes = Math.max(1, Math.ceil(wait / 60));
      return error('TOO_MANY_ATTEMPTS', errorMessage('TOO_MANY_ATTEMPTS', { minutes }), { 'retry-after': String(wait) });
    }
    const user = await findUserByEmail(db, emailKey);
    // an unknown e-mail is checked against a dummy hash: same time, same answer as a wrong password
    const ok = await checkPassword(user?.passwordHash ?? null, password);
    if (!user || !ok) {
      await Promise.all([signInFailures.byEmail.hit(pairKey), signInFailures.byEmailTotal.hit(emailKey), signInFailures.byClient.hit(clientKey)]);
      return error('BAD_CREDENTIALS');
    }
    if (user.disabledAt) return error('USER_DISABLED');
    // a new token at every sign-in (no session fixation); the browser's previous one ends
    const previous = sessionToken(request);
    if (previous) await deleteSession(db, previous);
    const token = await createSession(db, user.id, ip, deskConfig.sessionHours);
    return json({ user: userJson(user) }, 200, { 'set-cookie': cookie(token, MAX_SESSION_HOURS * 3600) });
  }

  async function statusChange(request: Request, number: string, actor: OrderActor, viewer: Viewer): Promise<Response> {
    const body = await readBody(request);
    if (body instanceof Response) return body;
    const { status, note } = body;
    if (!isOrderStatus(status)) return error('BAD_STATUS');
    if (note !== undefined && note !== null && typeof note !== 'string') return error('BAD_REQUEST', 'Комментарий должен быть строкой');
    if (typeof note === 'string' && note.length > MAX_NOTE_LENGTH) return error('NOTE_TOO_LONG', errorMessage('NOTE_TOO_LONG', { max: MAX_NOTE_LENGTH }));
    const id = await orderIdByNumber(db, number);
    if (id === null) return orderNotFound();
    const result = await changeOrderStatus(db, options.hooks, id, status, actor, typeof note === 'string' ? note.trim() : '');
    if (!result.ok) return result.code === 'ORDER_NOT_FOUND' ? orderNotFound() : error(result.code, result.message);
    const order = await orderDetail(db, id, viewer);
    return order ? json({ order, changed: result.changed }) : orderNotFound();
  }

  async function csv(url: URL, viewer: Viewer): Promise<Response> {
    const filter = parseFilter(url.searchParams, { paged: false });
    const full = seesPersonalData(viewer);
    const header = full
      ? ['Номер', 'Дата (МСК)', 'Статус', 'Сумма, ₽', 'Товаров, шт.', 'ФИО', 'Телефон', 'E-mail', 'Город', 'Адрес', 'Доставка', 'Оплата', 'Комментарий']
      : ['Номер', 'Дата (МСК)', 'Статус', 'Сумма, ₽', 'Товаров, шт.', 'Город', 'Доставка', 'Оплата'];
    let text = BOM + csvLine(header);
    for await (const o of allOrders(db, filter, viewer)) {
      const common = [o.number, moscowDateTime(new Date(o.createdAt)), statusTitle(o.status), o.totalPrice, o.items];
      const tail = [deliveryTitle(o.deliveryMethod), paymentTitle(o.paymentStatus)];
      text += csvLine(full ? [...common, o.fullName, o.phone, o.email, o.city, o.address, ...tail, o.comment] : [...common, o.city, ...tail]);
    }
    return new Response(text, {
      headers: {
        ...HEADERS,
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="orders-${moscowDate(new Date())}.csv"`,
      },
    });
  }

  /** The order routes both sides share; `route` is what follows /api/admin or /api/ops. */
  async function orders(request: Request, url: URL, route: string, actor: OrderActor, viewer: Viewer): Promise<Response> {
    const method = request.method;
    if (route === '/orders') {
      if (method !== 'GET') return error('METHOD_NOT_ALLOWED', 'Только GET');
      return json(await listOrders(db, parseFilter(url.searchParams), viewer));
    }
    if (route === '/orders.csv') {
      if (method !== 'GET') return error('METHOD_NOT_ALLOWED', 'Только GET');
      return csv(url, viewer);
    }
    const m = /^\/orders\/([^/]+)(\/status)?$/.exec(route);
    if (!m) return error('NOT_FOUND', 'Нет такого адреса');
    const number = decodeURIComponent(m[1] as string);
    if (m[2]) {
      if (method !== 'POST') return error('METHOD_NOT_ALLOWED', 'Только POST');
      return statusChange(request, number, actor, viewer);
    }
    if (method !== 'GET') return error('METHOD_NOT_ALLOWED', 'Только GET');
    const id = await orderIdByNumber(db, number);
    const order = id === null ? null : await orderDetail(db, id, viewer);
    return order ? json({ order }) : orderNotFound();
  }

  async function admin(request: Request, url: URL, ip: string): Promise<Response> {
    const route = url.pathname.slice(ADMIN.length);
    const method = request.method;
    if (method !== 'GET' && method !== 'HEAD') {
      const refused = csrfRefusal(request);
      if (refused) return refused;
    }
    if (route === '/session' && method === 'POST') return signIn(request, ip);
    const token = sessionToken(request);
    const user = token ? await sessionUser(db, token, deskConfig.sessionHours) : null;
    if (route === '/session') {
      if (method === 'DELETE') {
        if (token) await deleteSession(db, token);
        return new Response(null, { status: 204, headers: { ...HEADERS, 'set-cookie': clearCookie() } });
      }
      if (method !== 'GET') return error('METHOD_NOT_ALLOWED', 'GET, POST или DELETE');
      if (!user) return token ? error('UNAUTHENTICATED', undefined, { 'set-cookie': clearCookie() }) : unauthenticated();
      return json({ user: userJson(user) });
    }
    if (!user) return unauthenticated();
    return orders(request, url, route, `user:${user.id}:${user.email}`, { kind: 'user', role: user.role });
  }

  async function ops(request: Request, url: URL, ip: string): Promise<Response> {
    if (!config.opsToken) return opsDisabled();
    const refused = await checkOpsToken(request, config.opsToken, { client: rateLimitKey(ip), failures: options.opsFailures });
    if (refused) return refused;
    return orders(request, url, url.pathname.slice('/api/ops'.length), 'ops-token', { kind: 'ops' });
  }

  return {
    signInFailures,
    async handle(request, url, ip) {
      try {
        return url.pathname.startsWith(`${ADMIN}/`) ? await admin(request, url, ip) : await ops(request, url, ip);
      } catch (caught) {
        if (caught instanceof FilterError) return error('BAD_FILTER', caught.message);
        if (caught instanceof URIError) return error('BAD_REQUEST', 'Некорректный адрес');
        if (isDatabaseUnavailable(caught)) return error('DATABASE_UNAVAILABLE');
        console.error('desk:', caught);
        return error('INTERNAL_SERVER_ERROR');
      }
    },
  };
}
