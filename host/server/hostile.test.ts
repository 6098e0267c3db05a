// Guards the host server against single hostile requests: malformed Host headers, request
// targets and cookies never crash it, the /api proxy and every server-side fetch reach only
// the configured API, robots/sitemap/meta name the configured public origin, and source maps
// are not served. Raw sockets, not fetch: fetch would normalise the very requests under test.
import { mkdtempSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHostServer } from './app.ts';
import type { HostConfig } from './config.ts';
import { apiRegistry } from './registry.ts';

const PUBLIC = 'https://shop.example';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
}

async function listen(server: http.Server | net.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

/** A listener that must never hear from the host: it stands for any host an attacker would aim at. */
function canaryServer() {
  const hits: string[] = [];
  const server = net.createServer((socket) => {
    socket.once('data', (chunk) => hits.push(chunk.toString('latin1').split('\r\n')[0] ?? ''));
    socket.on('error', () => undefined);
    socket.end('HTTP/1.1 200 OK\r\ncontent-length: 18\r\nconnection: close\r\n\r\ncanary-body-secret');
  });
  return { server, hits };
}

const goodImage = '/api/images/1.jpg';
const hostileImages = ['http://localhost:3510javascript:alert(3)', 'javascript:alert(1)', 'img/x.jpg', '//evil.example/x.jpg', 'http://shop.example:99999/x.jpg'];

/** Redirects an imported table could hold: only the first is on this site. */
const redirects: Record<string, string> = {
  '/go-home': '/brands/nike?sort=priceup',
  '/go-away-1': '//evil.example/phish',
  '/go-away-2': '/\\evil.example/phish',
  '/go-away-3': 'https://evil.example/',
  '/go-away-4': 'javascript:alert(1)',
  '/go-away-5': '/\tevil',
};

/** A small stand-in for the API: page resolution, meta, sitemap, registry, one manifest; it records every request. */
function fakeApi(canaryPort: () => number) {
  const seen: Seen[] = [];
  let down = false;
  const server = http.createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/api/registry') {
      return json(200, {
        remotes: {
          mf_catalog: { active: { version: '1', manifestUrl: 'javascript:alert(1)' } },
          mf_cart: {
            active: { version: '1', manifestUrl: 'http://127.0.0.1:1/1/mf-manifest.json' },
            canary: { version: '2', manifestUrl: `//127.0.0.1:${canaryPort()}/x`, percent: 50 },
          },
        },
      });
    }
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      if (down) return void res.destroy();
      if (!req.url?.startsWith('/api/graphql') || req.method !== 'POST') return json(200, { ok: true, url: req.url });
      let body: { variables?: Record<string, unknown> } = {};
      try {
        body = JSON.parse(text);
      } catch {
        return json(400, { errors: [{ message: 'bad json' }] });
      }
      const vars = body.variables ?? {};
      // the real resolver's input limit (api/src/graphql/page-resolvers.ts)
      if (String(vars.query ?? '').length > 4000 || String(vars.path ?? '').includes('refused-by-api')) {
        return json(200, { errors: [{ message: 'query слишком длинный', extensions: { code: 'BAD_USER_INPUT' } }], data: null });
      }
      if ('path' in vars) {
        const redirectTo = redirects[String(vars.path)];
        if (redirectTo) return json(200, { data: { resolvePage: { type: 'REDIRECT', id: null, status: 301, location: redirectTo } } });
        return json(200, { data: { resolvePage: { type: 'PRODUCT', id: '1', status: 200, location: null } } });
      }
      if ('type' in vars) {
        return json(200, {
          data: {
            pageMeta: {
              title: 'Кроссовки',
              description: 'd',
              keywords: 'k',
              canonical: `${PUBLIC}/product/1`,
              robots: 'index, follow',
              ogTitle: 't',
              ogDescription: 'd',
              ogUrl: `${PUBLIC}/product/1`,
              ogType: 'product',
              ogImages: [...hostileImages, goodImage].map((fullpath) => ({ fullpath, width: 1, height: 1 })),
              jsonLd: null,
            },
          },
        });
      }
      return json(200, {
        data: {
          sitemap: [
            { path: '/brands/adidas', type: 'BRAND', lastModified: null },
            { path: '//evil.example/x', type: 'BRAND', lastModified: null },
          ],
        },
      });
    });
  });
  const setDown = (value: boolean) => {
    down = value;
  };
  return { server, seen, setDown };
}

interface Answer {
  status: number | null;
  head: string;
  body: string;
}

function unchunk(text: string): string {
  let out = '';
  let rest = Buffer.from(text, 'utf8');
  for (;;) {
    const eol = rest.indexOf('\r\n');
    const size = Number.parseInt(rest.subarray(0, eol).toString('latin1'), 16);
    if (eol < 0 || !size) return out;
    out += rest.subarray(eol + 2, eol + 2 + size).toString('utf8');
    rest = rest.subarray(eol + 2 + size + 2);
  }
}

/** Sends raw bytes and reads until the server closes (every request says Connection: close). */
function raw(port: number, request: string | Buffer, waitMs = 3000): Promise<Answer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const done = () => {
      socket.destroy();
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1];
      let body = rest.join('\r\n\r\n');
      if (/\r\ntransfer-encoding: chunked/i.test(head)) body = unchunk(body);
      resolve({ status: status ? Number(status) : null, head, body });
    };
    socket.setTimeout(waitMs, done);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('close', done);
    socket.on('error', done);
    socket.write(request);
  });
}

const get = (target: string, headers: Record<string, string> = {}, method = 'GET') =>
  `${method} ${target} HTTP/1.1\r\n${Object.entries({ Host: 'localhost', ...headers, Connection: 'close' })
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n')}\r\n\r\n`;

function header(answer: Answer, name: string): string | undefined {
  const line = answer.head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

let hostPort = 0;
let canaryPort = 0;
let apiPort = 0;
const canary = canaryServer();
const api = fakeApi(() => canaryPort);
let host: http.Server;
let distDir = '';

async function stillServing() {
  const health = await raw(hostPort, get('/healthz'));
  expect(health.status).toBe(200);
  expect(canary.hits).toEqual([]);
}

beforeAll(async () => {
  canaryPort = await listen(canary.server);
  apiPort = await listen(api.server);
  distDir = mkdtempSync(path.join(tmpdir(), 'host-hostile-'));
  mkdirSync(path.join(distDir, 'static'));
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html><head><!--app-head--></head><body><!--app-state--></body></html>');
  writeFileSync(path.join(distDir, 'static', 'app.js'), 'console.log("shop");\n');
  writeFileSync(path.join(distDir, 'static', 'app.js.map'), '{"version":3,"sourcesContent":["secret source"]}');
  writeFileSync(path.join(distDir, 'static', 'app.js.gz'), gzipSync('console.log("shop");\n'));
  const config: HostConfig = {
    port: 0,
    bind: '127.0.0.1',
    apiUrl: `http://127.0.0.1:${apiPort}`,
    publicUrl: PUBLIC,
    proxyOps: false,
    serveSourceMaps: false,
    distDir,
    registryJson: { mf_product: `http://127.0.0.1:${apiPort}/mf-product/1/mf-manifest.json` },
    registryTtlMs: 1000,
    shopName: 'Оригинал',
    dev: false,
    contacts: {},
    marketplace: 'Poizon',
  };
  host = await createHostServer(config);
  hostPort = await listen(host);
});

afterAll(async () => {
  host?.closeAllConnections();
  api.server.closeAllConnections();
  await Promise.all([host, api.server, canary.server].map((s) => new Promise((resolve) => s?.close(resolve))));
  rmSync(distDir, { recursive: true, force: true });
});

describe('malformed Host headers', () => {
  const hosts: [string, string | Buffer][] = [
    ['port out of range', 'localhost:99999'],
    ['port zero', 'shop.example:0'],
    ['port not a number', 'shop:x'],
    ['empty', ''],
    ['10 KB', 'h'.repeat(10_240)],
    ['space inside', 'a b'],
    ['lone bracket', '['],
    ['percent', '%'],
    ['angle bracket', 'a<b'],
    ['user info', 'evil@shop.example'],
    ['non-ASCII', Buffer.from('магазин.рф', 'utf8')],
    ['IPv6 without brackets', '::1:3000'],
  ];
  for (const [what, value] of hosts) {
    it(`answers 400 to a Host that is ${what}, and keeps serving`, async () => {
      const request = Buffer.concat([Buffer.from('GET / HTTP/1.1\r\nHost: '), Buffer.from(value), Buffer.from('\r\nConnection: close\r\n\r\n')]);
      const answer = await raw(hostPort, request);
      expect(answer.status).toBe(400);
      expect(answer.body).toContain('Некорректный запрос');
      await stillServing();
    });
  }

  it('answers 400 to an HTTP/1.1 request without Host or with two, and serves valid ones', async () => {
    expect((await raw(hostPort, 'GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n')).status).toBe(400);
    expect((await raw(hostPort, 'GET /robots.txt HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\nConnection: close\r\n\r\n')).status).toBe(400);
    expect((await raw(hostPort, 'GET /healthz HTTP/1.0\r\n\r\n')).status).toBe(200);
    expect((await raw(hostPort, get('/healthz', { Host: '[::1]:3000' }))).status).toBe(200);
    expect((await raw(hostPort, get('/healthz', { Host: 'shop.example' }))).status).toBe(200);
  });
});

describe('request targets', () => {
  const targets = () => [
    `http://127.0.0.1:${canaryPort}/api/anything`,
    `http://127.0.0.1:${canaryPort}/`,
    `//127.0.0.1:${canaryPort}/api/anything`,
    'http://x:99999/',
    'http://[/',
    '//',
    `127.0.0.1:${canaryPort}`,
    '*',
    'api/graphql',
  ];
  it('refuses every target that is not a plain path with 400, and never connects anywhere', async () => {
    for (const target of targets()) {
      for (const method of ['GET', 'POST', 'HEAD']) {
        const answer = await raw(hostPort, get(target, {}, method));
        expect(answer.status, `${method} ${target}`).toBe(400);
      }
    }
    await stillServing();
  });

  it('answers OPTIONS * about the server itself', async () => {
    const answer = await raw(hostPort, get('*', {}, 'OPTIONS'));
    expect(answer.status).toBe(204);
    expect(header(answer, 'allow')).toContain('GET');
  });

  it('never lets a path name another host: //host/…, /\\host/… and /\\/host/… are refused, /a//b is a path', async () => {
    for (const target of [`//127.0.0.1:${canaryPort}/brands/nike`, `/\\127.0.0.1:${canaryPort}/brands/nike`, `/\\/127.0.0.1/x`, '/\\']) {
      expect((await raw(hostPort, get(target))).status, target).toBe(400);
    }
    const before = api.seen.length;
    expect((await raw(hostPort, get('/brands//nike'))).status).toBe(200);
    expect(api.seen.slice(before).some((s) => s.url === '/api/graphql')).toBe(true);
    await stillServing();
  });

  it('refuses methods it does not serve and tunnels nothing (CONNECT)', async () => {
    expect((await raw(hostPort, get('/', {}, 'PROPFIND'))).status).toBe(405);
    expect((await raw(hostPort, get('/robots.txt', {}, 'DELETE'))).status).toBe(405);
    expect((await raw(hostPort, get('/api/graphql', {}, 'TRACE'))).status).toBe(405);
    expect((await raw(hostPort, get('/', {}, 'BREW'))).status).toBe(400);
    expect((await raw(hostPort, get(`127.0.0.1:${canaryPort}`, {}, 'CONNECT'))).status).toBe(400);
    await stillServing();
  });
});

describe('the /api proxy', () => {
  it('reaches only the configured API, whatever the path smuggles', async () => {
    const c = () => `127.0.0.1:${canaryPort}`;
    const refused = [
      `/api//${c()}/api/x`,
      `/api/%2F%2F${c()}/x`,
      '/api/..%2f..%2fx',
      '/api/%2e%2e%2fops/registry',
      '/api/x/..%2F..%2Fsecret',
      '/api/%5c%5cevil.example/x',
      '/api/x%5C..%5C..%5Csecret',
      '/api/%00/x',
      '/api/%E0%A4%A',
    ];
    for (const target of refused) {
      const answer = await raw(hostPort, get(target));
      expect(answer.status, target).toBe(400);
      expect(answer.body).toContain('BAD_REQUEST');
    }
    // Encoded variants that leave /api are plain pages, resolved through the API, not proxied elsewhere.
    for (const target of [`/%2F%2F${c()}/api/x`, `/%5C%5C${c()}/api/x`, '/api/%2e%2e/%2e%2e/x']) {
      const answer = await raw(hostPort, get(target));
      expect(answer.status, target).toBe(200);
    }
    await stillServing();
  });

  it('forwards a normal call to the API without the client’s Host or hop-by-hop headers', async () => {
    const before = api.seen.length;
    const body = '{"query":"{ health }"}';
    const request = `POST /api/graphql?x=1 HTTP/1.1\r\nHost: evil.example\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close, x-secret\r\nX-Secret: 1\r\nProxy-Authorization: Basic eA==\r\nX-Forwarded-Host: evil.example\r\nKeep-Alive: timeout=5\r\n\r\n${body}`;
    const answer = await raw(hostPort, request);
    expect(answer.status).toBe(200);
    const call = api.seen.slice(before).find((s) => s.url === '/api/graphql?x=1');
    expect(call?.headers.host).toBe(`127.0.0.1:${apiPort}`);
    for (const name of ['x-secret', 'proxy-authorization', 'x-forwarded-host', 'keep-alive']) expect(call?.headers[name], name).toBeUndefined();
    expect(call?.headers['x-forwarded-for']).toContain('127.0.0.1');
  });

  it('answers 404 for the ops API, which tooling reaches directly', async () => {
    const before = api.seen.length;
    for (const target of ['/api/ops/registry', '/api/ops/registry/activate', '/api/OPS/registry', '/api/ops%2Fregistry', '/api/ops']) {
      for (const method of ['GET', 'POST']) {
        const answer = await raw(hostPort, get(target, { 'Content-Length': '0', Authorization: 'Bearer x' }, method));
        expect(answer.status, `${method} ${target}`).toBe(404);
      }
    }
    expect(api.seen.slice(before).filter((s) => /ops/i.test(s.url))).toEqual([]);
  });

  it('survives a client that hangs up in the middle of a body', async () => {
    const socket = net.connect(hostPort, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write('POST /api/graphql HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"query":');
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await stillServing();
  });
});

describe('the visitor cookie', () => {
  for (const [what, value] of [
    ['a lone %', '%'],
    ['a cut escape', '%E0%A4%A'],
    ['a huge value', `${'%'.repeat(4000)}${'x'.repeat(4000)}`],
    ['script text', '<script>alert(1)</script>'],
  ]) {
    it(`replaces ${what} with a new id and still serves the registry and pages`, async () => {
      const registry = await raw(hostPort, get('/registry.json', { Cookie: `a=1; visitor_id=${value}; b=2` }));
      expect(registry.status).toBe(200);
      expect(JSON.parse(registry.body)).toHaveProperty('mf_product');
      expect(header(registry, 'set-cookie')).toMatch(/^visitor_id=[0-9a-f-]{36}; .*Secure/);
      const pageAnswer = await raw(hostPort, get('/brands/nike', { Cookie: `visitor_id=${value}` }));
      expect(pageAnswer.status).toBe(200);
      expect(pageAnswer.body).toContain('mf_product');
    });
  }

  it('keeps a valid id', async () => {
    const answer = await raw(hostPort, get('/registry.json', { Cookie: 'visitor_id=1b4e28ba-2fa1-11d2-883f-0016d3cca427' }));
    expect(answer.status).toBe(200);
    expect(header(answer, 'set-cookie')).toBeUndefined();
  });
});

describe('public documents', () => {
  it('robots.txt and the sitemap name the configured origin, never the Host header', async () => {
    for (const hostHeader of ['evil.example', 'evil.example:8080', 'localhost']) {
      const robots = await raw(hostPort, get('/robots.txt', { Host: hostHeader }));
      expect(robots.status).toBe(200);
      expect(robots.body).toContain(`Sitemap: ${PUBLIC}/sitemap.xml`);
      expect(robots.body).not.toContain('evil');
      const sitemap = await raw(hostPort, get('/sitemap.xml', { Host: hostHeader }));
      expect(sitemap.status).toBe(200);
      expect(sitemap.body).toContain(`<loc>${PUBLIC}/brands/adidas</loc>`);
      expect(sitemap.body).not.toContain('evil');
    }
  });

  it('sends HSTS when the public origin is https', async () => {
    for (const target of ['/', '/robots.txt', '/healthz', '/api/graphql']) {
      const answer = await raw(hostPort, get(target));
      expect(header(answer, 'strict-transport-security'), target).toMatch(/max-age=\d{7,}/);
    }
  });

  it('a product page skips image URLs that are not http(s) or an on-site path instead of failing', async () => {
    const answer = await raw(hostPort, get('/product/1', { Host: 'evil.example' }));
    expect(answer.status).toBe(200);
    const images = [...answer.body.matchAll(/property="og:image" content="([^"]+)"/g)].map((m) => m[1]);
    expect(images).toEqual([`${PUBLIC}${goodImage}`]);
    expect(answer.body).not.toContain('javascript:');
    expect(answer.body).not.toContain('evil.example');
  });

  it('sends on-site redirects only: one to another site becomes a 404', async () => {
    const home = await raw(hostPort, get('/go-home'));
    expect(home.status).toBe(301);
    expect(header(home, 'location')).toBe('/brands/nike?sort=priceup');
    for (const path of Object.keys(redirects).filter((p) => p.startsWith('/go-away'))) {
      const answer = await raw(hostPort, get(path));
      expect(answer.status, path).toBe(404);
      expect(header(answer, 'location'), path).toBeUndefined();
      expect(answer.body).not.toContain('evil.example');
    }
    await stillServing();
  });

  it('a long but valid query shows the page (resolved by its path), an over-long path answers 414 in Russian, neither 503; an API outage still gives 503', async () => {
    const long = await raw(hostPort, get(`/brands/nike?${Array.from({ length: 1500 }, (_, i) => `size=${i}`).join('&')}`));
    expect(long.status).toBe(200);
    expect(long.body).toContain('"resolved"');
    const longPath = await raw(hostPort, get(`/brands/${'n'.repeat(2100)}`));
    expect(longPath.status).toBe(414);
    expect(longPath.body).toContain('Слишком длинный адрес');
    // any other address the API refuses as bad input is the shopper's request, not an outage
    const refused = await raw(hostPort, get('/brands/refused-by-api'));
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('Некорректный адрес');
    api.setDown(true);
    try {
      expect((await raw(hostPort, get('/brands/nike'))).status).toBe(503);
    } finally {
      api.setDown(false);
    }
    expect((await raw(hostPort, get('/brands/nike'))).status).toBe(200);
  });
});

describe('source maps and static files', () => {
  it('answers 404 for source maps, however the name is written', async () => {
    for (const target of ['/static/app.js.map', '/static/app.js%2emap', '/static/app.js.MAP', '/static/app.js%2Emap?x=1']) {
      const answer = await raw(hostPort, get(target));
      expect(answer.status, target).toBe(404);
      expect(answer.body).not.toContain('secret source');
    }
    expect((await raw(hostPort, get('/static/app.js'))).status).toBe(200);
  });

  it('answers a plain 404 for a file no build made or a name spelt otherwise, never a page', async () => {
    // a compressed copy is sent for the file it belongs to, never by its own name
    const compressed = await raw(hostPort, get('/static/app.js', { 'Accept-Encoding': 'gzip' }));
    expect(compressed.status).toBe(200);
    expect(compressed.head).toMatch(/^content-encoding: gzip$/im);
    for (const target of ['/static/net-takogo.js', '/static/APP.js', '/static/app.js/', '/static/', '/static/app.js.gz', '/independent-packages/react/x.js']) {
      const answer = await raw(hostPort, get(target));
      expect(answer.status, target).toBe(404);
      expect(answer.body, target).toBe('Not found');
    }
    expect((await raw(hostPort, 'HEAD /static/app.js HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n')).status).toBe(200);
  });

  it('ignores a backwards or malformed Range instead of breaking the answer', async () => {
    for (const range of ['bytes=10-5', 'bytes=5-3,1-2', 'bytes=x-y', 'bytes=-5']) {
      const answer = await raw(hostPort, get('/static/app.js', { Range: range }));
      expect(answer.status, range).toBe(200);
      expect(answer.body).toBe('console.log("shop");\n');
    }
    expect((await raw(hostPort, get('/static/app.js', { Range: 'bytes=0-6' }))).body).toBe('console');
    await stillServing();
  });

  it('answers a Range past the end of the file with 416 and the file\'s size, not a server error', async () => {
    for (const range of ['bytes=9999-', 'bytes=21-30', 'bytes=999999999999999-']) {
      const answer = await raw(hostPort, get('/static/app.js', { Range: range, 'Accept-Encoding': 'identity' }));
      expect(answer.status, range).toBe(416);
      expect(answer.head).toMatch(/^content-range: bytes \*\/21$/im);
    }
    await stillServing();
  });
});

describe('server-side fetches', () => {
  it('the API registry keeps only http(s) or on-site manifest URLs', async () => {
    const state = await apiRegistry(`http://127.0.0.1:${apiPort}`, 0)();
    expect(Object.keys(state)).toEqual(['mf_cart']);
    expect(state.mf_cart?.canary).toBeUndefined();
  });

  it('stops on a request Node refuses (bad header) with a Russian 400', async () => {
    const answer = await raw(hostPort, 'GET / HTTP/1.1\r\nHost: localhost\r\nBad Header: x\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('Некорректный запрос');
    await stillServing();
  });
});

describe('health check', () => {
  it('fails (503) while the page template cannot be read, and recovers when it is back', async () => {
    const template = path.join(distDir, 'index.html');
    const saved = template.replace(/index\.html$/, 'index.saved');
    renameSync(template, saved);
    try {
      const broken = await raw(hostPort, get('/healthz'));
      expect(broken.status).toBe(503);
      expect(broken.body).toContain('"ok":false');
    } finally {
      renameSync(saved, template);
    }
    await stillServing();
  });
});

describe('request bodies through the /api proxy', () => {
  /** Streams a chunked body of up to `total` bytes, 16 KB at a time, stopping once an answer arrives. */
  function upload(total: number, headers: Record<string, string> = {}): Promise<Answer & { sent: number }> {
    return new Promise((resolve) => {
      const socket = net.connect(hostPort, '127.0.0.1');
      const chunks: Buffer[] = [];
      let sent = 0;
      let finished = false;
      const done = () => {
        if (finished) return;
        finished = true;
        socket.destroy();
        const text = Buffer.concat(chunks).toString('utf8');
        const [head = '', ...rest] = text.split('\r\n\r\n');
        const status = /^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1];
        resolve({ status: status ? Number(status) : null, head, body: rest.join('\r\n\r\n'), sent });
      };
      socket.setTimeout(5000, done);
      socket.on('data', (chunk) => {
        chunks.push(chunk);
        if (Buffer.concat(chunks).includes('\r\n\r\n')) setTimeout(done, 50);
      });
      socket.on('close', done);
      socket.on('error', done);
      const head = { Host: 'localhost', 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked', Connection: 'close', ...headers };
      socket.write(`POST /api/graphql HTTP/1.1\r\n${Object.entries(head).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n`);
      const chunk = ' '.repeat(16 * 1024);
      const pump = () => {
        if (finished || socket.destroyed) return;
        if (sent >= total) return void socket.write('0\r\n\r\n');
        socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
        sent += chunk.length;
        setImmediate(pump);
      };
      pump();
    });
  }

  it('answers 413 itself once a chunked body passes the API cap, whatever the upload size, and keeps serving', async () => {
    for (const total of [200 * 1024, 2 * 1024 * 1024, 30 * 1024 * 1024]) {
      const answer = await upload(total);
      expect(answer.status, `${total} bytes`).toBe(413);
      expect(answer.body).toContain('PAYLOAD_TOO_LARGE');
      // refused while arriving, not after reading it all
      expect(answer.sent).toBeLessThan(2 * 1024 * 1024);
    }
    await stillServing();
  });

  it('refuses a declared Content-Length over the cap without reading the body', async () => {
    const answer = await raw(hostPort, `POST /api/graphql HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${5 * 1024 * 1024}\r\nConnection: close\r\n\r\n{}`);
    expect(answer.status).toBe(413);
    // a body under the cap still reaches the API
    const small = JSON.stringify({ query: '{ __typename }' });
    const ok = await raw(hostPort, `POST /api/graphql HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${small.length}\r\nConnection: close\r\n\r\n${small}`);
    expect(ok.status).not.toBe(413);
    expect(ok.status).not.toBe(502);
    await stillServing();
  });
});
