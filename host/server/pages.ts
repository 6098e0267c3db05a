import compress from '@fastify/compress';
import { CATALOG_VERSION } from '@shop/contracts/pages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { constants as zlibConstants } from 'node:zlib';
import { PageMetaDocument, ResolvePageDocument } from '../src/graphql/generated.ts';
import { isDeskPath } from '../src/desk/desk-path.ts';
import { errorPage, type HostContext, type Template } from './context.ts';
import { DESK_HEADERS, deskHead } from './desk-page.ts';
import { fallbackHead, metaTags, productPhotoPreload } from './head.ts';
import { errorPageHtml, renderPage, startAfterFirstPaint } from './html.ts';
import { type Answer, type CacheState, type StoredPage, storedBody } from './page-cache.ts';
import { pagePreloads, pageStylesheets } from './preload.ts';
import type { Preview } from './preview.ts';
import { requestTarget } from './request.ts';
import { inlineScriptHashes, inlineStyleHashes, originsOf, securityHeaders } from './security.ts';
import { type RenderedPage, type RenderRequest, renderPageHtml, styleAttributeHashes } from './ssr.ts';

/** The page resolver's input limits (api/src/graphql/page-resolvers.ts). */
const MAX_PATH = 2000;
const MAX_QUERY = 4000;

type Headers = Record<string, string>;
type Forwarded = Record<string, string>;

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
    // counted while it is answered: a crowd of pages starts no render (admission.ts)
    const answer = () => page(ctx, request, reply, target.pathname, target.search);
    return ctx.admission ? ctx.admission.page(answer) : answer();
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
 * resolver's answer so the browser starts at once. A page that is the same for every shopper
 * comes from the page cache (page-cache.ts) when it holds it; `x-cache` says which way it came.
 */
export async function page(ctx: HostContext, request: FastifyRequest, reply: FastifyReply, pathname: string, search: string) {
  // The resolver's own input limits: a longer address would be refused as BAD_USER_INPUT. No
  // page of the shop has such a long path (414), but a shopper's many filters can make a long
  // query: the page is then resolved by its path alone (its meta is the unfiltered page's) and
  // the page itself applies what it understands.
  if (pathname.length > MAX_PATH) {
    return errorPage(reply, 414, 'Слишком длинный адрес страницы. Уберите часть фильтров или начните с главной.');
  }
  const { registry, preview } = await ctx.readVisitorRegistry(request.raw, reply.raw).catch((error: unknown) => {
    console.error('[host] registry unavailable:', (error as Error).message);
    return { registry: {}, preview: null };
  });
  const forwarded = {
    'x-forwarded-for': [request.headers['x-forwarded-for'], request.raw.socket.remoteAddress].filter(Boolean).join(', '),
  };
  const render = (head: boolean) => answer(ctx, { pathname, search, registry, preview, forwarded, head });
  // a preview's page is that browser's alone
  const cache = preview ? null : ctx.pageCache;
  const key = cache?.keyOf(pathname, search, registry);
  if (!cache || !key) return send(reply, await render(request.method === 'HEAD'));
  const found = await cache.lookup(key);
  if (found) {
    if (!found.fresh) cache.revalidate(key, () => render(false));
    return sendStored(request, reply, found.page, found.fresh ? 'HIT' : 'STALE');
  }
  if (request.method === 'HEAD') return send(reply, await render(true));
  const { answer: fresh, page: stored } = await cache.miss(key, search.length > 1, () => render(false));
  if (stored) return sendStored(request, reply, stored, 'MISS');
  // shed (no render slot): a page stored meanwhile, even stale, is better than one the browser renders
  const meanwhile = fresh.headers[SHED_HEADER] ? await cache.lookup(key) : null;
  if (meanwhile) return sendStored(request, reply, meanwhile.page, meanwhile.fresh ? 'HIT' : 'STALE');
  return send(reply, fresh);
}

/** Marks a page shed by admission control (admission.ts): the browser renders it. */
const SHED_HEADER = 'x-render';

function send(reply: FastifyReply, answer: Answer) {
  return reply.code(answer.status).headers(answer.headers).send(answer.body);
}

/** A stored page, compressed as stored: the compression plugin leaves an encoded body alone. */
async function sendStored(request: FastifyRequest, reply: FastifyReply, stored: StoredPage, state: CacheState) {
  const { body, encoding } = await storedBody(stored, request.headers['accept-encoding']);
  return reply
    .code(stored.status)
    .headers({
      ...stored.headers,
      vary: 'accept-encoding',
      'x-cache': state,
      // how long ago it was rendered, as caches in between count it
      age: String(Math.max(0, Math.floor((Date.now() - stored.storedAt) / 1000))),
      ...(encoding ? { 'content-encoding': encoding } : {}),
    })
    .send(body);
}

/** The page's answer, built for no one in particular (the visitor's cookie is set on the response itself). */
async function answer(
  ctx: HostContext,
  options: { pathname: string; search: string; registry: Record<string, string>; preview: Preview | null; forwarded: Forwarded; head: boolean },
): Promise<Answer> {
  const { pathname, search, registry, preview } = options;
  const fullQuery = search.replace(/^\?/, '');
  const query = fullQuery.length > MAX_QUERY ? '' : fullQuery;
  const template = await ctx.template();
  const version = ctx.catalogVersion?.current();
  // an API replica that has not heard of the version the page is keyed by reads its own first
  const forwarded = version == null ? options.forwarded : { ...options.forwarded, [CATALOG_VERSION.header]: String(version) };
  const headers: Headers = {
    'content-type': 'text/html; charset=utf-8',
    // a preview's page is that browser's alone: never stored by anything in between
    'cache-control': preview ? 'no-store' : 'no-cache',
  };
  const resolution = await resolve(ctx, { pathname, query, forwarded, headers, preview: Boolean(preview) });
  if ('answer' in resolution) return resolution.answer;
  const rendered = options.head
    ? undefined
    : await renderOnServer(ctx, { url: pathname + search, registry, resolved: resolution.resolved, preview, forwarded, headers });
  const html = await pageHtml(ctx, template, { resolution, registry, preview, rendered });
  // CSP: the remotes' origins; a server-rendered page's inline scripts, styles and style attributes by their hashes
  Object.assign(
    headers,
    securityHeaders({
      remoteOrigins: originsOf(registry),
      scriptHashes: rendered ? inlineScriptHashes(html) : template.scriptHashes,
      ...(rendered ? { styleHashes: inlineStyleHashes(html), styleAttributeHashes: styleAttributeHashes(rendered.html) } : {}),
      counter: Boolean(ctx.config.counterId),
      dev: ctx.config.dev,
    }),
  );
  // the same for anyone: a whole server render of a found page, for no one in particular
  const cacheable = resolution.status === 200 && rendered !== undefined && rendered.errors.length === 0 && headers['cache-control'] === 'no-cache';
  return { status: resolution.status, headers, body: html, cacheable };
}

function errorAnswer(status: number, text: string): Answer {
  return { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }, body: errorPageHtml(text), cacheable: false };
}

/**
 * Asks the resolver (and for a found page its meta). A redirect or a refused address is the
 * answer itself. An unavailable API still gives the shell, which shows a Russian message and
 * retries; its status tells crawlers and monitors the truth.
 */
async function resolve(
  ctx: HostContext,
  options: { pathname: string; query: string; forwarded: Forwarded; headers: Headers; preview: boolean },
): Promise<Resolution | { answer: Answer }> {
  const { pathname, query, forwarded, headers } = options;
  // Shoppers asking for one page at once share the API's answer; not an order page's key, which
  // the API counts against each shopper's own look-up budget.
  const shareable = !new URLSearchParams(query).has('key');
  try {
    const { resolvePage } = await (shareable ? ctx.sharedApi : ctx.api)(ResolvePageDocument, { path: pathname, query }, forwarded);
    const redirect = resolvePage.status === 301 || resolvePage.status === 302;
    if (redirect && resolvePage.location && onSiteLocation(resolvePage.location)) {
      return {
        answer: {
          status: resolvePage.status,
          headers: {
            location: resolvePage.location,
            'cache-control': 'no-cache',
            ...securityHeaders({ remoteOrigins: [], scriptHashes: [], counter: false }),
          },
          body: '',
          cacheable: false,
        },
      };
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
    const { pageMeta } = await ctx.sharedApi(PageMetaDocument, { type: resolvePage.type, id: resolvePage.id, query: metaQuery }, forwarded);
    const head = pageMeta
      ? [metaTags(pageMeta, ctx.config.publicUrl), productPhotoPreload(pageMeta, ctx.config.publicUrl)].filter(Boolean).join('\n    ')
      : fallbackHead(ctx.config.shopName);
    return { status, head, resolved, pageType };
  } catch (error) {
    return unresolved(ctx, headers, error);
  }
}

function unresolved(ctx: HostContext, headers: Headers, error: unknown): Resolution | { answer: Answer } {
  const code = (error as { code?: unknown }).code;
  // The API refused the address itself: the shopper's request, not an outage.
  if (code === 'BAD_USER_INPUT') return { answer: errorAnswer(400, 'Некорректный адрес страницы. Начните с главной страницы.') };
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
    forwarded: Forwarded;
    headers: Headers;
  },
): Promise<RenderedPage | undefined> {
  const { renderer, admission } = ctx;
  if (!renderer || !options.resolved) return undefined;
  const pathname = options.url.split('?')[0];
  const request: RenderRequest = {
    url: options.url,
    registry: options.registry,
    config: ctx.publicConfig,
    resolved: options.resolved as RenderRequest['resolved'],
    ...(options.preview ? { preview: { remote: options.preview.remote, version: options.preview.version } } : {}),
    headers: options.forwarded,
  };
  try {
    // No free render slot within SSR_QUEUE_MS: the browser renders the page, at once. Never stored
    // (not a server render) and never kept by anything in between: the next shopper may get it rendered.
    const admitted = admission ? await admission.run(() => renderPageHtml(renderer, request)) : { admitted: true as const, value: await renderPageHtml(renderer, request) };
    if (!admitted.admitted) {
      Object.assign(options.headers, { [SHED_HEADER]: 'shed', 'cache-control': 'no-store' });
      return undefined;
    }
    const rendered = admitted.value;
    if (rendered.errors.length > 0) console.error(`[host] ${pathname}: left to the browser: ${rendered.errors.join('; ')}`);
    options.headers['server-timing'] =
      `data;dur=${rendered.timings.data.toFixed(1)}, render;dur=${rendered.timings.render.toFixed(1)}, passes;desc=${rendered.timings.passes}`;
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
  options: { resolution: Resolution; registry: Record<string, string>; preview: Preview | null; rendered?: RenderedPage | undefined },
): Promise<string> {
  const { resolution, registry, preview, rendered } = options;
  const host = template.startAssets;
  const preloads = await pagePreloads({ pageType: resolution.pageType, registry, host, readManifest: ctx.readManifest });
  const styles = rendered
    ? await pageStylesheets({
        modules: rendered.modules,
        registry,
        host,
        readManifest: ctx.readManifest,
        readStylesheet: ctx.readStylesheet,
      })
    : undefined;
  const shell = styles
    ? startAfterFirstPaint(template.html, { preload: preloads.scripts, printStyles: styles.inlined })
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
