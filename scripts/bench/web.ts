/**
 * `npm run bench:web`: Lighthouse CI (scripts/bench/lighthouserc.cjs: the runs, the budgets as
 * assertions) on the shop as it runs in production, plus the rendering host's throughput.
 * Hand-written because LHCI cannot do it: build and start the stack on a throwaway catalogue,
 * pick real pages of it, and turn LHCI's results into reports/web-bench.md (web-report.ts).
 *
 * Options: --catalog small|large (large) · --runs N (3) · --pages home,product,…
 *          --profiles mobile,desktop · --no-build (use the newest builds) · --load-seconds S (15; 0 skips)
 *          --check (exit 1 when an assertion fails)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CHROMIUM_ARGS } from '../lib/chromium.ts';
import { buildAll, freePorts, latestRelease, localRegistry, REMOTES, type RemoteName, ROOT, startStack } from '../lib/stack.ts';
import { load, type LoadStats } from './http-load.ts';
import { choosePages, PAGE_NAMES, type PageName } from './pages.ts';
import { type ProfileResult, readProfile, writeReport } from './web-report.ts';

const WORK = path.join(ROOT, '.run', 'bench-web');
const LHCI = path.join(ROOT, 'node_modules', '.bin', 'lhci');
const RC = path.join(import.meta.dirname, 'lighthouserc.cjs');

const { values: opts } = parseArgs({
  options: {
    catalog: { type: 'string', default: 'large' },
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: PAGE_NAMES.join(',') },
    profiles: { type: 'string', default: 'mobile,desktop' },
    'no-build': { type: 'boolean', default: false },
    'load-seconds': { type: 'string', default: '15' },
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

function runProfile(profile: string, urls: string[]): ProfileResult {
  const env = { BENCH_URLS: urls.join(' '), BENCH_RUNS: opts.runs };
  const collected = lhci(profile, ['collect'], env);
  if (collected !== 0) throw new Error(`lhci collect (${profile}) exited with ${collected}`);
  const asserted = lhci(profile, ['assert'], env);
  // the HTML and JSON reports of every run: megabytes, kept out of the repository
  const outputDir = path.join(WORK, profile, 'reports');
  rmSync(outputDir, { recursive: true, force: true });
  lhci(profile, ['upload', '--target=filesystem', `--outputDir=${outputDir}`], env);
  return readProfile(profile, outputDir, asserted === 0);
}

/** The server-rendered pages in turn, 8 connections: the rendering host's renders per second. */
function hostLoad(origin: string, paths: string[]): Promise<LoadStats> {
  return load({
    url: origin,
    connections: 8,
    durationS: Number(opts['load-seconds']),
    request: (i) => ({ method: 'GET', path: paths[i % paths.length] as string }),
  });
}

async function main() {
  const loadBefore = os.loadavg();
  const versions = opts['no-build']
    ? (Object.fromEntries(REMOTES.map((r) => [r.name, latestRelease(r.dir)])) as Record<RemoteName, string>)
    : (await buildAll()).versions;
  const ports = await freePorts();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  console.log(`Starting the shop on the ${opts.catalog} catalogue (the first start seeds it)…`);
  const stack = await startStack({
    ports,
    registry: localRegistry(ports, versions),
    opsToken: 'bench-web-ops-token-not-secret',
    pgliteDir: path.join(dataDir, 'db'),
    log: { dir: path.join(WORK, 'logs') },
    // the page choice sends its own queries; the releases are measured as built, without the smoke
    env: { CATALOG_SEED: opts.catalog, GRAPHQL_ARBITRARY_OPERATIONS: 'true', RELEASE_SMOKE: 'off' },
  });
  try {
    const wanted = opts.pages.split(',') as PageName[];
    const pages = await choosePages(stack.apiUrl, wanted);
    const urls = Object.values(pages).map((p) => stack.url + p);
    const profiles = opts.profiles.split(',').map((profile) => runProfile(profile, urls));
    const rendered = Object.entries(pages).filter(([name]) => name !== 'cart');
    const throughput = Number(opts['load-seconds']) > 0 ? await hostLoad(stack.url, rendered.map(([, p]) => p)) : undefined;
    const passed = writeReport({ catalog: opts.catalog, runs: Number(opts.runs), pages, profiles, throughput, loadBefore });
    console.log(`Wrote reports/web-bench.md. ${passed ? 'Every assertion holds.' : 'Some assertions fail (see the report).'}`);
    if (opts.check && !passed) process.exitCode = 1;
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
