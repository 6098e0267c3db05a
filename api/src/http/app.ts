import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { CATALOG_VERSION } from '@shop/contracts/pages';
import { sql } from 'drizzle-orm';
import { useGraphQlJit } from '@envelop/graphql-jit';
import Fastify, { type FastifyInstance } from 'fastify';
import { createYoga, type YogaServerInstance } from 'graphql-yoga';
import { catalogVersion } from '../catalog/load-catalog.ts';
import { imageResponse } from '../catalog/generated-art.ts';
import type { Config } from '../config.ts';
import { knownArtIn } from '../photos/known-art.ts';
import { catalogRoutes } from './catalog-upload.ts';
import { photoResponder } from '../photos/photo-route.ts';
import type { PhotoStore } from '../photos/photo-store.ts';
import { createPhotoStore } from '../photos/photo-stores.ts';
import type { Db } from '../db/database.ts';
import { createDesk } from '../desk/desk-routes.ts';
import { deskPlugin } from './desk-plugin.ts';
import { type ApiContext, createContext } from '../graphql/context.ts';
import { defaultLimits, type QueryLimits, useQueryLimits } from '../graphql/query-limits.ts';
import { buildSchema } from '../graphql/schema.ts';
import { MailSender, type SendResult } from '../notify/mail-sender.ts';
import { createMailHook, queueReturnLetters } from '../notify/order-mail-hook.ts';
import type { OrderHooks } from '../orders/order-hooks.ts';
import { OrderRepo } from '../orders/order-repo.ts';
import { startReservationSweeper, sweepExpiredReservations } from '../orders/reservation-expiry.ts';
import { PaymentService } from '../payments/payment-service.ts';
import { Returns } from '../returns/returns.ts';
import { RETURN_REASONS } from '@shop/contracts/order';
import { CdekClient } from '../delivery/cdek-client.ts';
import { DeliveryService } from '../delivery/delivery-service.ts';
import { CDEK_NOTIFY_PATH, cdekNotifyRoute, createShipmentHook, ShipmentRegistrar } from '../delivery/shipments.ts';
import { type DocumentCheck, documentCheck } from '../persisted/check-document.ts';
import { PersistedOperationStore, usePersistedOperationsFrom } from '../persisted/persisted-operations.ts';
import { CatalogMeta } from '../repo/catalog-meta.ts';
import { clientErrorHandler, clientErrorStatus, clientIp, connectRedis, errorResponse, redisStore, sendResponse, TrustedProxies } from '@shop/server-kit';
import { listenForCatalogChanges } from '../catalog/catalog-changes.ts';
import { createLimiters, type Limiters } from '../util/limiters.ts';
import { MAX_BODY_BYTES, payloadTooLarge, useBodyLimit } from './body-limit.ts';
import { boundedDocumentCaches } from './document-cache.ts';
import { useErrorCodes } from './error-codes.ts';
import { useExecutionLimit } from './execution-limit.ts';
import { fetchRoute, injectFetch } from './fetch-bridge.ts';
import { graphqlRoute, type ServerContext } from './graphql-route.ts';
import { guardNodeRequests } from './node-entry.ts';
import { type ResponseCacheStats, useCatalogResponseCache } from './response-cache.ts';
import { catalogVersionRoutes, catchUpCatalogVersion, clientOf, healthRoutes, imageRoutes, notFound, operationsRoute, paymentRoutes } from './shop-routes.ts';

export type { ServerContext } from './graphql-route.ts';

export interface ApiOptions {
  db: Db;
  config: Config;
  limits?: QueryLimits;
  /**
   * How often to look for a catalogue changed by another process (ms); 0 turns polling off.
   * Default: 2 s on PGlite; 30 s on PostgreSQL, where changes are also heard as they commit.
   */
  catalogPollMs?: number;
  logging?: boolean;
  /** True once the process is stopping: /api/health answers 503 so a balancer takes it out. */
  draining?: () => boolean;
  /** Off only to measure what the cache saves. */
  responseCache?: boolean;
  /** In-transaction order hooks (mail outbox…) besides the ones createApi adds itself. */
  orderHooks?: OrderHooks[];
  /** How often unpaid orders past their reservation are cancelled (ms); 0: only through sweepReservations(). */
  reservationSweepMs?: number;
  /** How often the СДЭК shipments are looked at (default 5000); 0: never by itself (tests call registerShipments). */
  shipmentPollMs?: number;
}

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface Api {
  /**
   * In-process requests through the whole HTTP layer (Fastify's inject): tests call it. `server`
   * stands in for node's request (its socket address is who is asking; none gives `unknown`).
   */
  fetch: (input: string | URL | Request, init?: RequestInit, server?: ServerContext) => Promise<Response>;
  /** The whole API as a node:http request listener (named when yoga was the whole server). */
  yoga: NodeHandler;
  /** The Fastify app: main.ts listens with it (its server refuses malformed request targets first). */
  app: FastifyInstance;
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
  /** Registers the due СДЭК shipments now (the registrar does it every 5 s); how many were tried. */
  registerShipments(): Promise<number>;
  close(): void;
}

/** What the routes and the GraphQL context share: built once per API. */
interface Services {
  db: Db;
  config: Config;
  /** REDIS_URL's client (the shared rate limits); null without it. */
  redis: Awaited<ReturnType<typeof connectRedis>> | null;
  limiters: Limiters;
  proxies: TrustedProxies;
  ping: () => Promise<boolean>;
  version: () => number;
  refreshCatalogVersion: () => Promise<void>;
  meta: CatalogMeta;
  orderHooks: OrderHooks[];
  mail: MailSender;
  orders: OrderRepo;
  payments: PaymentService;
  delivery: DeliveryService;
  /** Return requests and their refunds, with the shopper's letters. */
  returns: Returns;
  /** Registers СДЭК shipments and applies its status notifications; null without СДЭК. */
  shipments: ShipmentRegistrar | null;
  paymentLog: ((message: string) => void) | undefined;
  sweepReservations: (now?: Date) => Promise<number>;
  /** Imported photos and their renditions: the photo route reads it, the desk's uploads write it. */
  photos: PhotoStore;
}

async function createServices(options: ApiOptions): Promise<Services> {
  const { db, config } = options;
  const ping = async () => {
    await db.execute(sql`SELECT 1`);
    return true;
  };
  let version = await catalogVersion(db);
  let redis: Awaited<ReturnType<typeof connectRedis>> | null = null;
  // one read at a time: callers that ask meanwhile share it
  let reading: Promise<void> | null = null;
  const refreshCatalogVersion = () => {
    reading ??= catalogVersion(db)
      .then((read) => {
        if (read === version) return;
        version = read;
        // the host replicas' page caches hear it at once (their own poll is the safety net)
        redis?.publish(CATALOG_VERSION.channel, String(read)).catch(() => undefined);
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  };
  // built once: every hook (mail outbox…) is pushed here; OrderRepo and status changes run them
  const orderHooks: OrderHooks[] = [...(options.orderHooks ?? [])];
  // order e-mails: written to mail_outbox in the order's transaction, sent over SMTP_URL by the sender (notify/)
  const mail = new MailSender({ db, mail: config.mail, log: options.logging === false ? null : console });
  orderHooks.push(createMailHook({ shop: { name: config.shopName, publicUrl: config.shopPublicUrl }, mail: config.mail, onQueued: () => mail.nudge() }));
  // СДЭК (delivery/): one client (one token) for the checkout's look-ups and the shipments
  const cdek = config.delivery.cdek;
  const cdekClient = cdek ? new CdekClient(cdek) : null;
  const quiet = options.logging === false ? () => {} : undefined;
  // delivery terms and pickup points: the estimates, or СДЭК (delivery/delivery-config.ts)
  const delivery = new DeliveryService(config.delivery, cdekClient, undefined, quiet);
  const shipments =
    cdek && cdekClient
      ? new ShipmentRegistrar({ db, hooks: orderHooks, client: cdekClient, config: cdek, notifyUrl: `${config.shopPublicUrl}${CDEK_NOTIFY_PATH}`, cityCode: (city) => delivery.cityCode(city), pollMs: options.shipmentPollMs, log: quiet })
      : null;
  // a СДЭК order marked «собран» gets its shipment, registered by `shipments`
  orderHooks.push(createShipmentHook(() => shipments?.nudge()));
  // a sold-out or returned size bumped catalog_meta.version: this process answers fresh at once
  const orders = new OrderRepo(db, orderHooks, () => refreshCatalogVersion().catch(() => {}), config.orderReservationMinutes);
  // payments: the sandbox or ЮKassa (payments/payment-config.ts)
  const paymentLog = options.logging === false ? () => {} : undefined;
  const payments = new PaymentService(db, orderHooks, config.payment, config.shopPublicUrl, { log: paymentLog });
  const sweepReservations = async (now?: Date) => {
    const n = await sweepExpiredReservations(db, orderHooks, now);
    if (n) await refreshCatalogVersion().catch(() => {});
    return n;
  };
  redis = config.redisUrl ? await connectRedis(config.redisUrl, options.logging === false ? () => {} : console.warn) : null;
  const limiters = createLimiters(config, redis ? redisStore(redis, 'api') : undefined);
  const proxies = new TrustedProxies(config.trustedProxies);
  const meta = new CatalogMeta(() => version);
  // a refunded or rejected return tells the shopper by letter (the mail outbox, in the same transaction)
  const shop = { name: config.shopName, publicUrl: config.shopPublicUrl };
  const returns = new Returns(db, payments, async (tx, orderId, request, outcome) => {
    const reason = RETURN_REASONS[request.reason] ?? request.reason;
    if (await queueReturnLetters(tx, { shop, mail: config.mail }, orderId, { ...request, reason }, outcome)) mail.nudge();
  });
  return { db, config, redis, limiters, proxies, ping, version: () => version, refreshCatalogVersion, meta, orderHooks, mail, orders, payments, delivery, shipments, returns, paymentLog, sweepReservations, photos: await createPhotoStore(config.photos) };
}

function createGraphql(options: ApiOptions, s: Services, operations: PersistedOperationStore, limits: QueryLimits) {
  const { db, config } = s;
  const schema = buildSchema();
  const responseCache =
    options.responseCache === false
      ? null
      : // only Query fields marked @cached in type-defs.ts; mutations never
        useCatalogResponseCache({ version: s.version, schema, maxBytes: config.responseCacheMaxBytes, maxEntryBytes: config.responseCacheMaxEntryBytes });
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
    context: ({ request, req }) => createContext(db, config, clientIp(request, req, s.proxies), s.limiters, s.ping, s.meta, s.orders, s.payments, s.delivery, s.returns),
    plugins: [
      // first: the body's type and its variables' bounds, and the raw-body cache lookup
      useBodyLimit({ onBody: responseCache?.lookupBody }),
      // GraphQL requests in progress at once are bounded (their answers' memory with them)
      useExecutionLimit({ maxConcurrent: config.graphqlMaxConcurrent, maxQueued: config.graphqlMaxQueued, maxInflightBytes: config.answersMaxInflightBytes }),
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
  return { yoga, schema, responseCache, documentCaches };
}

/**
 * The Fastify instance: every body is read by Fastify with the route's byte cap (413 with the
 * coded body past it), nothing is parsed before the route (handlers read their own types), and
 * the node server it listens with refuses request targets that are not origin-form first.
 */
function createFastify(): { app: FastifyInstance; handler: () => NodeHandler } {
  let handler: NodeHandler | null = null;
  const app = Fastify({
    bodyLimit: MAX_BODY_BYTES,
    // the registry's and the desk's paths carry long ids; find-my-way's default is 100 characters
    routerOptions: { maxParamLength: 10_000 },
    serverFactory: (listener) => {
      handler = listener;
      const server = createServer(guardNodeRequests(listener));
      // a slow client must not hold a connection (and its memory) forever
      server.requestTimeout = 30_000;
      server.headersTimeout = 10_000;
      return server;
    },
    // a request Node's parser refuses (bad framing, headers over 16 KB): the shop's error shape too
    clientErrorHandler,
    // a path that is not valid percent-encoding (`/api/admin/orders/%E0%A4%A`) names nothing: 400
    frameworkErrors: (error, _req, reply) => {
      void sendResponse(reply, errorResponse('BAD_REQUEST', error.code === 'FST_ERR_BAD_URL' ? 'Некорректный адрес' : 'Некорректный запрос'));
    },
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.setErrorHandler((error: { statusCode?: number }, req, reply) => {
    const status = clientErrorStatus(error);
    if (status === 413) return sendResponse(reply, payloadTooLarge(req.routeOptions.bodyLimit ?? MAX_BODY_BYTES));
    if (status !== null) return sendResponse(reply, errorResponse('BAD_REQUEST', 'Некорректный запрос', { status }));
    return sendResponse(reply, errorResponse('INTERNAL_SERVER_ERROR'));
  });
  app.setNotFoundHandler(fetchRoute((request) => notFound(new URL(request.url).pathname)));
  return { app, handler: () => handler as NodeHandler };
}

interface Mounted {
  draining?: () => boolean;
  yoga: YogaServerInstance<ServerContext, ApiContext>;
  operations: PersistedOperationStore;
  check: DocumentCheck;
}

async function mountRoutes(app: FastifyInstance, s: Services, m: Mounted): Promise<void> {
  const client = clientOf(s.proxies);
  const { limiters } = s;
  app.addHook('onRequest', catchUpCatalogVersion(s.version, s.refreshCatalogVersion));
  await app.register(graphqlRoute(m.yoga, s.version));
  await app.register(healthRoutes(s.ping, m.draining));
  await app.register(catalogVersionRoutes(s.version));
  // the generated catalogue's art goes through the photo pipeline as raster photos
  const art = {
    known: knownArtIn(s.db),
    svg: async (source: string) => {
      const drawn = imageResponse(`/api/images/${source.slice('art/'.length)}.svg`);
      return drawn ? Buffer.from(await drawn.arrayBuffer()) : null;
    },
  };
  await app.register(imageRoutes(photoResponder(s.photos, s.config.photos, art)));
  await app.register(paymentRoutes({ orders: s.orders, payments: s.payments, limiters, client, log: s.paymentLog }));
  const cdekNotify = cdekNotifyRoute(s.shipments, s.paymentLog, limiters.store);
  await app.register(async (routes) => {
    routes.all(
      CDEK_NOTIFY_PATH,
      fetchRoute((request, req) => cdekNotify(request, client(request, req).key)),
    );
  });
  await app.register(operationsRoute({ operations: m.operations, check: m.check, opsToken: s.config.opsToken, limiters, client }));
  // the orders desk (/api/admin/*, session) and its machine side (/api/ops/orders*, ops token)
  const catalog = catalogRoutes({ db: s.db, config: s.config, store: s.photos, changed: s.refreshCatalogVersion });
  await app.register(
    deskPlugin(createDesk({ db: s.db, config: s.config, hooks: s.orderHooks, returns: s.returns, opsFailures: limiters.opsFailures, rateLimitStore: limiters.store, catalog }), client),
  );
}

export async function createApi(options: ApiOptions): Promise<Api> {
  const s = await createServices(options);
  const { config } = s;
  // trusted documents: the operations the front ends' releases registered
  const operations = new PersistedOperationStore(s.db);
  await operations.load();
  // introspection as the deployment allows it (GRAPHQL_INTROSPECTION; off in production)
  const limits: QueryLimits = { ...(options.limits ?? defaultLimits), introspection: config.graphqlIntrospection && (options.limits?.introspection ?? true) };
  const { yoga, schema, responseCache, documentCaches } = createGraphql(options, s, operations, limits);
  const check = documentCheck(schema, limits);
  const { app, handler } = createFastify();
  await mountRoutes(app, s, { yoga, operations, check, ...(options.draining ? { draining: options.draining } : {}) });
  await app.ready();

  // On PostgreSQL every replica hears a catalogue change as it commits (another replica's order, an
  // import); polling is then a safety net only. PGlite has one process: it knows its own changes.
  const refresh = () => void s.refreshCatalogVersion().catch(() => {});
  const changes = config.databaseUrl ? await listenForCatalogChanges(config.databaseUrl, refresh, options.logging === false ? () => {} : console.warn) : null;
  const pollMs = options.catalogPollMs ?? (changes ? 30_000 : 2000);
  const timer = pollMs === 0 ? null : setInterval(refresh, pollMs);
  timer?.unref();
  const sweeper = options.reservationSweepMs === 0 ? null : startReservationSweeper(s.sweepReservations, options.reservationSweepMs ?? 30_000);
  s.mail.start();
  if (options.shipmentPollMs !== 0) s.shipments?.start();

  return {
    fetch: (input, init, server) => injectFetch(app, input, init, server),
    yoga: handler(),
    app,
    refreshCatalogVersion: s.refreshCatalogVersion,
    limiters: s.limiters,
    responseCacheStats: () => responseCache?.stats() ?? null,
    documentCacheStats: () => documentCaches.stats(),
    orderHooks: s.orderHooks,
    sweepReservations: s.sweepReservations,
    sendDueMail: (o) => s.mail.sendDueMail(o),
    registerShipments: () => s.shipments?.registerDue() ?? Promise.resolve(0),
    close: () => {
      if (timer) clearInterval(timer);
      sweeper?.stop();
      s.mail.stop();
      s.shipments?.stop();
      s.redis?.disconnect();
      void changes?.close();
    },
  };
}
