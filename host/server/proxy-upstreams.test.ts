// Guards the proxy's two upstreams: the release plane's paths (registry, its ops routes,
// health reports) go to the release service, every other /api/ path to the API, the host
// reads the registry from the release service, and an upstream that is down is a 502 in the
// API's error shape with a Russian message.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHostServer } from './app.ts';

/** A stand-in service that names itself in every answer and records what it was asked. */
function service(name: string) {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        req.url === '/api/registry'
          ? JSON.stringify({ remotes: { mf_catalog: { active: { version: '1', manifestUrl: 'http://cdn.test/1/mf-manifest.json' } } } })
          : JSON.stringify({ from: name }),
      );
    });
  });
  return { server, seen };
}

const api = service('api');
const release = service('release');
let host: http.Server;
let base = '';
let distDir = '';

const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
};

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'host-upstreams-'));
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html><head><!--app-head--></head><body><!--app-state--></body></html>');
  host = await createHostServer({
    port: 0,
    bind: '127.0.0.1',
    apiUrl: await listen(api.server),
    releaseUrl: await listen(release.server),
    publicUrl: 'http://localhost:3000',
    proxyOps: true,
    serveSourceMaps: false,
    distDir,
    registryTtlMs: 0,
    shopName: 'Оригинал',
    dev: false,
    contacts: {},
    marketplace: 'Poizon',
    ssr: null,
  });
  base = await listen(host);
});

afterAll(async () => {
  host.closeAllConnections();
  await Promise.all([host, api.server, release.server].map((s) => new Promise((resolve) => s.close(resolve))));
  rmSync(distDir, { recursive: true, force: true });
});

const from = async (url: string, init?: RequestInit) => ((await (await fetch(base + url, init)).json()) as { from?: string }).from;

it('sends the release plane’s paths to the release service and the rest to the API', async () => {
  expect(await from('/api/graphql?x=1')).toBe('api');
  expect(await from('/api/health')).toBe('api');
  expect(await from('/api/telemetry/remotes', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })).toBe('release');
  expect(await from('/api/health/remotes')).toBe('release');
  expect(await from('/api/ops/registry/releases')).toBe('release');
  expect(await from('/api/ops/operations')).toBe('api');
  expect(api.seen).toContain('GET /api/graphql?x=1');
  expect(release.seen).toContain('POST /api/telemetry/remotes');
});

it('reads the visitor’s registry from the release service', async () => {
  const registry = await (await fetch(`${base}/registry.json`)).json();
  expect(registry).toEqual({ mf_catalog: 'http://cdn.test/1/mf-manifest.json' });
  expect(api.seen.filter((s) => s.includes('/api/registry'))).toEqual([]);
});

it('answers 502 in the API’s error shape when an upstream is down', async () => {
  await new Promise((resolve) => release.server.close(resolve));
  const answer = await fetch(`${base}/api/health/remotes`);
  expect(answer.status).toBe(502);
  const body = (await answer.json()) as { error?: { code?: string; message?: string } };
  expect(JSON.stringify(body)).toContain('API_UNAVAILABLE');
  expect(JSON.stringify(body)).toMatch(/[а-я]/);
  await listen(release.server);
});

it('closes an idle connection to the API before the API does (its Keep-Alive hint), never reusing one as it closes', async () => {
  // an API that keeps an idle connection 2 s and says so (`Keep-Alive: timeout=2`)
  const quick = service('api');
  quick.server.keepAliveTimeout = 2000;
  let connections = 0;
  quick.server.on('connection', () => connections++);
  const dir = mkdtempSync(path.join(tmpdir(), 'host-keepalive-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><!--app-head--></head><body><!--app-state--></body></html>');
  const apiUrl = await listen(quick.server);
  const proxyHost = await createHostServer({
    port: 0,
    bind: '127.0.0.1',
    apiUrl,
    releaseUrl: apiUrl,
    publicUrl: 'http://localhost:3000',
    proxyOps: false,
    serveSourceMaps: false,
    distDir: dir,
    registryTtlMs: 0,
    shopName: 'Оригинал',
    dev: false,
    contacts: {},
    marketplace: 'Poizon',
    ssr: null,
  });
  const origin = await listen(proxyHost);
  const post = () => fetch(`${origin}/api/graphql`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
  try {
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(200);
    expect(connections).toBe(1);
    // past the hint less a second (1 s), before the API's 2 s: the proxy has let the connection go
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await post()).status).toBe(200);
    expect(connections).toBe(2);
  } finally {
    proxyHost.closeAllConnections();
    await Promise.all([proxyHost, quick.server].map((s) => new Promise((resolve) => s.close(resolve))));
    rmSync(dir, { recursive: true, force: true });
  }
});
