import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorResponse } from '../util/error-response.ts';
import { INTERNAL_HOST } from './node-entry.ts';

/**
 * The API's handlers (yoga, the desk, the registry, payments) speak WHATWG Request/Response, the
 * shape yoga needs anyway; Fastify routes, counts and caps the bytes, and these two functions
 * carry a request in and an answer out. The origin is fixed: the API answers by path alone.
 */
export function toRequest(req: FastifyRequest, RequestClass: typeof Request = Request): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const body = req.body instanceof Buffer && req.method !== 'GET' && req.method !== 'HEAD' ? req.body : undefined;
  return new RequestClass(`http://${INTERNAL_HOST}${req.url}`, { method: req.method, headers, body });
}

/** Writes a handler's Response through Fastify (Set-Cookie kept as separate headers). */
export async function sendResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.code(response.status);
  for (const [name, value] of response.headers) if (name !== 'set-cookie') reply.header(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Buffer.from(await response.arrayBuffer()));
}

/** The trusted peer's socket for client-ip.ts (Fastify's raw request). */
export const rawReq = (req: FastifyRequest): IncomingMessage => req.raw;

/** A route handler written as Request -> Response: errors end as the coded 500, never a stack. */
export function fetchRoute(handle: (request: Request, req: FastifyRequest) => Promise<Response> | Response) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const response = await Promise.resolve()
      .then(() => handle(toRequest(req), req))
      .catch(() => errorResponse('INTERNAL_SERVER_ERROR'));
    return sendResponse(reply, response);
  };
}

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
