import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { YogaServerInstance } from 'graphql-yoga';
import type { ApiContext } from '../graphql/context.ts';
import { MAX_BODY_BYTES } from './body-limit.ts';
import { sendResponse } from '@shop/server-kit';
import { responseOf } from './fetch-bridge.ts';

/** Node's request and response: who asks (client-ip.ts) and when the answer was sent (execution-limit.ts). */
export interface ServerContext {
  req?: IncomingMessage;
  res?: ServerResponse;
}

/**
 * graphql-yoga mounted as one Fastify route, the way yoga's Fastify integration does it: yoga's
 * node adapter builds its Request from the node request lazily. Building a full WHATWG Request
 * first (native Headers, a body copy) cost a fifth to a third of the API's requests per second.
 * Fastify has counted the body against MAX_BODY_BYTES and hands it over as read (a Buffer; none:
 * the finished stream). The node request's URL is origin-form on the fixed INTERNAL_HOST
 * (node-entry.ts), and Fastify's parsed query is left out, so the query string reaches yoga as
 * sent. Yoga's plugins (body types and bounds, persisted operations, the response cache, query
 * and execution limits, error codes, graphql-jit) see what they always saw.
 */
export function graphqlRoute(yoga: YogaServerInstance<ServerContext, ApiContext>) {
  return async (app: FastifyInstance) => {
    app.all(yoga.graphqlEndpoint, { bodyLimit: MAX_BODY_BYTES }, async (req, reply) => {
      const nodeRequest = { raw: req.raw, method: req.method, headers: req.headers, body: req.body };
      const context = { req: req.raw, res: responseOf(req, reply.raw) };
      const response = await yoga.handleNodeRequestAndResponse(nodeRequest, reply.raw, context);
      return sendResponse(reply, response);
    });
  };
}
