import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import sirv from 'sirv';
import { PageMetaDocument, ResolvePageDocument, SitemapDocument } from '../src/graphql/generated.ts';
import { createApiClient } from './api-client.ts';
import type { HostConfig } from './config.ts';
import { fallbackHead, metaTags, productPhotoPreload } from './head.ts';
import { escapeHtml, renderPage } from './html.ts';
import { hostStartAssets, manifestReader, pagePreloads } from './preload.ts';
import { proxyToApi } from './proxy.ts';
import { apiRegistry, fileRegistry, fixedRegistry, registryFor } from './registry.ts';
import { baselineHeaders, inlineScriptHashes, originsOf, securityHeaders } from './security.ts';
import { visitorId } from './visitor.ts';

const BROTLI_FAST = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } };

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
  const readRegistry = async (req: http.IncomingMessage, res: http.ServerResponse) =>
    registryFor(await readRegistryState(), visitorId(req, res));
  const api = createApiClient(config.apiUrl);
  let startAssets = hostStartAssets(config.distDir);
  const readManifest = manifestReader(config.registryTtlMs);
  const staticFiles = sirv(config.distDir, {
    etag: true,
    // The build writes .br and .gz copies of every script and stylesheet (rspack.base.ts).
    brotli: true,
    gzip: true,
    // Hashed file names never change; the fallback copies are named by library version only, so they are revalidated.
    setHeaders: (res, pathname) =>
      res.setHeader('Cache-Control', pathname.startsWith('/independent-packages/') ? 'public, max-age=3600' : 'public, max-age=31536000, immutable'),
  });
  const publicConfig = {
    shopName: config.shopName,
    marketplace: config.marketplace,
    contacts: config.contacts,
    ...(config.reviewsUrl ? { reviewsUrl: config.reviewsUrl } : {}),
    ...(config.counterId ? { counterId: config.counterId } : {}),
  };

  async function page(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    if (config.dev) {
      template = await loadTemplate();
      scriptHashes = inlineScriptHashes(template);
      startAssets = hostStartAssets(config.distDir);
    }
    const registry = await readRegistry(req, res).catch((error: unknown) => {
      console.error('[host] registry unavailable:', (error as Error).message);
      return {};
    });
    const headers: Record<string, string> = {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      ...securityHeaders({ remoteOrigins: originsOf(registry), scriptHashes, counter: Boolean(config.counterId), dev: config.dev }),
    };
    const forwarded = { 'x-forwarded-for': [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ') };
    const query = url.search.replace(/^\?/, '');
    let status = 200;
    let head = fallbackHead(config.shopName);
    let resolved: unknown;
    let pageType: string | null = null;
    try {
      const { resolvePage } = await api(ResolvePageDocument, { path: url.pathname, query }, forwarded);
      if ((resolvePage.status === 301 || resolvePage.status === 302) && resolvePage.location) {
        res.writeHead(resolvePage.status, { location: resolvePage.location, 'cache-control': 'no-cache', ...securityHeaders({ remoteOrigins: [], scriptHashes: [], counter: false }) });
        return void res.end();
      }
      status = resolvePage.status === 404 ? 404 : 200;
      if (status === 200) pageType = resolvePage.type;
      resolved = { path: url.pathname, page: { ...resolvePage, location: null } };
      if (status === 404) {
        head = fallbackHead(`Страница не найдена — ${config.shopName}`);
      } else {
        const { pageMeta } = await api(PageMetaDocument, { type: resolvePage.type, id: resolvePage.id, query }, forwarded);
        if (pageMeta) {
          const origin = `${url.protocol}//${req.headers.host}`;
          head = [metaTags(pageMeta, origin), productPhotoPreload(pageMeta, origin)].filter(Boolean).join('\n    ');
        }
      }
    } catch (error) {
      // The API is down or slow: serve the shell anyway; it shows a Russian message and
      // retries. 503 tells crawlers and monitors the truth.
      console.error('[host] page resolution failed:', (error as Error).message);
      status = 503;
      headers['retry-after'] = '30';
    }
    // The page's files start downloading with the HTML (see preload.ts).
    const preloads = await pagePreloads({ pageType, registry, host: startAssets, readManifest });
    const html = renderPage(template, {
      head: preloads.tags ? `${head}\n    ${preloads.tags}` : head,
      state: { registry, config: publicConfig, resolved },
    });
    // Compressed: the page carries its state (registry, resolver answer) inline.
    const encoding = acceptedEncoding(req);
    if (encoding) {
      headers['content-encoding'] = encoding;
      headers.vary = 'Accept-Encoding';
    }
    res.writeHead(status, headers);
    if (req.method === 'HEAD') return void res.end();
    res.end(encoding === 'br' ? brotliCompressSync(html, BROTLI_FAST) : encoding === 'gzip' ? gzipSync(html, { level: 6 }) : html);
  }

  async function sitemap(res: http.ServerResponse, origin: string) {
    const { sitemap } = await api(SitemapDocument, {});
    const urls = sitemap
      .map((entry) => `<url><loc>${escapeHtml(origin + entry.path)}</loc>${entry.lastModified ? `<lastmod>${escapeHtml(entry.lastModified.slice(0, 10))}</lastmod>` : ''}</url>`)
      .join('\n');
    res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' });
    res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`);
  }

  return http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    for (const [name, value] of Object.entries(baselineHeaders(url.pathname))) res.setHeader(name, value);
    try {
      if (url.pathname.startsWith('/api/')) return proxyToApi(config.apiUrl, req, res);
      // /independent-packages/: the untree-shaken copies of the shared libraries, which the federation runtime
      // fetches only when a remote needs an export the host's tree-shaken singleton left out (a remote built later).
      if (url.pathname.startsWith('/static/') || url.pathname.startsWith('/independent-packages/')) {
        res.setHeader('X-Content-Type-Options', 'nosniff');
        return staticFiles(req, res, () => {
          res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
          res.end('Not found');
        });
      }
      if (url.pathname === '/healthz') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return void res.end('{"ok":true}');
      }
      if (url.pathname === '/registry.json') {
        const registry = await readRegistry(req, res);
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
        return void res.end(JSON.stringify(registry));
      }
      if (url.pathname === '/robots.txt') {
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
        return void res.end(`User-agent: *\nDisallow: /cart\nDisallow: /checkout\nDisallow: /order/\nDisallow: /api/\nSitemap: ${url.origin}/sitemap.xml\n`);
      }
      if (url.pathname === '/sitemap.xml') return await sitemap(res, url.origin);
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD' });
        return void res.end();
      }
      await page(req, res, url);
    } catch (error) {
      console.error('[host]', error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Внутренняя ошибка сервера');
    }
  });
}
