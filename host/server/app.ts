import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import sirv from 'sirv';
import type { HostConfig } from './config.ts';
import { escapeHtml, renderPage } from './html.ts';
import { proxyToApi } from './proxy.ts';
import { fileRegistry } from './registry.ts';

/** The host's Node server: static shell files, the API proxy, the registry and the pages. */
export async function createHostServer(config: HostConfig): Promise<http.Server> {
  const templateFile = path.join(config.distDir, 'index.html');
  const loadTemplate = () =>
    readFile(templateFile, 'utf8').catch(() => {
      throw new Error(`${templateFile} is missing: build the host first (npm run build)`);
    });
  const template = await loadTemplate();
  const fixed = config.registryJson;
  const readRegistry = fixed ? async () => fixed : fileRegistry(config.registryFile, config.registryTtlMs);
  const staticFiles = sirv(config.distDir, {
    etag: true,
    gzip: false,
    setHeaders: (res) => res.setHeader('Cache-Control', 'public, max-age=31536000, immutable'),
  });
  const publicConfig = { shopName: config.shopName, contacts: config.contacts };

  return http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://host.invalid');
    try {
      if (url.pathname.startsWith('/api/')) return proxyToApi(config.apiUrl, req, res);
      if (url.pathname.startsWith('/static/')) {
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
        const registry = await readRegistry();
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
        return void res.end(JSON.stringify(registry));
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD' });
        return void res.end();
      }
      const registry = await readRegistry().catch(() => ({}));
      const html = renderPage(config.dev ? await loadTemplate() : template, {
        head: `<title>${escapeHtml(config.shopName)}</title>`,
        state: { registry, config: publicConfig },
      });
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
      res.end(req.method === 'HEAD' ? undefined : html);
    } catch (error) {
      console.error('[host]', error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Внутренняя ошибка сервера');
    }
  });
}
