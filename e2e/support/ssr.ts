import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import { create } from 'tar';
import { ROOT } from '../../scripts/lib/stack.ts';
import { releaseVersionOfUrl } from '@shop/contracts/release-plane';

/**
 * Server-rendering helpers for the ssr-*.spec.ts browser tests.
 * The page is live once the shell committed (`html[data-live]`) and every remote area on it
 * rendered its module or its error (`[data-remote][data-ready]`): server HTML looks the same
 * before that, and a click before hydration does nothing.
 */
export async function hydrated(page: Page, { areas = true }: { areas?: boolean } = {}): Promise<void> {
  await expect(page.locator('html[data-live]')).toHaveCount(1);
  // a page of the host alone (404) has no remote area
  if (areas) await expect(page.locator('[data-remote]').first()).toBeAttached();
  await expect(page.locator('[data-remote]:not([data-ready])')).toHaveCount(0);
}

/** The page state the server wrote (`#shop-state`), parsed from raw HTML. */
export function pageState(html: string): { registry: Record<string, string>; apollo?: Record<string, unknown>; [key: string]: unknown } {
  const json = html.match(/<script type="application\/json" id="shop-state">(.*?)<\/script>/s)?.[1];
  if (!json) throw new Error('the page has no #shop-state');
  return JSON.parse(json);
}

/** What the server rendered inside #root (the HTML between `<div id="root">` and the page state). */
export function rootHtml(html: string): string {
  const start = html.indexOf('<div id="root">');
  if (start < 0) throw new Error('the page has no #root');
  const end = html.indexOf('id="shop-state"', start);
  return html.slice(start, end < 0 ? undefined : end);
}

/** A fetch's time and text; `fetch` is Node's, no browser involved. */
export async function timedGet(url: string, init: RequestInit = {}): Promise<{ ms: number; status: number; html: string; headers: Headers }> {
  const started = performance.now();
  const response = await fetch(url, { redirect: 'manual', ...init });
  const html = await response.text();
  return { ms: performance.now() - started, status: response.status, html, headers: response.headers };
}

/** The folder of a remote's release: a local build (dist/) or one uploaded into the run's release storage. */
export function releaseFolder(remoteDir: string, remoteName: string, manifestUrl: string): string {
  const folder = releaseVersionOfUrl(manifestUrl) ?? '';
  const found = [path.join(ROOT, remoteDir, 'dist'), path.join(process.env.SHOP_WORK_DIR ?? '', 'releases', remoteName)]
    .map((dir) => path.join(dir, folder))
    .find((dir) => existsSync(path.join(dir, 'mf-manifest.json')));
  if (!found) throw new Error(`the release ${folder} is in neither dist/ nor release storage`);
  return found;
}

/**
 * A copy of a release folder (browser files and server/) with `from` replaced by `to` in every
 * script, both builds, so the server's HTML and the browser's hydration agree; precompressed
 * copies follow. Returns the copy's folder (in a temporary directory).
 */
export function changedCopy(folder: string, from: string, to: string, only: (file: string) => boolean = () => true): string {
  const target = path.join(mkdtempSync(path.join(os.tmpdir(), 'shop-ssr-release-')), 'release');
  cpSync(folder, target, { recursive: true });
  let changed = 0;
  for (const entry of readdirSync(target, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (!only(path.relative(target, file))) continue;
    const text = readFileSync(file, 'utf8');
    if (!text.includes(from)) continue;
    const next = text.split(from).join(to);
    writeFileSync(file, next);
    if (existsSync(`${file}.gz`)) writeFileSync(`${file}.gz`, gzipSync(next));
    if (existsSync(`${file}.br`)) writeFileSync(`${file}.br`, brotliCompressSync(next));
    changed++;
  }
  if (changed === 0) throw new Error(`«${from}» is in no script of ${folder}`);
  return target;
}

/**
 * Uploads a release folder as `npm run release` does (tar.gz to the API's publish endpoint, which
 * checks and stores it); its manifest URL and the releases retention pruned after it.
 */
export async function uploadRelease(remote: string, version: string, folder: string, notes = 'ssr-release.spec'): Promise<{ manifestUrl: string; pruned: string[] }> {
  const chunks: Buffer[] = [];
  for await (const chunk of create({ cwd: folder, gzip: true, portable: true }, ['.']) as AsyncIterable<Buffer>) chunks.push(chunk);
  const response = await fetch(`${process.env.SHOP_RELEASE_URL}/api/ops/registry/uploads/${remote}/${version}`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${process.env.SHOP_OPS_TOKEN}`,
      'content-type': 'application/gzip',
      'x-release-meta': Buffer.from(JSON.stringify({ author: 'e2e-ssr', builtAt: new Date().toISOString(), notes })).toString('base64url'),
    },
    body: Buffer.concat(chunks),
  });
  const body = await response.text();
  if (!response.ok) throw new Error(`upload of ${remote} ${version}: HTTP ${response.status} ${body}`);
  return JSON.parse(body) as { manifestUrl: string; pruned: string[] };
}

/**
 * A release folder served over HTTP like a remote's static server, except that requests whose
 * path `hangs` says so are accepted and never answered (a server build stuck on one file).
 */
export function serveRelease(folder: string, hangs: (pathname: string) => boolean = () => false): Promise<{ url: string; close(): Promise<void> }> {
  const held = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    if (hangs(pathname)) {
      held.add(res);
      return;
    }
    const file = path.join(folder, path.normalize(pathname));
    if (!file.startsWith(folder) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    const type = file.endsWith('.json') ? 'application/json' : file.endsWith('.css') ? 'text/css' : 'text/javascript';
    res.writeHead(200, { 'content-type': type, 'access-control-allow-origin': '*' }).end(readFileSync(file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      resolve({
        url: `http://localhost:${(server.address() as AddressInfo).port}`,
        close: () =>
          new Promise<void>((done) => {
            for (const res of held) res.destroy();
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    }),
  );
}
