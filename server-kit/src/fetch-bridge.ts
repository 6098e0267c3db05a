import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorResponse } from './error-response.ts';

/**
 * The services' handlers (the desk, the registry, payments) speak WHATWG Request/Response; Fastify
 * routes, counts and caps the bytes, and these functions carry a request in and an answer out (the
 * API's yoga takes the node request itself, through its own adapter). The origin is fixed per
 * service: each answers by path alone.
 */
export function toRequest(req: FastifyRequest, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const body = req.body instanceof Buffer && req.method !== 'GET' && req.method !== 'HEAD' ? new Uint8Array(req.body) : undefined;
  return new Request(requestUrl(req, origin), { method: req.method, headers, ...(body ? { body } : {}) });
}

/** The path and query as sent, on the service's fixed origin. */
export function requestUrl(req: FastifyRequest, origin: string): URL {
  return new URL(req.url, origin);
}

/**
 * Writes a handler's Response through Fastify: Set-Cookie kept as separate headers, the length
 * left to Fastify (it measures the bytes it sends).
 */
export async function sendResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.code(response.status);
  for (const [name, value] of response.headers) if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Buffer.from(await response.arrayBuffer()));
}

/** A route handler written as Request -> Response: errors end as the coded 500, never a stack. */
export function fetchRoute(origin: string, handle: (request: Request, req: FastifyRequest) => Promise<Response> | Response) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const response = await Promise.resolve()
      .then(() => handle(toRequest(req, origin), req))
      .catch(() => errorResponse('INTERNAL_SERVER_ERROR'));
    return sendResponse(reply, response);
  };
}
