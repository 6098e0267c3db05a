import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The build's files: /static/ (hashed names), /independent-packages/ (the untree-shaken copies
 * of the shared libraries, which the federation runtime fetches only when a remote needs an
 * export the host's tree-shaken singleton left out), and the host's own /mf-manifest.json and
 * /mf-stats.json, which the release gate compares each remote release with.
 */
export async function staticFiles(app: FastifyInstance, options: { distDir: string; serveSourceMaps: boolean }) {
  app.addHook('onRequest', async (request) => dropBadRange(request));
  const served = {
    root: options.distDir,
    // The build writes .br and .gz copies of every script and stylesheet (rspack.base.ts).
    preCompressed: true,
    etag: true,
    cacheControl: false,
    index: false as const,
    // One route per file, found when the server starts: the build's files do not change while it
    // runs. The wildcard route instead lists the folder on every request to check the name's
    // spelling, and the folder keeps earlier builds' files: a cost that grows with every deploy.
    wildcard: false,
    // no route of their own for the compressed copies (preCompressed finds them beside the file
    // asked for) nor for source maps the public never gets: a third of the routes
    globIgnore: ['**/*.br', '**/*.gz', ...(options.serveSourceMaps ? [] : ['**/*.map'])],
    // Source maps (with sources) stay on disk for error tooling; the public never gets them.
    allowedPath: (pathname: string) => options.serveSourceMaps || !isSourceMap(pathname),
    // Hashed file names never change; the fallback copies are named by library version only, so they are revalidated.
    setHeaders: (reply: FastifyReply, file: string) => {
      reply.header(
        'Cache-Control',
        path.relative(options.distDir, file).startsWith(`independent-packages${path.sep}`)
          ? 'public, max-age=3600'
          : 'public, max-age=31536000, immutable',
      );
    },
  };
  // A missing file or a refused source map goes to the server's not-found answer (a plain 404), never a page.
  await app.register(fastifyStatic, { ...served, root: path.join(options.distDir, 'static'), prefix: '/static/' });
  await app.register(fastifyStatic, {
    ...served,
    root: path.join(options.distDir, 'independent-packages'),
    prefix: '/independent-packages/',
    decorateReply: false,
  });
  // any other address under them (a file of no build, a name spelt otherwise) is not found
  for (const prefix of ['/static/', '/independent-packages/']) {
    app.route({ method: ['GET', 'HEAD'], url: `${prefix}*`, handler: (_request, reply) => reply.callNotFound() });
  }
  for (const file of ['mf-manifest.json', 'mf-stats.json']) app.get(`/${file}`, (_request, reply) => reply.sendFile(file, options.distDir));
}

/** `.map` at the end of the path, as written or as decoded. */
function isSourceMap(pathname: string): boolean {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // an undecodable path is looked at as it is
  }
  return /\.map$/i.test(pathname) || /\.map$/i.test(decoded);
}

/**
 * A Range that is not one plain, ordered byte range is ignored (RFC 9110 lets a server ignore
 * Range) and the whole file is sent, as for a request without one: a shopper's odd Range never
 * turns into an error.
 */
function dropBadRange(request: FastifyRequest) {
  const range = request.headers.range;
  if (range === undefined) return;
  const match = /^bytes=(\d{1,15})-(\d{1,15})?$/.exec(range);
  if (!match || (match[2] !== undefined && Number(match[2]) < Number(match[1]))) delete request.headers.range;
}
