import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { YogaServerInstance } from 'graphql-yoga';
import type { ApiContext } from '../graphql/context.ts';
import { MAX_BODY_BYTES } from './body-limit.ts';
import { sendResponse } from '@shop/server-kit';
import { responseOf, toRequest } from './fetch-bridge.ts';

/** Node's request and response: who asks (client-ip.ts) and when the answer was sent (execution-limit.ts). */
export interface ServerContext {
  req?: IncomingMessage;
  res?: ServerResponse;
}

/**
 * graphql-yoga mounted as one Fastify route. Fastify has counted the body against MAX_BODY_BYTES;
 * yoga gets it as a Request of its own fetch API (a native one cannot be read twice, and yoga's
 * body-size plugin wraps the body after ours has read it), so its plugins (body types and bounds, persisted operations,
 * the response cache, query and execution limits, error codes, graphql-jit) see what they always saw.
 */
export function graphqlRoute(yoga: YogaServerInstance<ServerContext, ApiContext>) {
  return async (app: FastifyInstance) => {
    app.all(yoga.graphqlEndpoint, { bodyLimit: MAX_BODY_BYTES }, async (req, reply) => {
      const response = await yoga.fetch(toRequest(req, yoga.fetchAPI.Request), { req: req.raw, res: responseOf(req, reply.raw) });
      return sendResponse(reply, response);
    });
  };
}
