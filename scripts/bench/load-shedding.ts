/**
 * `tsx scripts/bench/load-shedding.ts [-- --seconds 20 --connections 200 --catalog small --before <dir>]`:
 * a sale-day spike on the home page without the page cache (PAGE_CACHE=off), the worst case of
 * audit 2026-11-28 F1, on page servers side by side on one API (fresh database, the built
 * releases, no build):
 * - `limited`: this checkout's page server as configured by default (SSR_CONCURRENCY from the cores,
 *   SSR_QUEUE_MS, SSR_MAX_LOOP_UTILIZATION);
 * - `concurrency only`: the same without the event-loop limit (SSR_MAX_LOOP_UTILIZATION=1);
 * - `SSR=off`: every page rendered by the browser, the floor a shed page can reach;
 * - with --before <dir>: a copy of an older build's host/server-dist (`cp -r host/server-dist <dir>/`) run the same way.
 * Prints errors, p50/p95/p99, how the answers were made (`x-render`) and the host's CPU per answer,
 * with the load average: the machine is shared, these are figures, not assertions.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
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
} from '../lib/stack.ts';
import { load } from './http-load.ts';
import { cpuMs, idle } from './page-server.ts';

const { values: opts } = parseArgs({
  options: {
    seconds: { type: 'string', default: '20' },
    connections: { type: 'string', default: '200' },
    catalog: { type: 'string', default: 'small' },
    before: { type: 'string' },
    only: { type: 'string' },
  },
});
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

/** How 40 answers in a row were made while the spike runs: `x-render` (rendered here, shed) or none. */
async function sample(origin: string, tally: Record<string, number>, until: () => boolean) {
  while (!until()) {
    const response = await fetch(`${origin}/`, { headers: BROWSER }).catch(() => null);
    await response?.arrayBuffer();
    const state = response ? `${response.status} ${response.headers.get('x-render') ?? '-'}` : 'failed';
    tally[state] = (tally[state] ?? 0) + 1;
  }
}

async function main() {
  const logDir = path.join(ROOT, '.run', 'bench-load-shedding-logs');
  mkdirSync(logDir, { recursive: true });
  const versions = Object.fromEntries(REMOTES.map((r) => [r.name, latestRelease(r.dir)])) as Record<RemoteName, string>;
  const ports = await freePorts();
  const work = mkdtempSync(path.join(os.tmpdir(), 'shop-shed-'));
  const stack = await startStack({
    ports,
    registry: localRegistry(ports, versions),
    opsToken: randomBytes(18).toString('base64url'),
    pgliteDir: path.join(work, 'pglite'),
    releasesDir: path.join(work, 'releases'),
    log: { dir: logDir },
    env: { RELEASE_SMOKE: 'off', CATALOG_SEED: opts.catalog },
  });
  const env = (port: number, extra: Record<string, string>) => ({
    NODE_ENV: 'production',
    HOST_PORT: String(port),
    API_URL: `http://127.0.0.1:${ports.api}`,
    RELEASE_URL: `http://127.0.0.1:${ports.release}`,
    PAGE_CACHE: 'off',
    ...extra,
  });
  type Variant = { name: string; entry: string; extra: Record<string, string> };
  const variants: Variant[] = [
    { name: 'limited', entry: SERVER_ENTRIES.host, extra: {} } as Variant,
    { name: 'concurrency only', entry: SERVER_ENTRIES.host, extra: { SSR_MAX_LOOP_UTILIZATION: '1' } },
    // the floor: every page rendered by the browser
    { name: 'SSR=off', entry: SERVER_ENTRIES.host, extra: { SSR: 'off' } },
    ...(opts.before
      ? [
          {
            name: 'before',
            entry: path.join(path.resolve(opts.before), 'server-dist', 'main.js'),
            extra: { HOST_DIST_DIR: path.join(ROOT, 'host', 'dist'), HOST_SSR_BUNDLE: path.join(path.resolve(opts.before), 'server-dist', 'ssr', 'render.cjs') },
          },
        ]
      : []),
  ].filter((v) => !opts.only || opts.only.split(',').includes(v.name));
  const servers = [];
  try {
    for (const variant of variants) {
      const port = await freePort();
      const service = startService(`host-${variant.name}`, process.execPath, [...COMPILED_CONDITIONS, variant.entry], {
        log: { dir: logDir },
        env: env(port, variant.extra),
      });
      servers.push({ ...variant, origin: `http://127.0.0.1:${port}`, service });
      await waitForHttp(`http://127.0.0.1:${port}/healthz`, service);
    }
    // each page server renders home once before it is measured
    for (const server of servers) await fetch(`${server.origin}/`, { headers: BROWSER }).then((r) => r.arrayBuffer());
    const seconds = Number(opts.seconds);
    const connections = Number(opts.connections);
    console.log(`${os.availableParallelism()} cores, ${opts.catalog} catalogue, home page, ${connections} connections × ${seconds} s, PAGE_CACHE=off`);
    console.log('| page server | load avg before | answers | per s | errors | p50 ms | p95 ms | p99 ms | host CPU ms/answer | sampled answers |');
    console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---|');
    for (const server of servers) {
      const pid = server.service.child.pid as number;
      await idle(pid);
      const loadBefore = os.loadavg().map((l) => l.toFixed(1)).join(' / ');
      const cpu = cpuMs(pid);
      let done = false;
      const tally: Record<string, number> = {};
      const sampling = sample(server.origin, tally, () => done);
      const stats = await load({ url: server.origin, connections, durationS: seconds, request: () => ({ method: 'GET', path: '/', headers: BROWSER }) });
      done = true;
      await sampling;
      const used = cpuMs(pid) - cpu;
      const tallyText = Object.entries(tally).map(([state, n]) => `${n} × ${state}`).join(', ');
      console.log(
        `| ${server.name} | ${loadBefore} | ${stats.requests} | ${stats.rps} | ${stats.errors} | ${stats.p50} | ${stats.p95} | ${stats.p99} | ${Math.round((used / Math.max(1, stats.requests)) * 10) / 10} | ${tallyText} |`,
      );
      if (stats.firstError) console.log(`  first error: ${stats.firstError}`);
    }
    console.log(`load average after: ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}`);
  } finally {
    await Promise.all(servers.map((s) => s.service.stop()));
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
