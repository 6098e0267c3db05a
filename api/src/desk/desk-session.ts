import { errorMessage } from '@shop/contracts/errors';
import { type Backoff, createBackoff, createRateLimit, type RateLimit, type RateLimitStore, rateLimitKey, tokenHash } from '@shop/server-kit';
import {
  type DeskUser,
  MAX_SESSION_HOURS,
  ROLE_TITLES,
  createSession,
  deleteSession,
  findUserByEmail,
  isKnownDevice,
  normalizeEmail,
  rememberDevice,
  sessionUser,
} from '../accounts/account-repo.ts';
import { MAX_PASSWORD_LENGTH, checkPassword } from '../accounts/passwords.ts';
import type { DeskConfig } from './desk-config.ts';
import { SIGN_IN_BACKOFF_WINDOW_MS, SIGN_IN_WINDOW_MS } from './desk-config.ts';
import {
  ADMIN,
  DEVICE_COOKIE_DAYS,
  HEADERS,
  csrfRefusal,
  deviceCookie,
  deviceToken,
  error,
  json,
  readBody,
  sessionCookie,
  sessionToken,
  unauthenticated,
} from './desk-http.ts';
import { type OrderRouteContext, orderRoutes } from './desk-order-routes.ts';

/**
 * Failed sign-ins. From a browser the account has not signed in from: per e-mail and client
 * together (a lock), per e-mail (a growing wait, never a lock) and per client (a lock). From a
 * browser that has signed in as that account before (the device cookie): only that browser's own
 * failures count, so no one else's guesses ever hold the account's people back.
 */
export interface SignInFailures {
  byEmail: RateLimit;
  byEmailTotal: Backoff;
  byClient: RateLimit;
  byDevice: RateLimit;
}

export function createSignInFailures(deskConfig: DeskConfig, store?: RateLimitStore): SignInFailures {
  return {
    // keyed by e-mail and client together (see DeskConfig.signInEmailLimit)
    byEmail: createRateLimit({ name: 'desk-signin-pair', limit: deskConfig.signInEmailLimit, windowMs: SIGN_IN_WINDOW_MS, store }),
    byEmailTotal: createBackoff({
      name: 'desk-signin-email-wait',
      free: deskConfig.signInEmailTotalLimit,
      windowMs: SIGN_IN_BACKOFF_WINDOW_MS,
      firstWaitSeconds: deskConfig.signInWait.first,
      maxWaitSeconds: deskConfig.signInWait.max,
      store,
    }),
    byClient: createRateLimit({ name: 'desk-signin-client', limit: deskConfig.signInIpLimit, windowMs: SIGN_IN_WINDOW_MS, store }),
    // keyed by e-mail and device token (its sha256) together
    byDevice: createRateLimit({ name: 'desk-signin-device', limit: deskConfig.signInEmailLimit, windowMs: SIGN_IN_WINDOW_MS, store }),
  };
}

/** The staff's side (/api/admin/*): what it needs besides the order routes' own. */
export interface AdminContext extends OrderRouteContext {
  deskConfig: DeskConfig;
  /** The shop is https: the cookie is Secure. */
  secure: boolean;
  /** The only origin a change may come from. */
  shopOrigin: string;
  signInFailures: SignInFailures;
  /** The owner's catalogue routes (/catalog…: the upload, the photos; http/catalog-upload.ts), handed in: the desk does not touch the catalogue itself. */
  catalog?: (request: Request, route: string) => Promise<Response>;
}

/** The catalogue routes' bodies: JSON, a ZIP or a photo's bytes (none is a type a form can post without a preflight). */
const UPLOAD_TYPE = /^\s*application\/(?:json|zip|x-zip-compressed|octet-stream)\s*(?:;|$)/i;
const isCatalogRoute = (route: string) => route === '/catalog' || route.startsWith('/catalog/');

const userJson = (user: DeskUser) => ({ id: user.id, email: user.email, name: user.name, role: user.role, roleTitle: ROLE_TITLES[user.role] });

async function signIn(ctx: AdminContext, request: Request, ip: string): Promise<Response> {
  const { db, signInFailures } = ctx;
  const body = await readBody(request);
  if (body instanceof Response) return body;
  const { email, password } = body;
  if (typeof email !== 'string' || typeof password !== 'string' || !email.trim() || !password) {
    return error('BAD_REQUEST', 'Укажите e-mail и пароль');
  }
  if (email.length > 254 || password.length > MAX_PASSWORD_LENGTH) return error('BAD_CREDENTIALS');
  const emailKey = normalizeEmail(email);
  const clientKey = rateLimitKey(ip);
  const pairKey = `${emailKey} ${clientKey}`;
  const device = deviceToken(request);
  const deviceKey = device ? `${emailKey} ${tokenHash(device)}` : '';
  // a browser that signed in as this account before passes every other count, while its own wrong passwords are few
  const known = device !== null && (await signInFailures.byDevice.blockedFor(deviceKey)) === 0 && (await isKnownDevice(db, device, emailKey, DEVICE_COOKIE_DAYS));
  if (!known) {
    // a locked pair or client, or an e-mail still waiting, costs no hashing: a flood of guesses cannot buy CPU time
    const locked = Math.max(await signInFailures.byEmail.blockedFor(pairKey), await signInFailures.byClient.blockedFor(clientKey));
    const wait = locked > 0 ? locked : await signInFailures.byEmailTotal.attempt(emailKey);
    if (wait > 0) return error('TOO_MANY_ATTEMPTS', errorMessage('TOO_MANY_ATTEMPTS', { seconds: wait }), { 'retry-after': String(wait) });
  }
  const user = await findUserByEmail(db, emailKey);
  // an unknown e-mail is checked against a dummy hash: same time, same answer as a wrong password
  const ok = await checkPassword(user?.passwordHash ?? null, password);
  if (!user || !ok) {
    if (known) await signInFailures.byDevice.hit(deviceKey);
    else await Promise.all([signInFailures.byEmail.hit(pairKey), signInFailures.byEmailTotal.fail(emailKey), signInFailures.byClient.hit(clientKey)]);
    return error('BAD_CREDENTIALS');
  }
  if (user.disabledAt) return error('USER_DISABLED');
  // a new token at every sign-in (no session fixation); the browser's previous one ends
  const previous = sessionToken(request);
  if (previous) await deleteSession(db, previous);
  const token = await createSession(db, user.id, ip, ctx.deskConfig.sessionHours);
  const remembered = await rememberDevice(db, device, user.id, DEVICE_COOKIE_DAYS);
  const headers = new Headers(HEADERS);
  headers.append('set-cookie', sessionCookie(token, MAX_SESSION_HOURS * 3600, ctx.secure));
  headers.append('set-cookie', deviceCookie(remembered, ctx.secure));
  return Response.json({ user: userJson(user) }, { status: 200, headers });
}

export async function adminResponse(ctx: AdminContext, request: Request, url: URL, ip: string): Promise<Response> {
  const { db } = ctx;
  const route = url.pathname.slice(ADMIN.length);
  const method = request.method;
  if (method !== 'GET' && method !== 'HEAD') {
    // the catalogue upload is a ZIP: a type no cross-site form can send either
    const refused = csrfRefusal(request, ctx.shopOrigin, isCatalogRoute(route) ? UPLOAD_TYPE : undefined);
    if (refused) return refused;
  }
  if (route === '/session' && method === 'POST') return signIn(ctx, request, ip);
  const token = sessionToken(request);
  const user = token ? await sessionUser(db, token, ctx.deskConfig.sessionHours) : null;
  if (route === '/session') {
    if (method === 'DELETE') {
      if (token) await deleteSession(db, token);
      return new Response(null, { status: 204, headers: { ...HEADERS, 'set-cookie': sessionCookie('', 0, ctx.secure) } });
    }
    if (method !== 'GET') return error('METHOD_NOT_ALLOWED', 'GET, POST или DELETE');
    if (!user) return token ? error('UNAUTHENTICATED', undefined, { 'set-cookie': sessionCookie('', 0, ctx.secure) }) : unauthenticated();
    return json({ user: userJson(user) });
  }
  if (!user) return unauthenticated();
  if (isCatalogRoute(route) && ctx.catalog) {
    if (user.role !== 'owner') return error('FORBIDDEN', 'Каталогом и фото занимается только владелец магазина');
    return ctx.catalog(request, route);
  }
  return orderRoutes(ctx, request, url, route, `user:${user.id}:${user.email}`, { kind: 'user', role: user.role });
}
