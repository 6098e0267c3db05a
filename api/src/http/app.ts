import type { IncomingMessage } from 'node:http';
import { sql } from 'drizzle-orm';
import { useGraphQlJit } from '@envelop/graphql-jit';
import { createYoga, type Plugin } from 'graphql-yoga';
import { catalogVersion } from '../catalog/load-catalog.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { type ApiContext, createContext } from '../graphql/context.ts';
import { buildSchema } from '../graphql/schema.ts';
import type { OrderHooks } from '../orders/order-hooks.ts';
import { OrderRepo } from '../orders/order-repo.ts';
import { startReservationSweeper, sweepExpiredReservations } from '../orders/reservation-expiry.ts';
import { CatalogMeta } from '../repo/catalog-meta.ts';
import { errorResponse } from '../util/error-response.ts';
import { useBodyLimit } from './body-limit.ts';
import { boundedDocumentCaches } from './document-cache.ts';
import { useExecutionLimit } from './execution-limit.ts';
import { clientIp, rateLimitKey, TrustedProxies } from '../util/client-ip.ts';
import { useErrorCodes } from './error-codes.ts';
import { imageResponse } from './images.ts';
import { defaultLimits, type QueryLimits, useQueryLimits } from '../graphql/query-limits.ts';
import { createLimiters, type Limiters } from '../util/rate-limiter.ts';
import { type ResponseCacheStats, useCatalogResponseCache } from './response-cache.ts';
import { PaymentService } from '../payments/payment-service.ts';
import { YOOKASSA_NOTIFY_PATH, yookassaNotifyRoute } from '../payments/payment-routes.ts';
import { sandboxResponse } from '../payments/sandbox-page.ts';
import { checkOpsToken } from '../util/ops-token.ts';
import { MailSender, type SendResult } from '../notify/mail-sender.ts';
import { createMailHook } from '../notify/order-mail-hook.ts';
import { createDesk, isDeskPath, MAX_DESK_BODY_BYTES } from '../desk/desk-routes.ts';
import { documentCheck } from '../persisted/check-document.ts';
import { MAX_REGISTRATION_BYTES, operationsResponse, PersistedOperationStore, usePersistedOperationsFrom } from '../persisted/persisted-operations.ts';

export interface ApiOptions {
  db: Db;
  config: Config;
  limits?: QueryLimits;
  /** How often to notice a catalogue changed by another process (ms); 0 turns polling off. */
  catalogPollMs?: number;
  logging?: boolean;
  /** Off only to measure what the cache saves. */
  responseCache?: boolean;
  /** In-transaction order hooks (mail outbox…) besides the ones createApi adds itself. */
  orderHooks?: OrderHooks[];
  /** How often unpaid orders past their reservation are cancelled (ms); 0: only through sweepReservations(). */
  reservationSweepMs?: number;
}

export interface ServerContext {
  req?: IncomingMessage;
}

export interface Api {
  /**
   * The WHATWG fetch handler: tests call it in-process, main.ts mounts it on node:http. `server`
   * stands in for node's request (its socket address is who is asking; none gives `unknown`).
   */
  fetch: (input: string | URL | Request, init?: RequestInit, server?: ServerContext) => Promise<Response> | Response;
  yoga: ReturnType<typeof createYoga<ServerContext, ApiContext>>;
  /** Re-reads the catalogue version; a changed version retires every cached answer. */
  refreshCatalogVersion(): Promise<void>;
  /** The per-client budgets (createOrder, order look-ups, sandbox, wrong ops tokens). */
  limiters: Limiters;
  /** Bytes and entries the response cache holds (null when it is off). */
  responseCacheStats(): ResponseCacheStats | null;
  /** Parsed documents kept and their estimated memory (with validation and compiled forms). */
  documentCacheStats(): { documents: number; estimatedBytes: number };
  /** The hooks every order change runs (built once here; OrderRepo and changeOrderStatus callers use this list). */
  orderHooks: OrderHooks[];
  /** Cancels unpaid orders past their reservation now (the sweeper does it every 30 s); `now` for tests. */
  sweepReservations(now?: Date): Promise<number>;
  /** Sends the letters of mail_outbox due at `now` (default: now); the sender does it every MAIL_POLL_MS when SMTP_URL is set. */
  sendDueMail(options?: { now?: Date }): Promise<SendResult>;
  close(): void;
}

export async function createApi(options: ApiOptions): Promise<Api> {
  const { db, config } = options;
  const limiters = createLimiters(config);
  const proxies = new TrustedProxies(config.trustedProxies);
  const ping = async () => {
    await db.execute(sql`SELECT 1`);
    return true;
  };
  let version = await catalogVersion(db);
  const refreshCatalogVersion = async () => {
    version = await catalogVersion(db);
  };
  const meta = new CatalogMeta(() => version);
  // built once: every hook (mail outbox…) is pushed here; OrderRepo and status changes run them
  const orderHooks: OrderHooks[] = [...(options.orderHooks ?? [])];
  // order e-mails: written to mail_outbox in the order's transaction, sent over SMTP_URL by the sender (notify/)
  const mail = new MailSender({ db, mail: config.mail, log: options.logging === false ? null : console });
  orderHooks.push(createMailHook({ shop: { name: config.shopName, publicUrl: config.shopPublicUrl }, mail: config.mail, onQueued: () => mail.nudge() }));
  // the orders desk (/api/admin/*, session) and its machine side (/api/ops/orders*, ops token)
  const desk = createDesk({ db, config, hooks: orderHooks, opsFailures: limiters.opsFailures });
  // a sold-out or returned size bumped catalog_meta.version: this process answers fresh at once
  const orders = new OrderRepo(db, orderHooks, () => refreshCatalogVersion().catch(() => {}), config.orderReservationMinutes);
  // payments (the sandbox or ЮKassa: payments/payment-config.ts) and ЮKassa's notification route
  const paymentLog = options.logging === false ? () => {} : undefined;
  const payments = new PaymentService(db, orderHooks, config.payment, config.shopPublicUrl, { log: paymentLog });
  const paymentNotify = yookassaNotifyRoute(payments, paymentLog);
  const sweepReservations = async (now?: Date) => {
    const n = await sweepExpiredReservations(db, orderHooks, now);
    if (n) await refreshCatalogVersion().catch(() => {});
    return n;
  };
  const schema = buildSchema();
  // trusted documents: the operations the front ends' releases registered
  const operations = new PersistedOperationStore(db);
  await operations.load();
  // introspection as the deployment allows it (GRAPHQL_INTROSPECTION; off in production)
  const limits: QueryLimits = { ...(options.limits ?? defaultLimits), introspection: config.graphqlIntrospection && (options.limits?.introspection ?? true) };
  const checkOperation = documentCheck(schema, limits);

  const serverError = () => errorResponse('INTERNAL_SERVER_ERROR');
  const notFound = (path: string) => errorResponse('NOT_FOUND', `Нет такого адреса: ${path.slice(0, 200)}`);
  const routes: Plugin = {
    async onRequest({ request, url, endResponse, serverContext }) {
      const path = url.pathname;
      if (path === '/api/graphql') return;
      if (path === '/api/health') {
        const ok = await ping().catch(() => false);
        endResponse(Response.json({ ok }, { status: ok ? 200 : 503, headers: { 'cache-control': 'no-store' } }));
        return;
      }
      if (path.startsWith('/api/images/')) {
        endResponse(imageResponse(path) ?? notFound(path));
        return;
      }
      // the ops and sandbox routes throttle per client (the trusted address, see client-ip.ts)
      const ip = clientIp(request, (serverContext as ServerContext).req, proxies);
      const client = rateLimitKey(ip);
      if (isDeskPath(path)) {
        endResponse(await desk.handle(request, url, ip));
        return;
      }
      if (path === '/api/ops/operations') {
        const token = config.opsToken;
        const authorize = token ? (r: Request) => checkOpsToken(r, token, { client, failures: limiters.opsFailures }) : null;
        endResponse(await operationsResponse(request, operations, checkOperation, authorize).catch(serverError));
        return;
      }
      if (path === YOOKASSA_NOTIFY_PATH) {
        endResponse(await paymentNotify(request, ip, client).catch(serverError));
        return;
      }
      if (path.startsWith('/api/sandbox/')) {
        // 404 when the sandbox is off (ЮKassa configured, or production without PAYMENT_SANDBOX=1)
        const res = await sandboxResponse(request, url, orders, payments, () => limiters.sandbox.hit(client)).catch(serverError);
        endResponse(res ?? notFound(path));
        return;
      }
      endResponse(notFound(path));
    },
  };

  const responseCache =
    options.responseCache === false
      ? null
      : useCatalogResponseCache({
          version: () => version,
          // per-shopper or per-moment answers; mutations are never cached anyway
          uncachedRootFields: new Set(['order', 'paymentInfo', 'startPayment', 'resolvePage', 'health', '__schema', '__type']),
          maxBytes: config.responseCacheMaxBytes,
          maxEntryBytes: config.responseCacheMaxEntryBytes,
        });

  const documentCaches = boundedDocumentCaches();
  const yoga = createYoga<ServerContext, ApiContext>({
    schema,
    graphqlEndpoint: '/api/graphql',
    graphiql: false,
    // never include original messages or stacks, whatever NODE_ENV says
    maskedErrors: { isDev: false },
    landingPage: false,
    // parsed documents (with their validation and compiled forms) bounded by memory, not count
    parserAndValidationCache: documentCaches,
    // yoga's own check answers an empty 200 on any path ending in /health; ours reports the database
    healthCheckEndpoint: '/api/yoga-health',
    logging: options.logging === false ? false : 'warn',
    cors: { origin: config.shopPublicUrl, methods: ['GET', 'POST'] },
    context: ({ request, req }) =>
      createContext(db, config, clientIp(request, req, proxies), limiters, ping, meta, orders, payments),
    plugins: [
      // first: every body on every route is read with a byte cap before anything else sees it
      useBodyLimit({ onBody: responseCache?.lookupBody, maxByPathPrefix: { '/api/admin/': MAX_DESK_BODY_BYTES, '/api/ops/orders': MAX_DESK_BODY_BYTES, '/api/ops/': MAX_REGISTRATION_BYTES } }),
      routes,
      // GraphQL requests in progress at once are bounded (their answers' memory with them)
      useExecutionLimit({
        maxConcurrent: config.graphqlMaxConcurrent,
        maxQueued: config.graphqlMaxQueued,
        maxInflightBytes: config.answersMaxInflightBytes,
      }),
      // before anything reads the document: a registered id becomes its text, other documents only if allowed
      usePersistedOperationsFrom(operations, config.arbitraryOperations),
      // first: a hit was measured and executed when it was stored, so it skips all of that
      ...(responseCache ? [responseCache] : []),
      useQueryLimits(limits),
      useErrorCodes(),
      // compiled execution (graphql-jit, per document, cached): a 24-card listing resolves ~1,500
      // fields, and the compiled form does that for ~0.65 ms less CPU than graphql-js
      useGraphQlJit(),
    ],
  });

  const timer =
    options.catalogPollMs === 0
      ? null
      : setInterval(() => void refreshCatalogVersion().catch(() => {}), options.catalogPollMs ?? 2000);
  timer?.unref();
  const sweeper = options.reservationSweepMs === 0 ? null : startReservationSweeper(sweepReservations, options.reservationSweepMs ?? 30_000);
  mail.start();

  return {
    fetch: (input, init, server) => yoga.fetch(input as never, init ?? {}, server ?? {}),
    yoga,
    refreshCatalogVersion,
    limiters,
    responseCacheStats: () => responseCache?.stats() ?? null,
    documentCacheStats: () => documentCaches.stats(),
    orderHooks,
    sweepReservations,
    sendDueMail: (o) => mail.sendDueMail(o),
    close: () => {
      if (timer) clearInterval(timer);
      sweeper?.stop();
      mail.stop();
    },
  };
}
