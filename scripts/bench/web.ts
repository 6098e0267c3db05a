/**
 * `npm run bench:web`: Lighthouse CI (scripts/bench/lighthouserc.cjs: the runs, the budgets as
 * assertions) on the shop as it runs in production, plus what a server render costs the host.
 * Hand-written because LHCI cannot do it: build and start the stack on a throwaway catalogue
 * (each catalogue in turn, with `npm start`'s settings), pick real pages of it, and turn LHCI's
 * results into reports/web-bench.md (web-report.ts). Per page type, a second page server without
 * the page cache renders the page under load: its CPU per render from /proc, and where that CPU
 * goes from a V8 profile of the same run (`--cpu-prof`).
 *
 * Options: --catalog small,large (both) · --runs N (3) · --pages home,product,…
 *          --profiles mobile,desktop · --no-build (use the newest builds) · --load-seconds S (10 per page; 0 skips)
 *          --blocking-loads N (5 traced loads per page for the main thread's CPU; 0 skips)
 *          --check (exit 1 when an assertion fails)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CHROMIUM_ARGS } from '../lib/chromium.ts';
import { buildAll, freePorts, latestRelease, localRegistry, REMOTES, type RemoteName, ROOT, startStack } from '../lib/stack.ts';
import { measureBlocking, warmUp } from './blocking.ts';
import { load } from './http-load.ts';
import { idle, measured, type ProfileSummary, readProfileOf, startPageServer, summariseProfile } from './page-server.ts';
import { choosePages, PAGE_NAMES, type PageName } from './pages.ts';
import { type CatalogueResult, type ProfileResult, type RenderCost, readProfile, writeReport } from './web-report.ts';

const WORK = path.join(ROOT, '.run', 'bench-web');
const LHCI = path.join(ROOT, 'node_modules', '.bin', 'lhci');
const RC = path.join(import.meta.dirname, 'lighthouserc.cjs');

const { values: opts } = parseArgs({
  options: {
    catalog: { type: 'string', default: 'small,large' },
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: PAGE_NAMES.join(',') },
    profiles: { type: 'string', default: 'mobile,desktop' },
    'no-build': { type: 'boolean', default: false },
    'load-seconds': { type: 'string', default: '10' },
    'blocking-loads': { type: 'string', default: '5' },
    check: { type: 'boolean', default: false },
  },
});

/** Runs `lhci <command>` for one profile in its own folder (LHCI keeps its results in ./.lighthouseci). */
function lhci(profile: string, args: string[], env: Record<string, string>): number {
  const cwd = path.join(WORK, profile);
  mkdirSync(cwd, { recursive: true });
  const run = spawnSync(LHCI, [...args, `--config=${RC}`], {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, BENCH_PROFILE: profile, BENCH_CHROME_FLAGS: CHROMIUM_ARGS.join(' '), ...env },
  });
  return run.status ?? 1;
}

/** Both cores' busy share over `ms`, from /proc/stat (every process on the machine, ours too). */
async function machineBusy(ms: number): Promise<number> {
  const sample = () => {
    const cpu = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal: idle and iowait are time nobody asked for
    return { total: cpu.slice(0, 8).reduce((a, b) => a + b, 0), idle: (cpu[3] ?? 0) + (cpu[4] ?? 0) };
  };
  const before = sample();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = sample();
  return 1 - (after.idle - before.idle) / Math.max(1, after.total - before.total);
}

/** Under this share of both cores busy, the machine counts as quiet. */
const QUIET_BUSY = 0.1;

/**
 * Waits (at most a minute) until the machine has been quiet for two seconds: less than a tenth of
 * its CPU busy. Lighthouse's simulated TBT and TTI are a run's observed task times times four, so a
 * run beside a build, a test or the previous run's trailing work measures the machine, not the page.
 * Returns the busy share it started at.
 */
async function quiet(): Promise<number> {
  let busy = 1;
  for (let i = 0; i < 30 && busy > QUIET_BUSY; i++) busy = await machineBusy(2000);
  if (busy > QUIET_BUSY) console.warn(`[bench] the machine is still ${Math.round(busy * 100)} % busy after a minute: this run goes ahead`);
  return busy;
}
/**
 * Lighthouse CI's runs of one profile, one page and one run at a time, each on a quiet machine
 * (LHCI's own loop starts the next run at once); `--additive` keeps the earlier runs.
 */
async function runProfile(profile: string, urls: string[]): Promise<ProfileResult> {
  const started: number[] = [];
  for (let run = 0; run < Number(opts.runs); run++) {
    for (const url of urls) {
      started.push(await quiet());
      const first = started.length === 1;
      const collected = lhci(profile, ['collect', ...(first ? [] : ['--additive'])], { BENCH_URLS: url, BENCH_RUNS: '1' });
      if (collected !== 0) throw new Error(`lhci collect (${profile}, ${url}) exited with ${collected}`);
    }
  }
  const env = { BENCH_URLS: urls.join(' '), BENCH_RUNS: opts.runs };
  const asserted = lhci(profile, ['assert'], env);
  // the HTML and JSON reports of every run: megabytes, kept out of the repository
  const outputDir = path.join(WORK, profile, 'reports');
  rmSync(outputDir, { recursive: true, force: true });
  lhci(profile, ['upload', '--target=filesystem', `--outputDir=${outputDir}`], env);
  return { ...readProfile(profile, outputDir, asserted === 0), busyBefore: started };
}

/**
 * Each server-rendered page in turn on a page server of its own without the page cache (4
 * connections): renders per second, the host's CPU per render, and its CPU profile.
 */
async function renderCosts(
  ports: { api: number; release: number },
  pages: [string, string][],
): Promise<{ pages: RenderCost[]; profile: ProfileSummary | null }> {
  const profileDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-profile-'));
  const server = await startPageServer({
    name: 'host-bench-render',
    ports,
    logDir: path.join(WORK, 'logs'),
    // every visitor's page rendered, none shed: this measures what a render costs, not the shedding
    env: { PAGE_CACHE: 'off', SSR_CONCURRENCY: '4', SSR_QUEUE_MS: '10000', SSR_MAX_LOOP_UTILIZATION: '1' },
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
  });
  const costs: RenderCost[] = [];
  try {
    for (const [name, pagePath] of pages) {
      // compiled, data cached by the API: what a render costs, not a first visit
      for (let i = 0; i < 3; i++) await fetch(server.origin + pagePath).then((r) => r.arrayBuffer());
      await idle(server.pid);
      const run = await measured(server.pid, () =>
        load({ url: server.origin, connections: 4, durationS: Number(opts['load-seconds']), request: () => ({ method: 'GET', path: pagePath }) }),
      );
      const answer = await fetch(server.origin + pagePath);
      const html = await answer.text();
      // the server's own count of render passes (Server-Timing `passes;desc=N`)
      const passes = /passes;desc=(\d+)/.exec(answer.headers.get('server-timing') ?? '')?.[1];
      const state = /<script[^>]*id="shop-state"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
      costs.push({
        name,
        path: pagePath,
        load: run.result,
        cpuMsPerRender: run.result.requests ? Math.round((run.cpuMs / run.result.requests) * 10) / 10 : Number.NaN,
        htmlBytes: Buffer.byteLength(html),
        stateBytes: Buffer.byteLength(state),
        passes: passes ? Number(passes) : null,
      });
    }
  } finally {
    await server.stop();
  }
  const profile = readProfileOf(profileDir, server.pid);
  rmSync(profileDir, { recursive: true, force: true });
  return { pages: costs, profile: profile ? summariseProfile(profile) : null };
}

async function benchCatalogue(catalog: string, versions: Record<RemoteName, string>): Promise<CatalogueResult> {
  const loadBefore = os.loadavg();
  const ports = await freePorts();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  console.log(`Starting the shop on the ${catalog} catalogue (the first start seeds it)…`);
  const stack = await startStack({
    ports,
    registry: localRegistry(ports, versions),
    opsToken: 'bench-web-ops-token-not-secret',
    pgliteDir: path.join(dataDir, 'db'),
    log: { dir: path.join(WORK, 'logs') },
    // npm start's settings, except: the page choice sends its own queries, and the releases are
    // measured as built, without the smoke
    env: { CATALOG_SEED: catalog, GRAPHQL_ARBITRARY_OPERATIONS: 'true', RELEASE_SMOKE: 'off' },
  });
  try {
    const wanted = opts.pages.split(',') as PageName[];
    const pages = await choosePages(stack.apiUrl, wanted);
    const urls = Object.values(pages).map((p) => stack.url + p);
    await warmUp(urls);
    const profiles: ProfileResult[] = [];
    for (const profile of opts.profiles.split(',')) profiles.push(await runProfile(profile, urls));
    const traced = Number(opts['blocking-loads']) > 0 ? await measureBlocking(urls, Number(opts['blocking-loads'])) : undefined;
    const blocking = traced && Object.fromEntries(Object.entries(pages).map(([name, p]) => [name, traced[stack.url + p]]));
    const rendered = Object.entries(pages).filter(([name]) => name !== 'cart') as [string, string][];
    const renders = Number(opts['load-seconds']) > 0 ? await renderCosts(ports, rendered) : undefined;
    return { catalog, pages, profiles, blocking, renders, loadBefore, loadAfter: os.loadavg() };
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const versions = opts['no-build']
    ? (Object.fromEntries(REMOTES.map((r) => [r.name, latestRelease(r.dir)])) as Record<RemoteName, string>)
    : (await buildAll()).versions;
  const catalogues: CatalogueResult[] = [];
  for (const catalog of opts.catalog.split(',')) catalogues.push(await benchCatalogue(catalog.trim(), versions));
  const passed = writeReport({ runs: Number(opts.runs), catalogues });
  console.log(`Wrote reports/web-bench.md. ${passed ? 'Every assertion holds.' : 'Some assertions fail (see the report).'}`);
  if (opts.check && !passed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
