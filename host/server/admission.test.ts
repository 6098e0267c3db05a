// Admission control for server renders (admission.ts, audit 2026-11-28 F1): at most N renders at once
// and a short bounded wait; a page past that is shed: the stored page when the page cache holds one
// (even stale), else the page the browser renders, 200, `x-render: shed`, no-store, never stored.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAdmission, loopUtilization, PAGES_PER_RENDER } from './admission.ts';
import { createHostServer } from './app.ts';
import type { HostConfig } from './config.ts';

describe('createAdmission', () => {
  it('runs at most `concurrency` at once; one more waits its turn, the rest are shed at once', async () => {
    const admission = createAdmission({ concurrency: 2, waitMs: 5_000 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let running = 0;
    let most = 0;
    const task = async (value: number) => {
      running++;
      most = Math.max(most, running);
      await held;
      running--;
      return value;
    };
    const results = Array.from({ length: 6 }, (_, i) => admission.run(() => task(i)));
    // two run, two wait (as many as run), two are refused without waiting
    await expect(Promise.all(results.slice(4))).resolves.toEqual([{ admitted: false }, { admitted: false }]);
    expect(admission.stats()).toEqual({ running: 2, waiting: 2, pages: 0, shed: 2 });
    release();
    expect(await Promise.all(results.slice(0, 4))).toEqual([0, 1, 2, 3].map((value) => ({ admitted: true, value })));
    expect(most).toBe(2);
    expect(admission.stats()).toEqual({ running: 0, waiting: 0, pages: 0, shed: 2 });
  });

  it('sheds a page whose wait is over, and keeps the slot of a render that runs longer than the wait', async () => {
    const admission = createAdmission({ concurrency: 1, waitMs: 30 });
    let release!: () => void;
    const long = admission.run(
      () =>
        new Promise<string>((resolve) => {
          release = () => resolve('rendered');
        }),
    );
    // waits 30 ms for the slot the long render keeps, then is shed
    expect(await admission.run(async () => 'never')).toEqual({ admitted: false });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await admission.run(async () => 'never')).toEqual({ admitted: false });
    expect(admission.stats()).toEqual({ running: 1, waiting: 0, pages: 0, shed: 2 });
    release();
    expect(await long).toEqual({ admitted: true, value: 'rendered' });
    expect(await admission.run(async () => 'next')).toEqual({ admitted: true, value: 'next' });
  });

  it('sheds while the event loop is busier than its limit, and renders again once it is not', async () => {
    let busy = 0.95;
    const admission = createAdmission({ concurrency: 2, waitMs: 100, maxUtilization: 0.9, utilization: () => busy });
    expect(await admission.run(async () => 'rendered')).toEqual({ admitted: false });
    busy = 0.5;
    expect(await admission.run(async () => 'rendered')).toEqual({ admitted: true, value: 'rendered' });
    expect(admission.stats()).toEqual({ running: 0, waiting: 0, pages: 0, shed: 1 });
  });

  it('starts no render while a crowd of pages is being answered', async () => {
    const admission = createAdmission({ concurrency: 1, waitMs: 100 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const crowd = Array.from({ length: PAGES_PER_RENDER + 1 }, () => admission.page(() => held));
    expect(admission.stats().pages).toBe(PAGES_PER_RENDER + 1);
    expect(await admission.page(() => admission.run(async () => 'rendered'))).toEqual({ admitted: false });
    release();
    await Promise.all(crowd);
    expect(await admission.page(() => admission.run(async () => 'rendered'))).toEqual({ admitted: true, value: 'rendered' });
    expect(admission.stats()).toEqual({ running: 0, waiting: 0, pages: 0, shed: 1 });
  });

  it('passes a failed render on as its error, not as a shed page', async () => {
    const admission = createAdmission({ concurrency: 1, waitMs: 10 });
    const timeout = Object.assign(new Error('render timed out'), { name: 'TimeoutError' });
    await expect(admission.run(() => Promise.reject(timeout))).rejects.toBe(timeout);
    expect(admission.stats().shed).toBe(0);
  });
});

// The host server with a stand-in API and a stand-in server renderer whose renders wait for the test.
const gate = globalThis as typeof globalThis & { shedTest?: { renders: string[]; held: Promise<void> } };
const RENDERER = `exports.createRenderer = () => ({
  loadedReleases: () => [],
  async render(request) {
    const test = globalThis.shedTest;
    test.renders.push(request.url);
    await test.held;
    return {
      pipe(sink) { sink.write('<main data-rendered="server">Кроссовки Nike Air Max 90</main>'); sink.end(); },
      apolloState: {}, modules: [], timings: { data: 1, render: 1, passes: 2 }, errors: [],
    };
  },
});`;

const api = http.createServer((req, res) => {
  let text = '';
  req.on('data', (chunk) => {
    text += chunk;
  });
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    if (req.url?.startsWith('/api/catalog-version')) return res.end(JSON.stringify({ version: 1 }));
    const variables = (JSON.parse(text || '{}') as { variables?: Record<string, unknown> }).variables ?? {};
    if ('path' in variables) return res.end(JSON.stringify({ data: { resolvePage: { type: 'HOME', id: null, status: 200, location: null } } }));
    const meta = { title: 'Оригинал', description: 'd', keywords: 'k', canonical: 'https://shop.example/', robots: 'index, follow' };
    res.end(JSON.stringify({ data: { pageMeta: { ...meta, ogTitle: 't', ogDescription: 'd', ogUrl: meta.canonical, ogType: 'website', ogImages: [], jsonLd: null } } }));
  });
});

const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
};

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A host with SSR_CONCURRENCY=1 and SSR_QUEUE_MS=20; renders wait until `release()`. */
async function host(pageCache: HostConfig['pageCache'] = null) {
  let release!: () => void;
  gate.shedTest = {
    renders: [],
    held: new Promise<void>((resolve) => {
      release = resolve;
    }),
  };
  const dir = mkdtempSync(path.join(tmpdir(), 'host-shed-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><!--app-head--></head><body><div id="root"></div><!--app-state--><script defer src="/main.js"></script></body></html>');
  writeFileSync(path.join(dir, 'render.cjs'), RENDERER);
  if (!api.listening) {
    await listen(api);
    cleanups.push(() => {
      api.closeAllConnections();
      return new Promise<void>((resolve) => api.close(() => resolve()));
    });
  }
  const apiPort = (api.address() as net.AddressInfo).port;
  const server = await createHostServer({
    port: 0,
    bind: '127.0.0.1',
    apiUrl: `http://127.0.0.1:${apiPort}`,
    publicUrl: 'https://shop.example',
    proxyOps: false,
    serveSourceMaps: false,
    distDir: dir,
    registryJson: {},
    registryTtlMs: 1000,
    shopName: 'Оригинал',
    dev: false,
    contacts: {},
    marketplace: 'Poizon',
    ssr: { bundle: path.join(dir, 'render.cjs'), remoteTimeoutMs: 1000, renderTimeoutMs: 3000, originMap: [], concurrency: 1, queueMs: 20, maxLoopUtilization: 1 },
    pageCache,
  });
  const port = await listen(server);
  cleanups.push(async () => {
    release();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });
  const open = async (target: string) => {
    const response = await fetch(`http://127.0.0.1:${port}${target}`);
    const html = await response.text();
    return { status: response.status, headers: Object.fromEntries(response.headers), html };
  };
  return { open, release, renders: () => gate.shedTest?.renders ?? [] };
}

const renderedHere = (html: string) => html.includes('data-rendered="server"');
const health = async (open: Awaited<ReturnType<typeof host>>['open']) => JSON.parse((await open('/healthz')).html) as { renders: Record<string, number> };

/** Keeps this thread busy, as start-up or a render does. */
function busy(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spin
  }
}

describe('loopUtilization', () => {
  it('reads a busy loop over the last window as busy', () => {
    const utilization = loopUtilization(50);
    busy(80);
    expect(utilization()).toBeGreaterThan(0.8);
  });

  it('does not count the start-up before the first page: the first page after a long busy start is not shed', () => {
    const utilization = loopUtilization(50);
    busy(400);
    expect(utilization()).toBe(0);
    busy(80);
    expect(utilization()).toBeGreaterThan(0.8);
  });
});

describe('a page past the render limit', () => {
  it('is the page the browser renders, at once: 200, x-render: shed, no-store, and counted', async () => {
    const shop = await host();
    const first = shop.open('/');
    await expect.poll(() => shop.renders().length, { timeout: 15_000 }).toBe(1);
    // the render slot is taken: each of these waits at most 20 ms, or not at all
    const shed = await Promise.all([shop.open('/'), shop.open('/'), shop.open('/')]);
    for (const page of shed) {
      expect(page.status).toBe(200);
      expect(page.headers['x-render']).toBe('shed');
      expect(page.headers['cache-control']).toBe('no-store');
      // the shell the browser renders: its root empty, the resolver's answer and the entry script in it
      expect(page.html).toContain('<div id="root"></div>');
      expect(page.html).toContain('id="shop-state"');
      expect(page.html).toContain('"resolved":{"path":"/"');
      expect(page.html).toContain('<script defer src="/main.js"></script>');
    }
    expect(shop.renders()).toEqual(['/']);
    expect((await health(shop.open)).renders).toEqual({ running: 1, waiting: 0, pages: 1, shed: 3 });
    shop.release();
    const rendered = await first;
    expect(rendered.headers['x-render']).toBeUndefined();
    expect(renderedHere(rendered.html)).toBe(true);
  });

  it('with the page cache: the stored page when there is one, even stale; else the shell, never stored', async () => {
    // a stored page is stale after 300 ms: then served while one render replaces it
    const shop = await host({ freshMs: 300, staleMs: 600_000, maxBytes: 1024 * 1024, versionPollMs: 1000 });
    shop.release();
    // once the catalogue version is known pages are keyed and stored
    await expect.poll(async () => (await shop.open('/')).headers['x-cache'], { timeout: 15_000 }).toBe('HIT');
    await new Promise((resolve) => setTimeout(resolve, 350));

    // the slot is taken by another page's render
    let release!: () => void;
    gate.shedTest = {
      renders: [],
      held: new Promise<void>((resolve) => {
        release = resolve;
      }),
    };
    const busy = shop.open('/search?q=nike');
    await expect.poll(() => gate.shedTest?.renders.length, { timeout: 15_000 }).toBe(1);
    // the stored page, stale: its refresh is shed too, and leaves it in place
    const again = await shop.open('/');
    expect(again.headers['x-cache']).toBe('STALE');
    expect(again.headers['x-render']).toBeUndefined();
    expect(renderedHere(again.html)).toBe(true);
    // a page not stored: the shell, not kept
    const shell = await shop.open('/brand/nike');
    expect([shell.status, shell.headers['x-render'], shell.headers['cache-control'], shell.headers['x-cache']]).toEqual([200, 'shed', 'no-store', undefined]);
    expect(renderedHere(shell.html)).toBe(false);
    // the stale page's refresh and the other page, both shed
    await expect.poll(async () => (await health(shop.open)).renders, { timeout: 15_000 }).toEqual({ running: 1, waiting: 0, pages: 1, shed: 2 });
    release();
    await busy;
    // it was not stored: rendered when asked again (and stored now)
    const next = await shop.open('/brand/nike');
    expect(next.headers['x-cache']).toBe('MISS');
    expect(renderedHere(next.html)).toBe(true);
    expect(gate.shedTest?.renders).toEqual(['/search?q=nike', '/brand/nike']);
  });
});
