import { randomBytes } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import { access, readFile } from 'node:fs/promises';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import sirv from 'sirv';
import { PageMetaDocument, ResolvePageDocument, SitemapDocument } from '../src/graphql/generated.ts';
import { createApiClient } from './api-client.ts';
import type { HostConfig } from './config.ts';
import { isDeskPath } from '../src/desk/desk-path.ts';
import { DESK_HEADERS, deskHead } from './desk-page.ts';
import { fallbackHead, metaTags, productPhotoPreload } from './head.ts';
import { errorPageHtml, escapeHtml, renderPage, startAfterFirstPaint } from './html.ts';
import { hostStartAssets, manifestReader, pagePreloads, pageStylesheets, stylesheetReader } from './preload.ts';
import {
  type Preview,
  previewClearCookie,
  previewOf,
  previewSetCookie,
  previewTarget,
  verifyPreview,
  acceptPreview,
} from './preview.ts';
import { proxyToApi } from './proxy.ts';
import { apiRegistry, fileRegistry, fixedRegistry, registryFor } from './registry.ts';
import { requestTarget } from './request.ts';
import { loadRenderer, type RenderedPage, renderPageHtml, styleAttributeHashes } from './ssr.ts';
import { baselineHeaders, clientErrorResponse, inlineScriptHashes, originsOf, securityHeaders } from './security.ts';
import { visitorId } from './visitor.ts';

/** The page resolver's input limits (api/src/graphql/page-resolvers.ts). */
const MAX_PATH = 2000;
const MAX_QUERY = 4000;

const BROTLI_FAST = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } };

/** A page's HTML, compressed as the browser accepts (a page carries its state inline); nothing for HEAD. */
function sendHtml(req: http.IncomingMessage, res: http.ServerResponse, status: number, headers: Record<string, string>, html: string) {
  const encoding = acceptedEncoding(req);
  if (encoding) {
    headers['content-encoding'] = encoding;
    headers.vary = 'Accept-Encoding';
  }
  res.writeHead(status, headers);
  if (req.method === 'HEAD') return void res.end();
  res.end(encoding === 'br' ? brotliCompressSync(html, BROTLI_FAST) : encoding === 'gzip' ? gzipSync(html, { level: 6 }) : html);
}

function acceptedEncoding(req: http.IncomingMessage): 'br' | 'gzip' | null {
  const accept = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return null;
}

/**
 * The host's Node server. For every page it asks the API's resolver what the URL is and
 * answers with that HTTP status (200, 301/302 with Location, 404) and the page's meta in
 * the HTML, plus the registry and the resolver's answer so the browser starts at once.
 */
export async function createHostServer(config: HostConfig): Promise<http.Server> {
  const templateFile = path.join(config.distDir, 'index.html');
  const loadTemplate = () =>
    readFile(templateFile, 'utf8').catch(() => {
      throw new Error(`${templateFile} is missing: build the host first (npm run build)`);
    });
  let template = await loadTemplate();
  let scriptHashes = inlineScriptHashes(template);
  const readRegistryState = config.registryJson
    ? fixedRegistry(config.registryJson)
    : config.registryFile
      ? fileRegistry(config.registryFile, config.registryTtlMs)
      : apiRegistry(config.apiUrl, config.registryTtlMs);
  const api = createApiClient(config.apiUrl);
  const renderer = loadRenderer(config);
  let startAssets = hostStartAssets(config.distDir);
  const readManifest = manifestReader(config.registryTtlMs);
  const readStylesheet = stylesheetReader({
    distDir: config.distDir,
    originMap: config.ssr?.originMap ?? [],
    ttlMs: config.registryTtlMs,
  });
  const staticFiles = sirv(config.distDir, {
    etag: true,
    // The build writes .br and .gz copies of every script and stylesheet (rspack.base.ts).
    brotli: true,
    gzip: true,
    // Hashed file names never change; the fallback copies are named by library version only, so they are revalidated.
    setHeaders: (res, pathname) =>
      res.setHeader(
        'Cache-Control',
        pathname.startsWith('/independent-packages/') ? 'public, max-age=3600' : 'public, max-age=31536000, immutable',
      ),
  });
  const publicConfig = {
    shopName: config.shopName,
    marketplace: config.marketplace,
    contacts: config.contacts,
    ...(config.reviewsUrl ? { reviewsUrl: config.reviewsUrl } : {}),
    ...(config.counterId ? { counterId: config.counterId } : {}),
  };

  const secureCookie = config.publicUrl.startsWith('https:');
  const hsts: Record<string, string> = secureCookie ? { 'Strict-Transport-Security': 'max-age=31536000' } : {};
  /** The visitor's registry; with an accepted preview cookie (preview.ts), the previewed release in its remote's place. */
  const readVisitorRegistry = async (
    req: http.IncomingMessage,
    res: http.ServerResponse,
  ): Promise<{ registry: Record<string, string>; preview: Preview | null }> => {
    const state = await readRegistryState();
    const registry = registryFor(state, visitorId(req, res, secureCookie));
    const preview = previewOf(req, config.previewSecret, state, config.previewOrigins);
    if (preview) registry[preview.remote] = preview.manifestUrl;
    return { registry, preview };
  };

  function errorPage(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    status: number,
    text: string,
    extra: Record<string, string> = {},
  ) {
    const body = errorPageHtml(text);
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...extra });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  async function page(req: http.IncomingMessage, res: http.ServerResponse, pathname: string, search: string) {
    // The resolver's own input limits (api/src/graphql/page-resolvers.ts): a longer address
    // would be refused as BAD_USER_INPUT. No page of the shop has such a long path (414), but a
    // shopper's many filters can make a long query: the page is then resolved by its path alone
    // (its meta is the unfiltered page's) and the page itself applies what it understands.
    if (pathname.length > MAX_PATH) {
      return errorPage(req, res, 414, 'Слишком длинный адрес страницы. Уберите часть фильтров или начните с главной.');
    }
    const fullQuery = search.replace(/^\?/, '');
    const query = fullQuery.length > MAX_QUERY ? '' : fullQuery;
    if (config.dev) {
      template = await loadTemplate();
      scriptHashes = inlineScriptHashes(template);
      startAssets = hostStartAssets(config.distDir);
    }
    const { registry, preview } = await readVisitorRegistry(req, res).catch((error: unknown) => {
      console.error('[host] registry unavailable:', (error as Error).message);
      return { registry: {}, preview: null };
    });
    const headers: Record<string, string> = {
      'content-type': 'text/html; charset=utf-8',
      // a preview's page is that browser's alone: never stored by anything in between
      'cache-control': preview ? 'no-store' : 'no-cache',
    };
    const forwarded = {
      'x-forwarded-for': [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', '),
    };
    let status = 200;
    let head = fallbackHead(config.shopName);
    let resolved: unknown;
    let pageType: string | null = null;
    try {
      const { resolvePage } = await api(ResolvePageDocument, { path: pathname, query }, forwarded);
      const redirect = resolvePage.status === 301 || resolvePage.status === 302;
      if (redirect && resolvePage.location && onSiteLocation(resolvePage.location)) {
        res.writeHead(resolvePage.status, {
          location: resolvePage.location,
          'cache-control': 'no-cache',
          ...securityHeaders({ remoteOrigins: [], scriptHashes: [], counter: false }),
        });
        return void res.end();
      }
      // A redirect off the site (`//evil`, `/\\evil`, `https://other`, from an imported table) is never sent.
      if (redirect) console.error('[host] refused an off-site redirect for', pathname);
      status = resolvePage.status === 404 || redirect ? 404 : 200;
      // An order page without its key (or with a wrong one) is a 404 that the order page itself
      // shows («Заказ не найден» and what to do), so its files are preloaded too. Its HTML is
      // never stored: its URL carries the order's access key.
      const orderPage = resolvePage.type === 'ORDER' && !redirect;
      if (orderPage || preview) headers['cache-control'] = 'no-store';
      if (status === 200 || orderPage) pageType = resolvePage.type;
      resolved = { path: pathname, page: { ...resolvePage, ...(redirect ? { status: 404 } : {}), location: null } };
      if (status === 404) {
        head = fallbackHead(
          orderPage ? `Заказ не найден | ${config.shopName}` : `Страница не найдена — ${config.shopName}`,
        );
      } else {
        const metaQuery = orderPage ? '' : query; // an order page's query holds its access key: never sent on
        const { pageMeta } = await api(
          PageMetaDocument,
          { type: resolvePage.type, id: resolvePage.id, query: metaQuery },
          forwarded,
        );
        if (pageMeta)
          head = [metaTags(pageMeta, config.publicUrl), productPhotoPreload(pageMeta, config.publicUrl)]
            .filter(Boolean)
            .join('\n    ');
      }
    } catch (error) {
      if ((error as { code?: unknown }).code === 'BAD_USER_INPUT') {
        // The API refused the address itself: the shopper's request, not an outage.
        return errorPage(req, res, 400, 'Некорректный адрес страницы. Начните с главной страницы.');
      }
      if ((error as { code?: unknown }).code === 'RATE_LIMITED') {
        // Too many order look-ups (an order page's key is checked against that budget): the
        // shell is served, and the order page says the same when it asks.
        status = 429;
        headers['retry-after'] = '60';
        headers['cache-control'] = 'no-store';
      } else {
        // The API is down or slow: serve the shell anyway; it shows a Russian message and
        // retries. 503 tells crawlers and monitors the truth.
        console.error('[host] page resolution failed:', (error as Error).message);
        status = 503;
        headers['retry-after'] = '30';
      }
    }
    // The page itself, rendered here (host/src/ssr): the shell and the page's remote from this
    // visitor's registry, with its data. Without it (rendering off, a failed render) the browser
    // renders the page as before: a server render can only make a page better.
    let rendered: RenderedPage | undefined;
    const nonce = randomBytes(16).toString('base64');
    if (renderer && resolved && req.method !== 'HEAD') {
      try {
        rendered = await renderPageHtml(renderer, {
          url: pathname + search,
          registry,
          config: publicConfig,
          resolved: resolved as Parameters<typeof renderer.render>[0]['resolved'],
          ...(preview ? { preview: { remote: preview.remote, version: preview.version } } : {}),
          nonce,
          headers: forwarded,
        });
        if (rendered.errors.length > 0)
          console.error(`[host] ${pathname}: left to the browser: ${rendered.errors.join('; ')}`);
        headers['server-timing'] =
          `data;dur=${rendered.timings.data.toFixed(1)}, render;dur=${rendered.timings.render.toFixed(1)}`;
      } catch (error) {
        console.error(
          `[host] ${pathname}: server render failed, the browser renders the page:`,
          (error as Error).message,
        );
      }
    }
    // CSP: the remotes' origins; a server-rendered page's nonce (React's scripts) and style attributes
    Object.assign(
      headers,
      securityHeaders({
        remoteOrigins: originsOf(registry),
        scriptHashes,
        ...(rendered ? { nonce, styleAttributeHashes: styleAttributeHashes(rendered.html) } : {}),
        counter: Boolean(config.counterId),
        dev: config.dev,
      }),
    );
    // The page's files start downloading with the HTML (see preload.ts).
    // A server-rendered page has its styles inline and starts its scripts once it shows
    // (preload.ts pageStylesheets, html.ts startAfterFirstPaint).
    const preloads = await pagePreloads({ pageType, registry, host: startAssets, readManifest });
    const styles = rendered
      ? await pageStylesheets({ modules: rendered.modules, registry, host: startAssets, readManifest, readStylesheet, nonce })
      : undefined;
    const page = styles
      ? startAfterFirstPaint(template, nonce, { preload: preloads.scripts, printStyles: styles.inlined })
      : template;
    const html = renderPage(page, {
      head: [head, styles ? styles.tags : preloads.tags].filter(Boolean).join('\n    '),
      ...(rendered ? { body: rendered.html } : {}),
      state: {
        registry,
        config: publicConfig,
        resolved,
        ...(preview ? { preview: { remote: preview.remote, version: preview.version } } : {}),
        ...(rendered ? { apollo: rendered.apolloState } : {}),
      },
    });
    sendHtml(req, res, status, headers, html);
  }

  /** The orders desk (desk-page.ts): the shell's page with the desk's head, 200, no-store, the same CSP without remotes or counter. */
  async function deskPage(req: http.IncomingMessage, res: http.ServerResponse) {
    if (config.dev) {
      template = await loadTemplate();
      scriptHashes = inlineScriptHashes(template);
    }
    const html = renderPage(template, {
      head: deskHead(config.shopName),
      state: { config: { shopName: config.shopName } },
    });
    const headers: Record<string, string> = {
      'content-type': 'text/html; charset=utf-8',
      ...securityHeaders({ remoteOrigins: [], scriptHashes, counter: false, dev: config.dev }),
      ...DESK_HEADERS,
    };
    sendHtml(req, res, 200, headers, html);
  }

  /** robots.txt and the sitemap name the configured public origin, never the request's Host. */
  async function sitemap(res: http.ServerResponse) {
    let entries: { path: string; lastModified?: string | null }[];
    try {
      entries = (await api(SitemapDocument, {})).sitemap;
    } catch (error) {
      console.error('[host] sitemap unavailable:', (error as Error).message);
      res.writeHead(503, {
        'content-type': 'text/plain; charset=utf-8',
        'retry-after': '30',
        'cache-control': 'no-store',
      });
      return void res.end('Карта сайта временно недоступна');
    }
    const urls = entries
      .filter((entry) => entry.path.startsWith('/') && !entry.path.startsWith('//'))
      .map(
        (entry) =>
          `<url><loc>${escapeHtml(config.publicUrl + entry.path)}</loc>${entry.lastModified ? `<lastmod>${escapeHtml(entry.lastModified.slice(0, 10))}</lastmod>` : ''}</url>`,
      )
      .join('\n');
    res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
    );
  }

  /**
   * Everything a request can reach. Nothing taken from the request is parsed before this
   * runs, and all of it runs inside the server's one try (below).
   */
  /**
   * `/__preview?token=…[&next=/path]`: sets the preview cookie for this browser and goes to the
   * page; `/__preview?end=1` ends the preview. A forged, expired or refused token changes nothing.
   */
  async function previewLink(req: http.IncomingMessage, res: http.ServerResponse, search: string) {
    const params = new URLSearchParams(search);
    const next = previewTarget(params.get('next'));
    if (params.has('end')) {
      res.writeHead(302, {
        location: next,
        'set-cookie': previewClearCookie(secureCookie),
        'cache-control': 'no-store',
      });
      return void res.end();
    }
    const token = params.get('token') ?? '';
    const preview = config.previewSecret ? verifyPreview(config.previewSecret, token) : null;
    const state = preview ? await readRegistryState().catch(() => null) : null;
    if (!preview || !state || !acceptPreview(preview, state, config.previewOrigins)) {
      return errorPage(req, res, 400, 'Ссылка предпросмотра недействительна или устарела. Попросите новую.', {
        'set-cookie': previewClearCookie(secureCookie),
      });
    }
    res.writeHead(302, {
      location: next,
      'set-cookie': previewSetCookie(token, preview, secureCookie),
      'cache-control': 'no-store',
    });
    res.end();
  }

  async function route(req: http.IncomingMessage, res: http.ServerResponse) {
    for (const [name, value] of Object.entries({ ...baselineHeaders('/'), ...hsts })) res.setHeader(name, value);
    const target = requestTarget(req);
    if (target.kind === 'bad')
      return errorPage(req, res, 400, 'Некорректный запрос. Начните с главной страницы.', { connection: 'close' });
    if (target.kind === 'server') {
      res.writeHead(204, { allow: 'GET, HEAD, POST, OPTIONS' });
      return void res.end();
    }
    const { pathname, search } = target;
    if (pathname.startsWith('/api/')) {
      for (const [name, value] of Object.entries(baselineHeaders(pathname))) res.setHeader(name, value);
      return proxyToApi({ origin: config.apiUrl, allowOps: config.proxyOps }, target, req, res);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' });
      return void res.end();
    }
    // /independent-packages/: the untree-shaken copies of the shared libraries, which the federation runtime
    // fetches only when a remote needs an export the host's tree-shaken singleton left out (a remote built later).
    // /mf-manifest.json and /mf-stats.json: the host's own build, which the registry's release gate compares
    // each remote release with (its shared singletons and their exports; api/src/registry/release-checks.ts).
    if (
      pathname.startsWith('/static/') ||
      pathname.startsWith('/independent-packages/') ||
      pathname === '/mf-manifest.json' ||
      pathname === '/mf-stats.json'
    ) {
      const notFound = () => {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Not found');
      };
      // Source maps (with sources) stay on disk for error tooling; the public never gets them.
      if (!config.serveSourceMaps && isSourceMap(pathname)) return notFound();
      dropBadRange(req);
      return staticFiles(req, res, notFound);
    }
    if (pathname === '/healthz') {
      // healthy only while the page template can still be read: a host whose build folder is
      // gone (or a half-written deploy) fails its health check instead of answering 500s
      const ok = await access(templateFile, fsConstants.R_OK).then(
        () => true,
        () => false,
      );
      res.writeHead(ok ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      return void res.end(JSON.stringify({ ok }));
    }
    if (pathname === '/__preview') return previewLink(req, res, search);
    if (pathname === '/registry.json') {
      const registry = await readVisitorRegistry(req, res).then(
        (r) => r.registry,
        (error: unknown) => {
          console.error('[host] registry unavailable:', (error as Error).message);
          return null;
        },
      );
      res.writeHead(registry ? 200 : 503, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
      });
      return void res.end(JSON.stringify(registry ?? {}));
    }
    if (pathname === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      return void res.end(
        `User-agent: *\nDisallow: /cart\nDisallow: /checkout\nDisallow: /order/\nDisallow: /api/\nSitemap: ${config.publicUrl}/sitemap.xml\n`,
      );
    }
    if (pathname === '/sitemap.xml') return sitemap(res);
    if (isDeskPath(pathname)) return deskPage(req, res);
    await page(req, res, pathname, search);
  }

  const server = http.createServer(async (req, res) => {
    try {
      await route(req, res);
    } catch (error) {
      console.error('[host]', error);
      if (res.headersSent) return void res.destroy();
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Внутренняя ошибка сервера');
    }
  });
  // A request Node itself refuses (bad request line or header, an unknown method, headers over
  // 16 KB, a timeout) gets a short Russian page instead of a reset.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    socket.end(clientErrorResponse(error.code, hsts));
  });
  // CONNECT asks the server to be a tunnel: it is not one.
  server.on('connect', (_req: http.IncomingMessage, socket: Duplex) => {
    socket.on('error', () => undefined);
    socket.end(clientErrorResponse('HPE_INVALID_METHOD', hsts));
  });
  return server;
}

/** A Location the shop may send: a path on this site (not `//host`, no backslash or control character). */
function onSiteLocation(location: string): boolean {
  return location.startsWith('/') && !location.startsWith('//') && !/[\\\p{Cc}]/u.test(location);
}

/** `.map` at the end of the path as sirv will read it (it decodes %-escapes). */
function isSourceMap(pathname: string): boolean {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // sirv keeps an undecodable path as it is
  }
  return /\.map$/i.test(pathname) || /\.map$/i.test(decoded);
}

/**
 * sirv turns `Range: bytes=10-5` into a read stream whose start is past its end, which throws
 * after the status line went out. A Range that is not one plain, ordered byte range is ignored
 * (RFC 9110 lets a server ignore Range) and the whole file is sent.
 */
function dropBadRange(req: http.IncomingMessage) {
  const range = req.headers.range;
  if (range === undefined) return;
  const match = /^bytes=(\d{1,15})-(\d{1,15})?$/.exec(range);
  if (!match || (match[2] !== undefined && Number(match[2]) < Number(match[1]))) delete req.headers.range;
}
