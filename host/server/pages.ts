import { randomBytes } from 'node:crypto';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { constants as zlibConstants } from 'node:zlib';
import { PageMetaDocument, ResolvePageDocument } from '../src/graphql/generated.ts';
import { isDeskPath } from '../src/desk/desk-path.ts';
import { errorPage, type HostContext, type Template } from './context.ts';
import { DESK_HEADERS, deskHead } from './desk-page.ts';
import { fallbackHead, metaTags, productPhotoPreload } from './head.ts';
import { renderPage, startAfterFirstPaint } from './html.ts';
import { pagePreloads, pageStylesheets } from './preload.ts';
import type { Preview } from './preview.ts';
import { requestTarget } from './request.ts';
import { originsOf, securityHeaders } from './security.ts';
import { type RenderedPage, renderPageHtml, styleAttributeHashes } from './ssr.ts';

/** The page resolver's input limits (api/src/graphql/page-resolvers.ts). */
const MAX_PATH = 2000;
const MAX_QUERY = 4000;

type Headers = Record<string, string>;
type Forwarded = { 'x-forwarded-for': string };

/** What the resolver said about an address, ready for the page's HTML. */
interface Resolution {
  status: number;
  head: string;
  resolved: unknown;
  pageType: string | null;
}

/**
 * The shop's pages and the orders desk: HTML compressed as the browser accepts (a page
 * carries its state inline). Every other path a GET reaches is a page of the shop.
 */
export async function pages(app: FastifyInstance, ctx: HostContext) {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
    zlibOptions: { level: 6 },
  });
  app.get('/*', (request, reply) => {
    const target = requestTarget(request.raw);
    if (target.kind !== 'path') throw new Error('the gate lets only paths through');
    if (isDeskPath(target.pathname)) return deskPage(ctx, reply);
    return page(ctx, request, reply, target.pathname, target.search);
  });
}

/** The orders desk (desk-page.ts): the shell's page with the desk's head, 200, no-store, the same CSP without remotes or counter. */
async function deskPage(ctx: HostContext, reply: FastifyReply) {
  const template = await ctx.template();
  const html = renderPage(template.html, {
    head: deskHead(ctx.config.shopName),
    state: { config: { shopName: ctx.config.shopName } },
  });
  return reply
    .code(200)
    .headers({
      'content-type': 'text/html; charset=utf-8',
      ...securityHeaders({ remoteOrigins: [], scriptHashes: template.scriptHashes, counter: false, dev: ctx.config.dev }),
      ...DESK_HEADERS,
    })
    .send(html);
}

/**
 * A page of the shop. The API's resolver says what the URL is; the answer has that HTTP status
 * (200, 301/302 with Location, 404) and the page's meta in the HTML, plus the registry and the
 * resolver's answer so the browser starts at once.
 */
export async function page(ctx: HostContext, request: FastifyRequest, reply: FastifyReply, pathname: string, search: string) {
  // The resolver's own input limits: a longer address would be refused as BAD_USER_INPUT. No
  // page of the shop has such a long path (414), but a shopper's many filters can make a long
  // query: the page is then resolved by its path alone (its meta is the unfiltered page's) and
  // the page itself applies what it understands.
  if (pathname.length > MAX_PATH) {
    return errorPage(reply, 414, 'Слишком длинный адрес страницы. Уберите часть фильтров или начните с главной.');
  }
  const fullQuery = search.replace(/^\?/, '');
  const query = fullQuery.length > MAX_QUERY ? '' : fullQuery;
  const template = await ctx.template();
  const { registry, preview } = await ctx.readVisitorRegistry(request.raw, reply.raw).catch((error: unknown) => {
    console.error('[host] registry unavailable:', (error as Error).message);
    return { registry: {}, preview: null };
  });
  const headers: Headers = {
    'content-type': 'text/html; charset=utf-8',
    // a preview's page is that browser's alone: never stored by anything in between
    'cache-control': preview ? 'no-store' : 'no-cache',
  };
  const forwarded = {
    'x-forwarded-for': [request.headers['x-forwarded-for'], request.raw.socket.remoteAddress].filter(Boolean).join(', '),
  };
  const resolution = await resolve(ctx, reply, { pathname, query, forwarded, headers, preview: Boolean(preview) });
  if (!resolution) return reply;
  const nonce = randomBytes(16).toString('base64');
  const rendered =
    request.method === 'HEAD'
      ? undefined
      : await renderOnServer(ctx, { url: pathname + search, registry, resolved: resolution.resolved, preview, nonce, forwarded, headers });
  // CSP: the remotes' origins; a server-rendered page's nonce (React's scripts) and style attributes
  Object.assign(
    headers,
    securityHeaders({
      remoteOrigins: originsOf(registry),
      scriptHashes: template.scriptHashes,
      ...(rendered ? { nonce, styleAttributeHashes: styleAttributeHashes(rendered.html) } : {}),
      counter: Boolean(ctx.config.counterId),
      dev: ctx.config.dev,
    }),
  );
  const html = await pageHtml(ctx, template, { resolution, registry, preview, rendered, nonce });
  return reply.code(resolution.status).headers(headers).send(html);
}

/**
 * Asks the resolver (and for a found page its meta). Answers a redirect or a refused address
 * itself and returns nothing then. An unavailable API still gives the shell, which shows a
 * Russian message and retries; its status tells crawlers and monitors the truth.
 */
async function resolve(
  ctx: HostContext,
  reply: FastifyReply,
  options: { pathname: string; query: string; forwarded: Forwarded; headers: Headers; preview: boolean },
): Promise<Resolution | null> {
  const { pathname, query, forwarded, headers } = options;
  try {
    const { resolvePage } = await ctx.api(ResolvePageDocument, { path: pathname, query }, forwarded);
    const redirect = resolvePage.status === 301 || resolvePage.status === 302;
    if (redirect && resolvePage.location && onSiteLocation(resolvePage.location)) {
      reply
        .code(resolvePage.status)
        .headers({
          location: resolvePage.location,
          'cache-control': 'no-cache',
          ...securityHeaders({ remoteOrigins: [], scriptHashes: [], counter: false }),
        })
        .send();
      return null;
    }
    // A redirect off the site (`//evil`, `/\\evil`, `https://other`, from an imported table) is never sent.
    if (redirect) console.error('[host] refused an off-site redirect for', pathname);
    const status = resolvePage.status === 404 || redirect ? 404 : 200;
    // An order page without its key (or with a wrong one) is a 404 that the order page itself
    // shows («Заказ не найден» and what to do), so its files are preloaded too. Its HTML is
    // never stored: its URL carries the order's access key.
    const orderPage = resolvePage.type === 'ORDER' && !redirect;
    if (orderPage || options.preview) headers['cache-control'] = 'no-store';
    const resolved = { path: pathname, page: { ...resolvePage, ...(redirect ? { status: 404 } : {}), location: null } };
    const pageType = status === 200 || orderPage ? resolvePage.type : null;
    if (status === 404) {
      const title = orderPage ? `Заказ не найден | ${ctx.config.shopName}` : `Страница не найдена — ${ctx.config.shopName}`;
      return { status, head: fallbackHead(title), resolved, pageType };
    }
    const metaQuery = orderPage ? '' : query; // an order page's query holds its access key: never sent on
    const { pageMeta } = await ctx.api(PageMetaDocument, { type: resolvePage.type, id: resolvePage.id, query: metaQuery }, forwarded);
    const head = pageMeta
      ? [metaTags(pageMeta, ctx.config.publicUrl), productPhotoPreload(pageMeta, ctx.config.publicUrl)].filter(Boolean).join('\n    ')
      : fallbackHead(ctx.config.shopName);
    return { status, head, resolved, pageType };
  } catch (error) {
    return unresolved(ctx, reply, headers, error);
  }
}

function unresolved(ctx: HostContext, reply: FastifyReply, headers: Headers, error: unknown): Resolution | null {
  const code = (error as { code?: unknown }).code;
  if (code === 'BAD_USER_INPUT') {
    // The API refused the address itself: the shopper's request, not an outage.
    errorPage(reply, 400, 'Некорректный адрес страницы. Начните с главной страницы.');
    return null;
  }
  const shell = { head: fallbackHead(ctx.config.shopName), resolved: undefined, pageType: null };
  if (code === 'RATE_LIMITED') {
    // Too many order look-ups (an order page's key is checked against that budget): the
    // shell is served, and the order page says the same when it asks.
    Object.assign(headers, { 'retry-after': '60', 'cache-control': 'no-store' });
    return { status: 429, ...shell };
  }
  console.error('[host] page resolution failed:', (error as Error).message);
  headers['retry-after'] = '30';
  return { status: 503, ...shell };
}

/**
 * The page itself, rendered here (host/src/ssr): the shell and the page's remote from this
 * visitor's registry, with its data. Without it (rendering off, a failed render) the browser
 * renders the page as before: a server render can only make a page better.
 */
async function renderOnServer(
  ctx: HostContext,
  options: {
    url: string;
    registry: Record<string, string>;
    resolved: unknown;
    preview: Preview | null;
    nonce: string;
    forwarded: Forwarded;
    headers: Headers;
  },
): Promise<RenderedPage | undefined> {
  const { renderer } = ctx;
  if (!renderer || !options.resolved) return undefined;
  const pathname = options.url.split('?')[0];
  try {
    const rendered = await renderPageHtml(renderer, {
      url: options.url,
      registry: options.registry,
      config: ctx.publicConfig as Parameters<typeof renderer.render>[0]['config'],
      resolved: options.resolved as Parameters<typeof renderer.render>[0]['resolved'],
      ...(options.preview ? { preview: { remote: options.preview.remote, version: options.preview.version } } : {}),
      nonce: options.nonce,
      headers: options.forwarded,
    });
    if (rendered.errors.length > 0) console.error(`[host] ${pathname}: left to the browser: ${rendered.errors.join('; ')}`);
    options.headers['server-timing'] =
      `data;dur=${rendered.timings.data.toFixed(1)}, render;dur=${rendered.timings.render.toFixed(1)}`;
    return rendered;
  } catch (error) {
    console.error(`[host] ${pathname}: server render failed, the browser renders the page:`, (error as Error).message);
    return undefined;
  }
}

/**
 * The page's HTML. Its files start downloading with the HTML (preload.ts); a server-rendered
 * page has its styles inline and starts its scripts once it shows (preload.ts
 * pageStylesheets, html.ts startAfterFirstPaint).
 */
async function pageHtml(
  ctx: HostContext,
  template: Template,
  options: { resolution: Resolution; registry: Record<string, string>; preview: Preview | null; rendered?: RenderedPage; nonce: string },
): Promise<string> {
  const { resolution, registry, preview, rendered, nonce } = options;
  const host = template.startAssets;
  const preloads = await pagePreloads({ pageType: resolution.pageType, registry, host, readManifest: ctx.readManifest });
  const styles = rendered
    ? await pageStylesheets({
        modules: rendered.modules,
        registry,
        host,
        readManifest: ctx.readManifest,
        readStylesheet: ctx.readStylesheet,
        nonce,
      })
    : undefined;
  const shell = styles
    ? startAfterFirstPaint(template.html, nonce, { preload: preloads.scripts, printStyles: styles.inlined })
    : template.html;
  return renderPage(shell, {
    head: [resolution.head, styles ? styles.tags : preloads.tags].filter(Boolean).join('\n    '),
    ...(rendered ? { body: rendered.html } : {}),
    state: {
      registry,
      config: ctx.publicConfig,
      resolved: resolution.resolved,
      ...(preview ? { preview: { remote: preview.remote, version: preview.version } } : {}),
      ...(rendered ? { apollo: rendered.apolloState, modules: rendered.modules } : {}),
    },
  });
}

/** A Location the shop may send: a path on this site (not `//host`, no backslash or control character). */
function onSiteLocation(location: string): boolean {
  return location.startsWith('/') && !location.startsWith('//') && !/[\\\p{Cc}]/u.test(location);
}
