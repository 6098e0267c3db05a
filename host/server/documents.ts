import { constants as fsConstants } from 'node:fs';
import { access } from 'node:fs/promises';
import { HOST_BUILD_HEADER } from '@shop/contracts/release-plane';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SitemapDocument } from '../src/graphql/generated.ts';
import { errorPage, type HostContext } from './context.ts';
import { escapeHtml } from './html.ts';
import { acceptPreview, previewClearCookie, previewSetCookie, previewTarget, verifyPreview } from './preview.ts';

/** The host's own small answers: health, the visitor's registry, preview links, robots.txt and the sitemap. */
export async function documents(app: FastifyInstance, ctx: HostContext) {
  app.get('/healthz', async (_request, reply) => {
    // healthy only while the page template can still be read (a host whose build folder is gone,
    // or a half-written deploy, fails its health check instead of answering 500s) and while the
    // process is not stopping (the balancer takes a stopping replica out first)
    const ok =
      !ctx.draining() &&
      (await access(ctx.templateFile, fsConstants.R_OK).then(
        () => true,
        () => false,
      ));
    return reply
      .code(ok ? 200 : 503)
      .headers({ 'content-type': 'application/json', 'cache-control': 'no-store' })
      // with server rendering, its renders now (running, waiting) and the pages shed since start
      .send(JSON.stringify({ ok, ...(ctx.admission ? { renders: ctx.admission.stats() } : {}) }));
  });
  app.get('/__preview', (request, reply) => previewLink(ctx, request, reply));
  app.get('/registry.json', async (request, reply) => {
    const registry = await ctx.readVisitorRegistry(request.raw, reply.raw).then(
      (r) => r.registry,
      (error: unknown) => {
        console.error('[host] registry unavailable:', (error as Error).message);
        return null;
      },
    );
    return reply
      .code(registry ? 200 : 503)
      .headers({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', [HOST_BUILD_HEADER]: ctx.build })
      .send(JSON.stringify(registry ?? {}));
  });
  // robots.txt and the sitemap name the configured public origin, never the request's Host.
  app.get('/robots.txt', (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(
        `User-agent: *\nDisallow: /cart\nDisallow: /checkout\nDisallow: /order/\nDisallow: /api/\nSitemap: ${ctx.config.publicUrl}/sitemap.xml\n`,
      ),
  );
  app.get('/sitemap.xml', (_request, reply) => sitemap(ctx, reply));
}

async function sitemap(ctx: HostContext, reply: FastifyReply) {
  let entries: { path: string; lastModified?: string | null }[];
  try {
    entries = (await ctx.api(SitemapDocument, {})).sitemap;
  } catch (error) {
    console.error('[host] sitemap unavailable:', (error as Error).message);
    return reply
      .code(503)
      .headers({ 'content-type': 'text/plain; charset=utf-8', 'retry-after': '30', 'cache-control': 'no-store' })
      .send('Карта сайта временно недоступна');
  }
  const urls = entries
    .filter((entry) => entry.path.startsWith('/') && !entry.path.startsWith('//'))
    .map(
      (entry) =>
        `<url><loc>${escapeHtml(ctx.config.publicUrl + entry.path)}</loc>${entry.lastModified ? `<lastmod>${escapeHtml(entry.lastModified.slice(0, 10))}</lastmod>` : ''}</url>`,
    )
    .join('\n');
  return reply
    .headers({ 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' })
    .send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`);
}

/**
 * `/__preview?token=…[&next=/path]`: sets the preview cookie for this browser and goes to the
 * page; `/__preview?end=1` ends the preview. A forged, expired or refused token changes nothing.
 */
async function previewLink(ctx: HostContext, request: FastifyRequest, reply: FastifyReply) {
  const { config, secureCookie } = ctx;
  const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
  const params = new URLSearchParams(search);
  const next = previewTarget(params.get('next'));
  if (params.has('end')) {
    return reply
      .code(302)
      .headers({ location: next, 'set-cookie': previewClearCookie(secureCookie), 'cache-control': 'no-store' })
      .send();
  }
  const token = params.get('token') ?? '';
  const preview = config.previewSecret ? verifyPreview(config.previewSecret, token) : null;
  const state = preview ? await ctx.readRegistryState().catch(() => null) : null;
  if (!preview || !state || !acceptPreview(preview, state, config.previewOrigins)) {
    return errorPage(reply, 400, 'Ссылка предпросмотра недействительна или устарела. Попросите новую.', {
      'set-cookie': previewClearCookie(secureCookie),
    });
  }
  return reply
    .code(302)
    .headers({ location: next, 'set-cookie': previewSetCookie(token, preview, secureCookie), 'cache-control': 'no-store' })
    .send();
}
