/**
 * `npm run bench:ssr-memory [-- --switches 50]`: does the page server's memory stay bounded while
 * a remote is released again and again (issue 20)?
 *
 * Starts the shop (small catalogue, fresh database, free ports) and one more page server (the
 * compiled host/server-dist/main.js, the production entry) on a registry file. A small release
 * server serves mf-catalog's newest build under a new folder per switch (`/s<n>/…`), with the
 * home page's «Популярное» made «Популярное s<n>» in its scripts, so every switch is a new
 * manifest URL the renderer must load as a new release, and the HTML says which release it
 * rendered. After each switch it renders the home page once and reads the page server's RSS.
 * Writes reports/ssr-memory.json and .md: RSS before, after and at most, and how many renders
 * followed the registry (showed their release's own text).
 *
 * The release server is written here (a few lines of node:http) rather than taken from a library:
 * it must rewrite one string per URL prefix, which no static server does.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  COMPILED_CONDITIONS,
  freePort,
  freePorts,
  latestRelease,
  localRegistry,
  REMOTES,
  type RemoteName,
  ROOT,
  SERVER_ENTRIES,
  startService,
  startStack,
  waitForHttp,
  writeRegistry,
} from '../lib/stack.ts';

const argAt = process.argv.indexOf('--switches');
const SWITCHES = argAt > 0 ? Number(process.argv[argAt + 1]) : 50;
const TEXT = 'Популярное';
const REPORTS = path.join(ROOT, 'reports');

/** mf-catalog's newest release under `/s<n>/`: scripts with TEXT made `TEXT s<n>`, everything else as built. */
function startReleaseServer(folder: string): Promise<{ url: (n: number) => string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const match = /^\/s(\d+)\/(.+)$/.exec(new URL(req.url ?? '/', 'http://x').pathname);
    const file = match ? path.join(folder, path.normalize(match[2] as string)) : '';
    if (!match || !file.startsWith(folder) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    let body: Buffer | string = readFileSync(file);
    if (file.endsWith('.js')) body = body.toString('utf8').split(`"${TEXT}"`).join(`"${TEXT} s${match[1]}"`);
    const type = file.endsWith('.json') ? 'application/json' : file.endsWith('.css') ? 'text/css' : 'text/javascript';
    res.writeHead(200, { 'content-type': type, 'access-control-allow-origin': '*', 'cache-control': 'no-store' }).end(body);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: (n) => `http://127.0.0.1:${port}/s${n}/mf-manifest.json`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    }),
  );
}

/** Resident set size of a process in MB (Linux /proc). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN);
  return Math.round((kb / 1024) * 10) / 10;
}

async function main() {
  const versions = Object.fromEntries(REMOTES.map((r) => [r.name, latestRelease(r.dir)])) as Record<RemoteName, string>;
  const catalogDir = path.join(ROOT, 'mf-catalog', 'dist', versions.mf_catalog);
  const work = mkdtempSync(path.join(os.tmpdir(), 'shop-ssr-memory-'));
  const logDir = path.join(ROOT, '.run', 'ssr-memory-logs');
  mkdirSync(logDir, { recursive: true });
  const ports = await freePorts();
  const registry = localRegistry(ports, versions);
  console.log(`Starting the shop (small catalogue) and a page server; ${SWITCHES} switches of mf_catalog ${versions.mf_catalog}…`);
  const stack = await startStack({
    ports,
    registry,
    opsToken: randomBytes(18).toString('base64url'),
    pgliteDir: path.join(work, 'pglite'),
    releasesDir: path.join(work, 'releases'),
    log: { dir: logDir },
    env: { RELEASE_SMOKE: 'off', REGISTRY_TTL_MS: '0' },
  });
  const releases = await startReleaseServer(catalogDir);
  const registryFile = path.join(work, 'registry.json');
  writeRegistry(registryFile, registry);
  const port = await freePort();
  const host = startService('host-ssr-memory', process.execPath, [...COMPILED_CONDITIONS, SERVER_ENTRIES.host], {
    log: { dir: logDir },
    env: { HOST_PORT: String(port), API_URL: `http://127.0.0.1:${ports.api}`, REGISTRY_FILE: registryFile, REGISTRY_TTL_MS: '0' },
  });
  try {
    await waitForHttp(`http://127.0.0.1:${port}/healthz`, host);
    const pid = host.child.pid as number;
    const render = async () => {
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${port}/`);
      const html = await response.text();
      return { ms: performance.now() - started, status: response.status, html };
    };
    // warm up on the stack's own release: the renderer, React, Apollo loaded once
    for (let i = 0; i < 3; i++) await render();
    const before = rssMb(pid);
    const samples: { switch: number; rssMb: number; ms: number; followed: boolean; serverRendered: boolean }[] = [];
    for (let n = 1; n <= SWITCHES; n++) {
      writeRegistry(registryFile, { ...registry, mf_catalog: releases.url(n) });
      const { ms, status, html } = await render();
      if (status !== 200) throw new Error(`switch ${n}: HTTP ${status}`);
      const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('id="shop-state"'));
      samples.push({
        switch: n,
        rssMb: rssMb(pid),
        ms: Math.round(ms),
        followed: root.includes(`>${TEXT} s${n}<`),
        serverRendered: root.includes('data-testid="catalog-home"'),
      });
      if (n % 10 === 0) console.log(`  ${n} switches: RSS ${rssMb(pid)} MB`);
    }
    const after = rssMb(pid);
    const max = Math.max(before, ...samples.map((s) => s.rssMb));
    const followed = samples.filter((s) => s.followed).length;
    const serverRendered = samples.filter((s) => s.serverRendered).length;
    const firstTen = samples.slice(0, 10).map((s) => s.rssMb);
    const lastTen = samples.slice(-10).map((s) => s.rssMb);
    const mean = (xs: number[]) => Math.round((xs.reduce((a, b) => a + b, 0) / Math.max(xs.length, 1)) * 10) / 10;
    const result = {
      at: new Date().toISOString(),
      switches: SWITCHES,
      release: versions.mf_catalog,
      rssMb: { before, after, max, meanFirst10: mean(firstTen), meanLast10: mean(lastTen) },
      renders: { serverRendered, followedRegistry: followed },
      renderMs: { median: [...samples.map((s) => s.ms)].sort((a, b) => a - b)[Math.floor(samples.length / 2)] },
      samples,
    };
    mkdirSync(REPORTS, { recursive: true });
    writeFileSync(path.join(REPORTS, 'ssr-memory.json'), `${JSON.stringify(result, null, 2)}\n`);
    const md = [
      '# Page server memory over release switches (issue 20)',
      '',
      `\`npm run bench:ssr-memory\`, ${result.at}: ${SWITCHES} switches of mf_catalog (each a new manifest URL serving ${versions.mf_catalog} with its own text), one home render after each, RSS of the page server (host/server-dist/main.js).`,
      '',
      '| RSS before | after | max | mean of the first 10 | mean of the last 10 |',
      '| --- | --- | --- | --- | --- |',
      `| ${before} MB | ${after} MB | ${max} MB | ${result.rssMb.meanFirst10} MB | ${result.rssMb.meanLast10} MB |`,
      '',
      `Renders with the catalogue server-rendered: ${serverRendered}/${SWITCHES}; showing the release the registry named: ${followed}/${SWITCHES}. Median render ${result.renderMs.median} ms.`,
      '',
    ].join('\n');
    writeFileSync(path.join(REPORTS, 'ssr-memory.md'), md);
    console.log(md);
  } finally {
    await host.stop();
    await releases.close();
    await stack.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
