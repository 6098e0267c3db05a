import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendNodeResponse } from '@whatwg-node/server';
import { CATALOG_VERSION } from '@shop/contracts/pages';
import type { FastifyInstance } from 'fastify';
import type { YogaServerInstance } from 'graphql-yoga';
import type { ApiContext } from '../graphql/context.ts';
import { responseOf } from './fetch-bridge.ts';

/** Node's request and response: who asks (client-ip.ts) and when the answer was sent (execution-limit.ts). */
export interface ServerContext {
  req?: IncomingMessage;
  res?: ServerResponse;
}

/**
 * graphql-yoga mounted as one Fastify route, the way yoga's Fastify integration does it: yoga's
 * node adapter reads the node request itself and builds its Request lazily, and yoga's own writer
 * sends the answer (the route has no Fastify hooks to run). Each step Fastify took instead (a full
 * WHATWG Request first, the body read into a Buffer, the answer read back for `reply.send`) cost
 * the API a noticeable share of its requests per second. So this route's body is not parsed by
 * Fastify: yoga's body-limit plugin (body-limit.ts) counts it against MAX_BODY_BYTES (413) and
 * takes only JSON (415). The node request's URL is origin-form on the fixed INTERNAL_HOST
 * (node-entry.ts), so the query string reaches yoga as sent. Yoga's plugins (body types and
 * bounds, persisted operations, the response cache, query and execution limits, error codes,
 * graphql-jit) see what they always saw.
 */
export function graphqlRoute(yoga: YogaServerInstance<ServerContext, ApiContext>, catalogVersion: () => number) {
  return async (app: FastifyInstance) => {
    // this plugin's own parsers: the body stays in the node request for yoga
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_req, _payload, done) => done(null));
    app.all(yoga.graphqlEndpoint, async (req, reply) => {
      const response = await yoga.handleNodeRequestAndResponse(req.raw, reply.raw, {
        req: req.raw,
        res: responseOf(req, reply.raw),
      });
      // the version this answer is from, read after it ran (an order that sold a size out raised it)
      response.headers.set(CATALOG_VERSION.header, String(catalogVersion()));
      reply.hijack();
      await sendNodeResponse(response, reply.raw, req.raw, false);
    });
  };
}
