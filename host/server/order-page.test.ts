// Guards how the host server answers an order page, whatever the API's resolver says about the key
// in its address: found → 200 with the meta the API gives for any order (never the key); not found
// → 404 «Заказ не найден | …», noindex, with the order page's own files preloaded; the client's
// look-up budget spent → 429 with Retry-After. Order pages are never stored (no-store), and the
// key is sent to the resolver only, never to pageMeta.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHostServer } from './app.ts';

const KEY = 'Right-Key_0123456789';
const asked: { op: 'resolve' | 'meta'; vars: Record<string, unknown> }[] = [];

/** The API's resolver as far as order pages go: 200 with KEY, 404 otherwise, RATE_LIMITED for key=spent. */
const api = http.createServer((req, res) => {
  let text = '';
  req.on('data', (c) => {
    text += c;
  });
  req.on('end', () => {
    const vars = (JSON.parse(text || '{}') as { variables?: Record<string, unknown> }).variables ?? {};
    const json = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if ('path' in vars) {
      asked.push({ op: 'resolve', vars });
      const key = new URLSearchParams(String(vars.query ?? '')).get('key');
      if (key === 'spent') return json({ data: null, errors: [{ message: 'Слишком много запросов заказов подряд', extensions: { code: 'RATE_LIMITED' } }] });
      return json({ data: { resolvePage: { type: 'ORDER', id: 'SH-ABCDE', status: key === KEY ? 200 : 404, location: null } } });
    }
    asked.push({ op: 'meta', vars });
    const meta = { title: 'Ваш заказ | Оригинал', description: 'd', keywords: 'k', canonical: 'https://shop.example/', robots: 'noindex, nofollow' };
    return json({ data: { pageMeta: { ...meta, ogTitle: 't', ogDescription: 'd', ogUrl: meta.canonical, ogType: 'website', ogImages: [], jsonLd: null } } });
  });
});

let hostPort = 0;
let host: http.Server;
let distDir = '';
const listen = async (s: http.Server) => {
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return (s.address() as net.AddressInfo).port;
};

beforeAll(async () => {
  const apiPort = await listen(api);
  distDir = mkdtempSync(path.join(tmpdir(), 'host-order-'));
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html><head><!--app-head--></head><body><!--app-state--></body></html>');
  host = await createHostServer({
    port: 0,
    bind: '127.0.0.1',
    apiUrl: `http://127.0.0.1:${apiPort}`,
    publicUrl: 'https://shop.example',
    proxyOps: false,
    serveSourceMaps: false,
    distDir,
    registryJson: {},
    registryTtlMs: 1000,
    shopName: 'Оригинал',
    dev: false,
    contacts: {},
    marketplace: 'Poizon',
  });
  hostPort = await listen(host);
});

afterAll(async () => {
  host.closeAllConnections();
  api.closeAllConnections();
  await Promise.all([host, api].map((s) => new Promise((resolve) => s.close(resolve))));
  rmSync(distDir, { recursive: true, force: true });
});

const open = (target: string) => fetch(`http://127.0.0.1:${hostPort}${target}`);

describe('order pages on the host server', () => {
  it('answers the right key with 200 and the order meta, never storing the page or passing the key to pageMeta', async () => {
    asked.length = 0;
    const res = await open(`/order/SH-ABCDE?key=${KEY}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('<title>Ваш заказ | Оригинал</title>');
    expect(asked.find((a) => a.op === 'resolve')?.vars.query).toBe(`key=${KEY}`);
    expect(asked.find((a) => a.op === 'meta')?.vars).toMatchObject({ type: 'ORDER', query: '' });
    expect(html).not.toContain(KEY);
  });

  it.each(['?key=wrong', ''])('answers %s with 404 «Заказ не найден», noindex, not stored', async (search) => {
    const res = await open(`/order/SH-ABCDE${search}`);
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('<title>Заказ не найден | Оригинал</title>');
    expect(html).toContain('<meta name="robots" content="noindex"');
    // the shell shows the order page's own «not found» (type ORDER), not the generic 404 page
    expect(html).toContain('"type":"ORDER"');
  });

  it('answers a client over its look-up budget with 429 and Retry-After, never a 500', async () => {
    const res = await open('/order/SH-ABCDE?key=spent');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('60');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
