import type http from 'node:http';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { clientErrorStatus } from '@shop/server-kit';
import type { HostConfig } from './config.ts';
import { hostContext } from './context.ts';
import { documents } from './documents.ts';
import { clientErrorHandler, gate, refuseTunnel } from './gate.ts';
import { page, pages } from './pages.ts';
import { apiProxy } from './proxy.ts';
import { requestTarget } from './request.ts';
import { staticFiles } from './static-files.ts';

/**
 * The host's Node server (Fastify): the gate every request passes (gate.ts), the build's
 * files (static-files.ts), `/api/*` proxied to the API and the release service (proxy.ts),
 * the host's own documents (documents.ts) and every other GET as a page of the shop (pages.ts).
 * Returns the Node server, ready to listen.
 */
export async function createHostServer(config: HostConfig, options: { draining?: () => boolean } = {}): Promise<http.Server> {
  const ctx = await hostContext(config, options.draining);
  const proxy = {
    apiUrl: config.apiUrl,
    releaseUrl: config.releaseUrl ?? config.apiUrl,
    allowOps: config.proxyOps,
    ...(ctx.catalogVersion ? { onCatalogVersion: ctx.catalogVersion.heard } : {}),
  };
  const checkRequest = gate({ hsts: ctx.hsts, proxy });
  const app = Fastify({
    // Node's own limit on how long a request may take to arrive (Fastify's default turns it off).
    requestTimeout: 300_000,
    // A page path may be long (the page answers 414 itself past its limit), never cut by the router.
    routerOptions: { maxParamLength: 64 * 1024 },
    // Routes see the path as the gate reads it (request.ts): `/api/%2e%2e/x` is the page `/x`.
    rewriteUrl: (req) => {
      const target = requestTarget(req);
      return target.kind === 'path' ? target.pathname + target.search : (req.url ?? '/');
    },
    clientErrorHandler: clientErrorHandler(ctx.hsts),
    // A path the router cannot decode (`%E0%A4%A`) still passes the gate; a page is resolved as usual.
    frameworkErrors: async (_error: Error, request: FastifyRequest, reply: FastifyReply) => {
      await checkRequest(request, reply);
      if (reply.sent) return;
      const target = requestTarget(request.raw);
      if (target.kind === 'path') return page(ctx, request, reply, target.pathname, target.search);
    },
  });
  app.server.on('connect', refuseTunnel(ctx.hsts));
  app.addHook('onRequest', checkRequest);
  app.setNotFoundHandler((_request, reply) => reply.code(404).type('text/plain; charset=utf-8').send('Not found'));
  app.setErrorHandler((error, _request, reply) => {
    // A refusal a plugin has already judged the client's (a Range past the file's end is 416,
    // with its Content-Range): answered with that status, not logged as the server's fault.
    const refusal = clientErrorStatus(error as { statusCode?: number });
    if (refusal !== null && !reply.raw.headersSent) {
      return reply.code(refusal).headers((error as { headers?: Record<string, string> }).headers ?? {}).type('text/plain; charset=utf-8').send('Запрос отклонён');
    }
    console.error('[host]', error);
    if (reply.raw.headersSent) return void reply.raw.destroy();
    return reply.code(500).type('text/plain; charset=utf-8').send('Внутренняя ошибка сервера');
  });
  await app.register(staticFiles, { distDir: config.distDir, serveSourceMaps: config.serveSourceMaps });
  await app.register(apiProxy, proxy);
  await app.register(documents, ctx);
  await app.register(pages, ctx);
  await app.ready();
  return app.server;
}
