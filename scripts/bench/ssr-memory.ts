/**
 * `npm run bench:ssr-memory [-- --switches 50]`: does the page server's memory stay bounded while
 * a remote is released again and again?
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
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
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
/**
 * `--heap`: heap snapshots of the page server after the warm-up, half-way and after the last switch
 * (SIGUSR2), kept in SSR_MEMORY_KEEP_SNAPSHOTS (default reports/tmp/ssr-memory-heap) and named in the report.
 */
const HEAP = process.argv.includes('--heap');
const TEXT = 'Популярное';
const REPORTS = path.join(ROOT, 'reports');

/**
 * mf-catalog's newest release under `/s<n>/`: scripts with TEXT made `TEXT s<n>`, and the build's
 * version (its federation id, MF_BUILD_VERSION in rspack.base.ts) made `<version>-s<n>` in the
 * manifest and the scripts, as a new build would have; everything else as built.
 */
function startReleaseServer(folder: string, version: string): Promise<{ url: (n: number) => string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const match = /^\/s(\d+)\/(.+)$/.exec(new URL(req.url ?? '/', 'http://x').pathname);
    const file = match ? path.join(folder, path.normalize(match[2] as string)) : '';
    if (!match || !file.startsWith(folder) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    let body: Buffer | string = readFileSync(file);
    if (file.endsWith('.js') || file.endsWith('.json')) {
      body = body.toString('utf8').split(`"${TEXT}"`).join(`"${TEXT} s${match[1]}"`).split(version).join(`${version}-s${match[1]}`);
    }
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

/**
 * Asks the page server for a heap snapshot (SIGUSR2; the snapshot runs a full GC first) and returns
 * its file once written. The snapshots are read in Chrome DevTools (Memory → Load, the Comparison
 * view between two of them, retainers of the `ModuleFederation` instances and of a release's
 * marked text `Популярное s<n>`), not summarised here.
 */
async function heapSnapshot(pid: number, dir: string): Promise<string> {
  const known = new Set(readdirSync(dir));
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 600; i++) {
    await new Promise((r) => setTimeout(r, 500));
    const fresh = readdirSync(dir).find((f) => !known.has(f) && f.endsWith('.heapsnapshot'));
    if (!fresh) continue;
    // written once its size stops changing
    const size = statSync(path.join(dir, fresh)).size;
    await new Promise((r) => setTimeout(r, 1500));
    if (statSync(path.join(dir, fresh)).size === size && size > 0) return path.join(dir, fresh);
  }
  throw new Error('no heap snapshot was written');
}

interface Probe {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  mallocedMemory: number;
  nativeContexts: number;
  detachedContexts: number;
  spaces: Record<string, { size: number; used: number }>;
}

/** The page server's memory after a full GC, from ssr-memory-probe.mjs (SIGURG → one JSON line). */
async function probe(pid: number, file: string): Promise<Probe> {
  const lines = () => (statSync(file, { throwIfNoEntry: false }) ? readFileSync(file, 'utf8').trim().split('\n').filter(Boolean) : []);
  const known = lines().length;
  process.kill(pid, 'SIGURG');
  for (let i = 0; i < 200; i++) {
    await new Promise((r) => setTimeout(r, 50));
    const now = lines();
    if (now.length > known) return JSON.parse(now.at(-1) as string) as Probe;
  }
  throw new Error('the page server wrote no memory probe');
}

/** Resident set size of a process in MB (Linux /proc). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN);
  return Math.round((kb / 1024) * 10) / 10;
}

interface Sample {
  switch: number;
  rssMb: number;
  ms: number;
  followed: boolean;
  serverRendered: boolean;
  /** after a full GC */
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
  codeSpaceMb: number;
  largeObjectMb: number;
}

/** The page server under measurement: its pid, the files it reads and writes, one home render. */
interface PageServer {
  pid: number;
  probeFile: string;
  registryFile: string;
  registry: Record<string, string>;
  releases: { url: (n: number) => string };
  snapshots: string;
  render(): Promise<{ ms: number; status: number; html: string }>;
}

const largeObjectsMb = (p: Probe) => (p.spaces.large_object_space?.size ?? 0) + (p.spaces.code_large_object_space?.size ?? 0);

/** SWITCHES new manifest URLs for mf_catalog, one render and one probe after each. */
async function switchReleases(server: PageServer, heap: Record<string, string>): Promise<Sample[]> {
  const { pid, probeFile, registryFile, registry, releases, snapshots } = server;
  const samples: Sample[] = [];
  for (let n = 1; n <= SWITCHES; n++) {
    writeRegistry(registryFile, { ...registry, mf_catalog: releases.url(n) });
    const { ms, status, html } = await server.render();
    if (status !== 200) throw new Error(`switch ${n}: HTTP ${status}`);
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('id="shop-state"'));
    const p = await probe(pid, probeFile);
    samples.push({
      switch: n,
      heapUsedMb: p.heapUsed,
      heapTotalMb: p.heapTotal,
      externalMb: p.external,
      codeSpaceMb: p.spaces.code_space?.size ?? 0,
      largeObjectMb: largeObjectsMb(p),
      rssMb: p.rss,
      ms: Math.round(ms),
      followed: root.includes(`>${TEXT} s${n}<`),
      serverRendered: root.includes('data-testid="catalog-home"'),
    });
    if (n % 10 === 0) console.log(`  ${n} switches: RSS ${rssMb(pid)} MB`);
    if (HEAP && n === Math.floor(SWITCHES / 2)) heap[`after ${n}`] = await heapSnapshot(pid, snapshots);
  }
  return samples;
}

/** Warms up, then measures the page server before, over and after the switches. */
async function measure(server: PageServer, release: string, nodeArgs: string[]) {
  const { pid, probeFile, snapshots } = server;
  // warm up on the stack's own release: the renderer, React, Apollo loaded once
  for (let i = 0; i < 3; i++) await server.render();
  const heap: Record<string, string> = {};
  if (HEAP) heap.before = await heapSnapshot(pid, snapshots);
  const probeBefore = await probe(pid, probeFile);
  const before = rssMb(pid);
  const samples = await switchReleases(server, heap);
  const after = rssMb(pid);
  const probeAfter = await probe(pid, probeFile);
  if (HEAP) heap[`after ${SWITCHES}`] = await heapSnapshot(pid, snapshots);
  const mean = (xs: number[]) => Math.round((xs.reduce((a, b) => a + b, 0) / Math.max(xs.length, 1)) * 10) / 10;
  return {
    at: new Date().toISOString(),
    switches: SWITCHES,
    release,
    // glibc's malloc settings the page server ran with (they decide how much freed memory goes back to the system)
    malloc: Object.fromEntries(Object.entries(process.env).filter(([key]) => key.startsWith('MALLOC_'))),
    nodeFlags: nodeArgs,
    rssMb: {
      before,
      after,
      max: Math.max(before, ...samples.map((s) => s.rssMb)),
      meanFirst10: mean(samples.slice(0, 10).map((s) => s.rssMb)),
      meanLast10: mean(samples.slice(-10).map((s) => s.rssMb)),
    },
    renders: { serverRendered: samples.filter((s) => s.serverRendered).length, followedRegistry: samples.filter((s) => s.followed).length },
    afterGc: { before: probeBefore, after: probeAfter },
    ...(HEAP ? { heap } : {}),
    renderMs: { median: [...samples.map((s) => s.ms)].sort((a, b) => a - b)[Math.floor(samples.length / 2)] },
    samples,
  };
}

type Result = Awaited<ReturnType<typeof measure>>;

function reportMarkdown(result: Result): string {
  const { rssMb: rss, afterGc, renders, heap } = result;
  return [
    '# Page server memory over release switches',
    '',
    `\`npm run bench:ssr-memory\`, ${result.at}: ${SWITCHES} switches of mf_catalog (each a new manifest URL serving ${result.release} with its own text), one home render after each, RSS of the page server (host/server-dist/main.js).`,
    '',
    '| RSS before | after | max | mean of the first 10 | mean of the last 10 |',
    '| --- | --- | --- | --- | --- |',
    `| ${rss.before} MB | ${rss.after} MB | ${rss.max} MB | ${rss.meanFirst10} MB | ${rss.meanLast10} MB |`,
    '',
    'After a full GC (--expose-gc), as V8 and Node see the page server:',
    '',
    '| | RSS | V8 heap used | V8 heap committed | code space | large objects | external | malloced by V8 | native contexts |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...(
      [
        ['before', afterGc.before],
        [`after ${SWITCHES}`, afterGc.after],
      ] as const
    ).map(
      ([when, p]) =>
        `| ${when} | ${p.rss} MB | ${p.heapUsed} MB | ${p.heapTotal} MB | ${p.spaces.code_space?.size ?? 0} MB | ${Math.round(largeObjectsMb(p) * 10) / 10} MB | ${p.external} MB | ${p.mallocedMemory} MB | ${p.nativeContexts} |`,
    ),
    '',
    `Page server node flags: ${result.nodeFlags.filter((f) => !f.startsWith('--import')).join(' ')}.`,
    '',
    `glibc malloc: ${Object.keys(result.malloc).length ? Object.entries(result.malloc).map(([k, v]) => `${k}=${v}`).join(' ') : 'defaults'}.`,
    '',
    `Renders with the catalogue server-rendered: ${renders.serverRendered}/${SWITCHES}; showing the release the registry named: ${renders.followedRegistry}/${SWITCHES}. Median render ${result.renderMs.median} ms.`,
    '',
    ...(heap
      ? [
          'Heap snapshots (Chrome DevTools → Memory → Load; compare two in the Comparison view):',
          '',
          ...Object.entries(heap).map(([when, file]) => `- ${when}: ${path.relative(ROOT, file)}`),
          '',
        ]
      : []),
  ].join('\n');
}

/** The page server's node flags: the memory probe, heap snapshots on a signal with --heap, and SSR_MEMORY_NODE_FLAGS. */
function pageServerNodeArgs(snapshots: string): string[] {
  return [
    '--expose-gc',
    `--import=${pathToFileURL(path.join(import.meta.dirname, 'ssr-memory-probe.mjs')).href}`,
    ...(HEAP ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${snapshots}`] : []),
    // SSR_MEMORY_NODE_FLAGS: more flags for the page server's node (e.g. V8's --no-compilation-cache), to try a fix
    ...(process.env.SSR_MEMORY_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? []),
  ];
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
  const releases = await startReleaseServer(catalogDir, versions.mf_catalog);
  const registryFile = path.join(work, 'registry.json');
  writeRegistry(registryFile, registry);
  const port = await freePort();
  const snapshots = path.resolve(process.env.SSR_MEMORY_KEEP_SNAPSHOTS || path.join(REPORTS, 'tmp', 'ssr-memory-heap'));
  if (HEAP) mkdirSync(snapshots, { recursive: true });
  const probeFile = path.join(work, 'probe.jsonl');
  const nodeArgs = pageServerNodeArgs(snapshots);
  const host = startService('host-ssr-memory', process.execPath, [...nodeArgs, ...COMPILED_CONDITIONS, SERVER_ENTRIES.host], {
    log: { dir: logDir },
    env: { HOST_PORT: String(port), API_URL: `http://127.0.0.1:${ports.api}`, REGISTRY_FILE: registryFile, REGISTRY_TTL_MS: '0', SSR_MEMORY_PROBE_FILE: probeFile },
  });
  try {
    await waitForHttp(`http://127.0.0.1:${port}/healthz`, host);
    const render = async () => {
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${port}/`);
      const html = await response.text();
      return { ms: performance.now() - started, status: response.status, html };
    };
    const server: PageServer = { pid: host.child.pid as number, probeFile, registryFile, registry, releases, snapshots, render };
    const result = await measure(server, versions.mf_catalog, nodeArgs);
    mkdirSync(REPORTS, { recursive: true });
    writeFileSync(path.join(REPORTS, 'ssr-memory.json'), `${JSON.stringify(result, null, 2)}\n`);
    const md = reportMarkdown(result);
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
