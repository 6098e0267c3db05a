import { opsDisabled, type RateLimit, type RateLimitStore, rateLimitKey } from '@shop/server-kit';
import { warmDummyHash } from '../accounts/passwords.ts';
import type { Config } from '../config.ts';
import { isDatabaseUnavailable } from '../db/database.ts';
import type { OrderRouteContext } from './desk-order-routes.ts';
import { orderRoutes } from './desk-order-routes.ts';
import { ADMIN, error } from './desk-http.ts';
import { type AdminContext, adminResponse, createSignInFailures, type SignInFailures } from './desk-session.ts';
import { FilterError } from './desk-orders.ts';
import { checkOpsToken } from '../util/ops-token.ts';
import { OPS_USERS, usersResponse } from './desk-users.ts';

const OPS = '/api/ops/orders';

/** The paths this module answers (app.ts routes them here before the registry's /api/ops/). */
export function isDeskPath(path: string): boolean {
  return (
    path.startsWith(`${ADMIN}/`) || path === OPS || path === `${OPS}.csv` || path.startsWith(`${OPS}/`) || path === OPS_USERS || path.startsWith(`${OPS_USERS}/`)
  );
}

export interface DeskOptions extends OrderRouteContext {
  config: Config;
  /** The ops routes' shared wrong-token lockout (limiters.opsFailures). */
  opsFailures: RateLimit;
  /** Where the sign-in failures count (limiters.store); default: this process's memory. */
  rateLimitStore?: RateLimitStore;
  /** The owner's catalogue routes (/api/admin/catalog…). */
  catalog?: (request: Request, route: string) => Promise<Response>;
}

export interface Desk {
  /** Answers a request to a path isDeskPath accepts; `ip` is the trusted client address (clientIp). */
  handle(request: Request, url: URL, ip: string): Promise<Response>;
  /** Failed sign-ins per e-mail and per client. */
  signInFailures: SignInFailures;
}

/** The machine side (/api/ops/orders…, /api/ops/users…): the ops token, with the shared wrong-token lockout. */
async function opsResponse(options: DeskOptions, request: Request, url: URL, ip: string): Promise<Response> {
  const { config } = options;
  if (!config.opsToken) return opsDisabled();
  const refused = await checkOpsToken(request, config.opsToken, { client: rateLimitKey(ip), failures: options.opsFailures });
  if (refused) return refused;
  if (url.pathname === OPS_USERS || url.pathname.startsWith(`${OPS_USERS}/`)) return usersResponse(options.db, request, url);
  return orderRoutes(options, request, url, url.pathname.slice('/api/ops'.length), 'ops-token', { kind: 'ops' });
}

/** The orders desk: the staff's side (desk-session.ts) and the machine side, one error policy. */
export function createDesk(options: DeskOptions): Desk {
  const { db, config, hooks } = options;
  warmDummyHash();
  const admin: AdminContext = {
    db,
    hooks,
    returns: options.returns,
    deskConfig: config.desk,
    secure: config.shopPublicUrl.startsWith('https:'),
    shopOrigin: new URL(config.shopPublicUrl).origin,
    signInFailures: createSignInFailures(config.desk, options.rateLimitStore),
    catalog: options.catalog,
  };
  return {
    signInFailures: admin.signInFailures,
    async handle(request, url, ip) {
      try {
        return url.pathname.startsWith(`${ADMIN}/`) ? await adminResponse(admin, request, url, ip) : await opsResponse(options, request, url, ip);
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
