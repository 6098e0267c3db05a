import { errorMessage } from '@shop/contracts/errors';
import { REGISTRY_CHANGED_CHANNEL, RELEASE_PLANE_PATHS } from '@shop/contracts/release-plane';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { type CatalogueApi, createApiClient } from '../catalogue/api-client.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { startCanaryProgress } from '../registry/canary-progress.ts';
import { createHealthRoutes } from '../registry/health-routes.ts';
import { PREVIEW_ROUTE, previewResponse } from '../registry/preview-routes.ts';
import { registryChanges } from '../registry/registry-repo.ts';
import { registryResponse } from '../registry/registry-routes.ts';
import { RELEASE_OPERATIONS_PATH, releaseOperationsResponse } from '../registry/release-operations.ts';
import type { TokenGuard } from '../registry/release-auth.ts';
import { registerSmokeCheck } from '../registry/smoke.ts';
import { UPLOADS_PATH, uploadResponse } from '../registry/upload-routes.ts';
import { clientErrorHandler, clientErrorStatus, connectRedis, createRateLimit, type RateLimitStore, redisStore, errorResponse, rateLimitKey, requestUrl as urlOf, sendResponse, toRequest as requestOf } from '@shop/server-kit';

export interface ReleaseAppOptions {
  db: Db;
  config: Config;
  /** The catalogue API (default: over HTTP at config.apiUrl); in-process tests pass their own. */
  api?: CatalogueApi;
  logging?: boolean;
  /** True once the process is stopping: /healthz answers 503 so a balancer takes it out. */
  draining?: () => boolean;
}

/** JSON bodies of the ops routes (release records, tokens, previews, telemetry batches). */
const MAX_BODY_BYTES = 1024 * 1024;
const WRONG_TOKEN_WINDOW_MS = 15 * 60_000;
/** The handlers answer by path alone, on this fixed origin. */
const ORIGIN = 'http://release.internal';
const requestUrl = (request: FastifyRequest) => urlOf(request, ORIGIN);
const toRequest = (request: FastifyRequest) => requestOf(request, ORIGIN);

type Handler = (request: Request, url: URL, guard: TokenGuard) => Promise<Response | null>;

/**
 * The release service: exactly the release plane's paths of @shop/contracts/release-plane, with
 * the catalogue API's former answers, codes and messages; every other path is 404.
 */
export async function buildReleaseApp(options: ReleaseAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({ logger: options.logging ?? false, trustProxy: config.trustedProxies, bodyLimit: MAX_BODY_BYTES, clientErrorHandler });
  // bodies reach the handlers as bytes: they read JSON or archives themselves
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.setErrorHandler(async (error: { statusCode?: number }, request, reply) => {
    if (error.statusCode === 413) {
      const cap = request.url.startsWith(UPLOADS_PATH) ? config.releases.maxUploadBytes : MAX_BODY_BYTES;
      return sendResponse(reply, errorResponse('PAYLOAD_TOO_LARGE', errorMessage('PAYLOAD_TOO_LARGE', { maxKb: Math.round(cap / 1024) })));
    }
    // Fastify's own refusals of a malformed request (a body that does not match its length…)
    if (clientErrorStatus(error) !== null) return sendResponse(reply, errorResponse('BAD_REQUEST', 'Некорректный запрос'));
    request.log.error(error);
    return sendResponse(reply, errorResponse('INTERNAL_SERVER_ERROR'));
  });
  app.setNotFoundHandler((request, reply) => sendResponse(reply, notFound(requestUrl(request).pathname)));
  app.get('/healthz', async (_request, reply) => (options.draining?.() ? reply.code(503).send({ ok: false, draining: true }) : { ok: true }));
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, options.logging === false ? () => {} : console.warn) : null;
  if (redis) {
    // every registry change reaches the host servers at once
    const publish = (remote: string) => void redis.publish(REGISTRY_CHANGED_CHANNEL, remote).catch(() => undefined);
    registryChanges.on('changed', publish);
    app.addHook('onClose', async () => {
      registryChanges.off('changed', publish);
      redis.disconnect();
    });
  }
  const store = redis ? redisStore(redis, 'release') : undefined;
  const failures = createRateLimit({ name: 'ops-failures', limit: config.opsTokenFailureLimit, windowMs: WRONG_TOKEN_WINDOW_MS, store });
  const route = (handler: Handler) => async (request: FastifyRequest, reply: FastifyReply) => {
    const url = requestUrl(request);
    const answer = await handler(toRequest(request), url, { client: rateLimitKey(request.ip), failures });
    return sendResponse(reply, answer ?? notFound(url.pathname));
  };
  registerRoutes(app, options, route, store);
  registerSmokeCheck();
  // progressive canaries step on, and failing ones stop, every few seconds (each replica runs it)
  const progress = startCanaryProgress(options.db, config, options.logging === false ? () => {} : console.warn);
  app.addHook('onClose', () => progress.stop());
  return app;
}

function registerRoutes(
  app: FastifyInstance,
  options: ReleaseAppOptions,
  route: (handler: Handler) => (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>,
  store?: RateLimitStore,
) {
  const { db, config } = options;
  const api = options.api ?? createApiClient({ apiUrl: config.apiUrl, opsToken: config.opsToken });
  const health = createHealthRoutes(db, config, store);
  const { registry, ops, telemetry, health: healthPath } = RELEASE_PLANE_PATHS;
  const healthRoute = route((request, url, guard) => health(request, url, guard.client));
  app.all(`${telemetry}*`, healthRoute);
  app.all(healthPath, healthRoute);
  app.all(`${UPLOADS_PATH}*`, { bodyLimit: config.releases.maxUploadBytes }, route((request, url, guard) => uploadResponse(request, url, db, config, { guard, operations: api })));
  app.all(PREVIEW_ROUTE, route((request, _url, guard) => previewResponse(request, { db, config, guard })));
  app.all(RELEASE_OPERATIONS_PATH, route((request, _url, guard) => releaseOperationsResponse(request, db, config, { guard, operations: api })));
  const registryRoute = route((request, url, guard) => registryResponse(request, url, db, config, guard));
  app.all(registry, registryRoute);
  app.all(ops, registryRoute);
  app.all(`${ops}/*`, registryRoute);
}

function notFound(path: string): Response {
  return errorResponse('NOT_FOUND', `Нет такого адреса: ${path.slice(0, 200)}`);
}
