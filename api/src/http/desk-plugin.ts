import { CATALOG_UPLOAD_MAX_BYTES } from '@shop/contracts/desk';
import type { FastifyInstance } from 'fastify';
import { MAX_DESK_BODY_BYTES } from '../desk/desk-http.ts';
import type { Desk } from '../desk/desk-routes.ts';
import { fetchRoute } from './fetch-bridge.ts';
import type { ClientOf } from './shop-routes.ts';

/**
 * The orders desk as its own plugin: the staff's pages' API (/api/admin/*, session cookie) and
 * its machine side (/api/ops/orders, /api/ops/orders.csv, /api/ops/orders/*, /api/ops/users…, ops token), every
 * body capped at MAX_DESK_BODY_BYTES.
 */
export function deskPlugin(desk: Desk, client: ClientOf) {
  const handle = fetchRoute((request, req) => desk.handle(request, new URL(request.url), client(request, req).ip));
  return async (app: FastifyInstance) => {
    for (const path of ['/api/admin/*', '/api/ops/orders', '/api/ops/orders.csv', '/api/ops/orders/*', '/api/ops/users', '/api/ops/users/*']) {
      app.all(path, { bodyLimit: MAX_DESK_BODY_BYTES }, handle);
    }
    // the owner's catalogue upload (a ZIP of the catalogue and its photos) and photo replacements
    app.all('/api/admin/catalog', { bodyLimit: CATALOG_UPLOAD_MAX_BYTES }, handle);
    app.all('/api/admin/catalog/*', { bodyLimit: CATALOG_UPLOAD_MAX_BYTES }, handle);
  };
}
