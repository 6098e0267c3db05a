import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { fetchRoute as kitFetchRoute } from '@shop/server-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INTERNAL_HOST } from './node-entry.ts';

/**
 * The API's handlers (the desk, payments) speak WHATWG Request/Response; @shop/server-kit carries
 * a request in and an answer out (yoga takes the node request itself: graphql-route.ts). The origin
 * is fixed: the API answers by path alone.
 */
const ORIGIN = `http://${INTERNAL_HOST}`;

/** The trusted peer's socket for clientIp (Fastify's raw request). */
export const rawReq = (req: FastifyRequest): IncomingMessage => req.raw;

/** A route handler written as Request -> Response: errors end as the coded 500, never a stack. */
export const fetchRoute = (handle: (request: Request, req: FastifyRequest) => Promise<Response> | Response) => kitFetchRoute(ORIGIN, handle);

const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * The node response an in-process caller stands in for (tests of the execution limit hand one
 * that never finishes): inject has no place for it, so the request carries a random one-time
 * token naming it; a token from outside names nothing.
 */
const injectedResponses = new Map<string, ServerResponse>();
const INJECTED_RESPONSE = 'x-in-process-response';

/** The response to watch for an answer's delivery: an in-process caller's stand-in, else the real one. */
export function responseOf(req: FastifyRequest, raw: ServerResponse): ServerResponse {
  const token = req.headers[INJECTED_RESPONSE];
  return (typeof token === 'string' && injectedResponses.get(token)) || raw;
}

/**
 * In-process requests (tests, tooling) through Fastify's inject: the whole request path, without
 * a socket. `peer` is the socket address the request seems to come from; none gives the client
 * `unknown`, as a call with no socket always did.
 */
export async function injectFetch(
  app: FastifyInstance,
  input: string | URL | Request,
  init: RequestInit | undefined,
  server: { req?: IncomingMessage; res?: ServerResponse } | undefined,
): Promise<Response> {
  const request = new Request(input, init);
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  for (const [name, value] of request.headers) headers[name] = value;
  const token = server?.res ? randomUUID() : null;
  if (token && server?.res) {
    injectedResponses.set(token, server.res);
    headers[INJECTED_RESPONSE] = token;
  }
  const inject = () => app.inject({
    method: request.method as 'GET',
    url: `${url.pathname}${url.search}`,
    headers,
    payload: request.body ? Readable.fromWeb(request.body as never) : undefined,
    remoteAddress: server?.req?.socket?.remoteAddress ?? 'unknown',
  });
  const res = await inject().finally(() => token && injectedResponses.delete(token));
  const out = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) out.append(name, String(v));
  }
  const body = NULL_BODY.has(res.statusCode) || request.method === 'HEAD' ? null : res.rawPayload;
  return new Response(body as BodyInit | null, { status: res.statusCode, headers: out });
}
