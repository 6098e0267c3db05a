import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The registry's handlers are written against the WHATWG Request/Response pair (they ran inside
 * graphql-yoga before this service existed, and the tests call them that way): Fastify routes
 * hand them a Request built from the already size-capped body and send back their Response.
 */
export function toRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const body = request.body instanceof Buffer && request.method !== 'GET' && request.method !== 'HEAD' ? new Uint8Array(request.body) : undefined;
  return new Request(requestUrl(request), { method: request.method, headers, ...(body ? { body } : {}) });
}

/** The path and query as sent, on a fixed origin: the handlers answer by path alone. */
export function requestUrl(request: FastifyRequest): URL {
  return new URL(request.url, 'http://release.internal');
}

export async function sendResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'content-length') reply.header(name, value);
  });
  return reply.send(Buffer.from(await response.arrayBuffer()));
}
