import type { Duplex } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorPage } from './context.ts';
import { type ProxyOptions, refuseApiRequest } from './proxy.ts';
import { requestTarget } from './request.ts';
import { baselineHeaders, clientErrorResponse } from './security.ts';

/**
 * The checks every request passes before any route runs (an `onRequest` hook, also run for
 * a URL the router cannot decode): the baseline security headers, a request target that
 * is a plain path on a valid Host, and the methods each part of the site answers. Nothing
 * taken from the request is parsed before this.
 */
export function gate(options: { hsts: Record<string, string>; proxy: ProxyOptions }) {
  return async function checkRequest(request: FastifyRequest, reply: FastifyReply) {
    reply.headers({ ...baselineHeaders('/'), ...options.hsts });
    const target = requestTarget(request.raw);
    if (target.kind === 'bad')
      return errorPage(reply, 400, 'Некорректный запрос. Начните с главной страницы.', { connection: 'close' });
    if (target.kind === 'server') return reply.code(204).header('allow', 'GET, HEAD, POST, OPTIONS').send();
    const { pathname, search } = target;
    if (pathname.startsWith('/api/')) {
      reply.headers(baselineHeaders(pathname));
      if (refuseApiRequest(options.proxy, pathname, search, reply)) return reply;
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.code(405).header('allow', 'GET, HEAD').send();
  };
}

/**
 * A request Node itself refuses (bad request line or header, an unknown method, headers over
 * 16 KB, a timeout) gets a short Russian page instead of a reset.
 */
export function clientErrorHandler(hsts: Record<string, string>) {
  return (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    socket.end(clientErrorResponse(error.code, hsts));
  };
}

/** CONNECT asks the server to be a tunnel: it is not one. */
export function refuseTunnel(hsts: Record<string, string>) {
  return (_req: unknown, socket: Duplex) => {
    socket.on('error', () => undefined);
    socket.end(clientErrorResponse('HPE_INVALID_METHOD', hsts));
  };
}
