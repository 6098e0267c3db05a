import { PHOTOS_ROUTE } from '@shop/contracts/photos';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CATALOG_VERSION } from '@shop/contracts/pages';
import type { OrderRepo } from '../orders/order-repo.ts';
import { YOOKASSA_NOTIFY_PATH, yookassaNotifyRoute } from '../payments/payment-routes.ts';
import type { PaymentService } from '../payments/payment-service.ts';
import { sandboxResponse } from '../payments/sandbox-page.ts';
import { checkOpsToken } from '../util/ops-token.ts';
import { MAX_REGISTRATION_BYTES, operationsResponse, type PersistedOperationStore } from '../persisted/persisted-operations.ts';
import type { DocumentCheck } from '../persisted/check-document.ts';
import { clientIp, errorResponse, rateLimitKey, type TrustedProxies } from '@shop/server-kit';
import type { Limiters } from '../util/limiters.ts';
import { fetchRoute, rawReq } from './fetch-bridge.ts';
import { imageResponse } from '../catalog/generated-art.ts';

/** Who asks: the trusted client address (client-ip.ts) and the key its budgets count under. */
export interface Client {
  ip: string;
  key: string;
}

export type ClientOf = (request: Request, req: FastifyRequest) => Client;

export function clientOf(proxies: TrustedProxies): ClientOf {
  return (request, req) => {
    const ip = clientIp(request, rawReq(req), proxies);
    return { ip, key: rateLimitKey(ip) };
  };
}

export const notFound = (path: string) => errorResponse('NOT_FOUND', `Нет такого адреса: ${path.slice(0, 200)}`);

const pathOf = (request: Request) => new URL(request.url).pathname;

/** GET /api/health: whether the database answers and the process is not stopping (503 otherwise); never cached. */
export function healthRoutes(ping: () => Promise<boolean>, draining: () => boolean = () => false) {
  return async (app: FastifyInstance) => {
    app.all(
      '/api/health',
      fetchRoute(async () => {
        if (draining()) return Response.json({ ok: false, draining: true }, { status: 503, headers: { 'cache-control': 'no-store' } });
        const ok = await ping().catch(() => false);
        return Response.json({ ok }, { status: ok ? 200 : 503, headers: { 'cache-control': 'no-store' } });
      }),
    );
  };
}

/**
 * GET /api/catalog-version: the catalogue version this replica answers from (the host's page
 * cache keys pages by it). A request that names a newer one (the host heard of it from another
 * replica first) makes this replica read its own again before it answers.
 */
export function catalogVersionRoutes(version: () => number) {
  return async (app: FastifyInstance) => {
    app.get(CATALOG_VERSION.path, async (_request, reply) => reply.header('cache-control', 'no-store').send({ version: version() }));
  };
}

/** Before any route: a caller that knows a newer catalogue version than this replica is not answered from the older one. */
export function catchUpCatalogVersion(version: () => number, refresh: () => Promise<void>) {
  return async (request: FastifyRequest) => {
    const named = request.headers[CATALOG_VERSION.header];
    if (typeof named === 'string' && /^\d{1,15}$/.test(named) && Number(named) > version()) await refresh().catch(() => undefined);
  };
}

/**
 * /api/images/*: the generated catalogue's vector art (images.ts); /api/photos/*: photos in
 * every width and format (photos/photo-route.ts).
 */
export function imageRoutes(photos: (path: string) => Promise<Response | null>) {
  return async (app: FastifyInstance) => {
    app.all(
      '/api/images/*',
      fetchRoute((request) => {
        const path = pathOf(request);
        return imageResponse(path) ?? notFound(path);
      }),
    );
    app.all(
      `${PHOTOS_ROUTE}*`,
      fetchRoute(async (request) => {
        const path = pathOf(request);
        return (await photos(path)) ?? notFound(path);
      }),
    );
  };
}

export interface PaymentRouteOptions {
  orders: OrderRepo;
  payments: PaymentService;
  limiters: Limiters;
  client: ClientOf;
  log?: (message: string) => void;
}

/** ЮKassa's notifications, and the sandbox's payment page (404 when the sandbox is off). */
export function paymentRoutes(options: PaymentRouteOptions) {
  const { orders, payments, limiters, client } = options;
  const notify = yookassaNotifyRoute(payments, options.log, limiters.store);
  return async (app: FastifyInstance) => {
    app.all(
      YOOKASSA_NOTIFY_PATH,
      fetchRoute((request, req) => {
        const { ip, key } = client(request, req);
        return notify(request, ip, key);
      }),
    );
    app.all(
      '/api/sandbox/*',
      fetchRoute(async (request, req) => {
        const { key } = client(request, req);
        const url = new URL(request.url);
        const res = await sandboxResponse(request, url, orders, payments, () => limiters.sandbox.hit(key));
        return res ?? notFound(url.pathname);
      }),
    );
  };
}

export interface OperationsRouteOptions {
  operations: PersistedOperationStore;
  check: DocumentCheck;
  opsToken: string | undefined;
  limiters: Limiters;
  client: ClientOf;
}

/** POST /api/ops/operations (ops token): a release registers its trusted documents. */
export function operationsRoute(options: OperationsRouteOptions) {
  const { operations, check, opsToken, limiters, client } = options;
  return async (app: FastifyInstance) => {
    app.all(
      '/api/ops/operations',
      { bodyLimit: MAX_REGISTRATION_BYTES },
      fetchRoute((request, req) => {
        const guard = { client: client(request, req).key, failures: limiters.opsFailures };
        const authorize = opsToken ? (r: Request) => checkOpsToken(r, opsToken, guard) : null;
        return operationsResponse(request, operations, check, authorize);
      }),
    );
  };
}
