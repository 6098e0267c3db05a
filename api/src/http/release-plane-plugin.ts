import type { FastifyInstance } from 'fastify';
import { RELEASE_PLANE_PATHS } from '@shop/contracts/release-plane';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { DocumentCheck } from '../persisted/check-document.ts';
import { MAX_REGISTRATION_BYTES, type PersistedOperationStore } from '../persisted/persisted-operations.ts';
import { createHealthRoutes } from '../registry/health-routes.ts';
import { PREVIEW_ROUTE, previewResponse } from '../registry/preview-routes.ts';
import { registryResponse } from '../registry/registry-routes.ts';
import { registerSmokeCheck } from '../registry/smoke.ts';
import { type OperationRegistry, UPLOADS_PATH, uploadResponse } from '../registry/upload-routes.ts';
import type { Limiters } from '../util/rate-limiter.ts';
import { fetchRoute } from './fetch-bridge.ts';
import { type ClientOf, notFound } from './shop-routes.ts';

export interface ReleasePlaneOptions {
  db: Db;
  config: Config;
  limiters: Limiters;
  client: ClientOf;
  operations: PersistedOperationStore;
  check: DocumentCheck;
}

/**
 * The release plane's routes (isReleasePlanePath in @shop/contracts/release-plane: registry,
 * ops registry with uploads and previews, browsers' health reports), mounted here only while
 * they still live in this process: the release service takes them over, and this file and the
 * one line registering it go.
 */
export function releasePlanePlugin(options: ReleasePlaneOptions) {
  const { db, config, limiters, client } = options;
  const { registry, ops, telemetry, health } = RELEASE_PLANE_PATHS;
  const healthRoutes = createHealthRoutes(db, config);
  // the browser smoke runs before every activation, canary and promote, after the static checks
  registerSmokeCheck(db);
  const guardOf = (request: Request, req: Parameters<ClientOf>[1]) => ({ client: client(request, req).key, failures: limiters.opsFailures });
  const register: OperationRegistry = { register: (manifest, by) => options.operations.register(manifest, by, options.check) };
  const reports = fetchRoute(async (request, req) => {
    const url = new URL(request.url);
    return (await healthRoutes(request, url, client(request, req).key)) ?? notFound(url.pathname);
  });
  const registryRoute = fetchRoute(async (request, req) => {
    const url = new URL(request.url);
    if (url.pathname === PREVIEW_ROUTE) return previewResponse(request, { db, config, guard: guardOf(request, req) });
    if (url.pathname.startsWith(UPLOADS_PATH)) return uploadResponse(request, url, db, config, { guard: guardOf(request, req), operations: register });
    return (await registryResponse(request, url, db, config, guardOf(request, req))) ?? notFound(url.pathname);
  });
  return async (app: FastifyInstance) => {
    app.all(`${telemetry}*`, reports);
    app.all(health, reports);
    app.all(registry, registryRoute);
    app.all(ops, { bodyLimit: MAX_REGISTRATION_BYTES }, registryRoute);
    app.all(`${ops}/*`, { bodyLimit: MAX_REGISTRATION_BYTES }, registryRoute);
    app.all(`${UPLOADS_PATH}*`, { bodyLimit: config.releases.maxUploadBytes }, registryRoute);
  };
}
