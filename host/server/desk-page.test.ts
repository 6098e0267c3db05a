// Guards the orders desk's page on the host server: /admin… is served by the host itself
// (200, never the page resolver's 404), never cached or indexed, with the shop's CSP (no
// 'unsafe-inline', no remote or counter origins) and no registry in the page; and the
// /api/admin routes pass the proxy with their cookies both ways.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHostServer } from './app.ts';
import type { HostConfig } from './config.ts';

const seen: { url: string; cookie?: string; body: string }[] = [];
const api = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    seen.push({ url: req.url ?? '', cookie: req.headers.cookie, body });
    if (req.url === '/api/graphql') {
      // the page resolver: every path it is asked about is a 404 (it knows no desk)
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ data: { resolvePage: { type: 'NOT_FOUND', id: null, status: 404, location: null } } }));
    }
    if (req.url === '/api/admin/session' && req.method === 'POST') {
      res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'shop_desk=t0k3n; Path=/api/admin; HttpOnly; SameSite=Strict' });
      return void res.end(JSON.stringify({ user: { id: 1, email: 'o@shop.example', name: 'Ольга', role: 'owner' } }));
    }
    if (req.url === '/api/admin/session' && req.method === 'DELETE') {
      res.writeHead(204, { 'set-cookie': 'shop_desk=; Path=/api/admin; HttpOnly; SameSite=Strict; Max-Age=0' });
      return void res.end();
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{}');
  });
});

let host: http.Server;
let base = '';
let distDir = '';

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

beforeAll(async () => {
  const apiPort = await listen(api);
  distDir = mkdtempSync(path.join(tmpdir(), 'host-desk-'));
  writeFileSync(
    path.join(distDir, 'index.html'),
    "<!doctype html><html><head><script>document.documentElement.dataset.x='1'</script><!--app-head--></head><body><div id=\"root\"></div><!--app-state--></body></html>",
  );
  const config: HostConfig = {
    port: 0,
    bind: '127.0.0.1',
    apiUrl: `http://127.0.0.1:${apiPort}`,
    publicUrl: 'https://shop.example',
    proxyOps: false,
    serveSourceMaps: false,
    distDir,
    registryJson: { mf_catalog: 'https://cdn.example/mf-catalog/1/mf-manifest.json' },
    registryTtlMs: 1000,
    shopName: 'Оригинал',
    dev: false,
    contacts: {},
    marketplace: 'Poizon',
    counterId: 12345,
  };
  host = await createHostServer(config);
  base = `http://127.0.0.1:${await listen(host)}`;
});

afterAll(async () => {
  host?.closeAllConnections();
  api.closeAllConnections();
  await Promise.all([host, api].map((s) => new Promise((resolve) => s?.close(resolve))));
  rmSync(distDir, { recursive: true, force: true });
});

describe('the orders desk page', () => {
  it.each(['/admin', '/admin/', '/admin/login?next=%2Fadmin%2Forders', '/admin/orders?status=new&page=2', '/admin/orders/A1B2C3'])(
    '%s is the desk: 200, no-store, noindex, without asking the page resolver',
    async (target) => {
      const before = seen.length;
      const response = await fetch(base + target);
      const html = await response.text();
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
      expect(html).toContain('<title>Заказы — Оригинал</title>');
      expect(seen.slice(before).filter((r) => r.url === '/api/graphql')).toEqual([]);
    },
  );

  it('has the shop CSP without inline code, remotes or the counter; the page carries no registry', async () => {
    const response = await fetch(`${base}/admin/orders`);
    const csp = response.headers.get('content-security-policy') ?? '';
    const html = await response.text();
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self' 'sha256-[^']+'/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('cdn.example');
    expect(csp).not.toContain('mc.yandex');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(html).not.toContain('cdn.example');
    expect(html).not.toContain('12345');
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await fetch(`${base}/admin/orders`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await fetch(`${base}/admin/orders`, { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
  });

  it('leaves look-alike paths to the page resolver (404)', async () => {
    for (const target of ['/administrator', '/admin.php', '/Admin']) {
      const response = await fetch(base + target);
      expect(response.status, target).toBe(404);
    }
  });

  it('passes /api/admin through the proxy with the session cookie both ways', async () => {
    const signIn = await fetch(`${base}/api/admin/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'o@shop.example', password: 'секрет' }),
    });
    expect(signIn.status).toBe(200);
    expect(signIn.headers.get('set-cookie')).toContain('shop_desk=t0k3n');
    await fetch(`${base}/api/admin/orders`, { headers: { cookie: 'shop_desk=t0k3n' } });
    expect(seen.find((r) => r.url === '/api/admin/orders')?.cookie).toBe('shop_desk=t0k3n');
    expect(seen.find((r) => r.url === '/api/admin/session')?.body).toContain('секрет');
  });

  it('lets DELETE through for the desk only (sign-out), nowhere else under /api', async () => {
    const signOut = await fetch(`${base}/api/admin/session`, { method: 'DELETE', headers: { 'content-type': 'application/json', cookie: 'shop_desk=t0k3n' } });
    expect(signOut.status).toBe(204);
    expect(signOut.headers.get('set-cookie')).toContain('Max-Age=0');
    for (const target of ['/api/graphql', '/api/registry', '/api/ops/orders/SH-1']) {
      const response = await fetch(base + target, { method: 'DELETE' });
      expect(response.status, target).toBe(405);
    }
  });
});
