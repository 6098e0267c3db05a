/**
 * `npm test`: everything that must hold before a change lands, in the order that fails
 * fastest: system tools, type-check, lint, unit and integration tests (vitest; the API suite
 * runs on PGlite and on a real PostgreSQL), production builds, the scale test (two replicas of
 * the API and of the host behind nginx, e2e/scale), then the browser tests against the real
 * built host, remotes and API. Stops at the first failing step and exits non-zero; the browser
 * tests' stack is always stopped by their global teardown.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildAll, ROOT } from './lib/stack.ts';

const BIN = path.join(ROOT, 'node_modules', '.bin');
const REPORT_DIR = path.join(ROOT, '.run', 'test-reports');
const isRoot = process.getuid?.() === 0;
const totals = { passed: 0, failed: 0, skipped: 0, flaky: [] as string[] };
/**
 * The run's own temporary folder (TMPDIR for every step): the databases, hosts, photo stores and
 * Chromium profiles tests make there are removed with it when the run passes, whatever a test
 * left behind; a failed run keeps them to look at. Short, beside the system's, for the Unix
 * sockets PostgreSQL puts next to its data.
 */
const scratch = mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
// open to every user, as /tmp is (sticky: each removes only its own): PostgreSQL's initdb runs as
// the postgres user when the tests run as root, and makes its data folder in here
chmodSync(scratch, 0o1777);
process.env.TMPDIR = scratch;

function step(title: string) {
  console.log(`\n━━ ${title} ━━`);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function mustRun(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  step(title);
  const code = await run(command, args, env);
  if (code !== 0) fail(`${title} failed (exit code ${code})`);
}

function fail(message: string): never {
  console.error(`\n✗ ${message}`);
  printTotals();
  console.error(`The run's temporary files are kept in ${scratch}.`);
  process.exit(1);
}

function printTotals() {
  const flaky = totals.flaky.length;
  console.log(
    `\ntests: ${totals.passed} passed, ${totals.failed} failed${flaky ? `, ${flaky} flaky` : ''}${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
  );
  // A browser test that failed once and passed on its one retry is named, never hidden in «passed».
  for (const title of totals.flaky) console.log(`  flaky (failed once, passed on retry): ${title}`);
}

/** Installs a Debian package when its command is missing (we run as root on CI and here). */
function ensureDebianTool(command: string, pkg: string) {
  if (spawnSync('sh', ['-c', `command -v ${command}`]).status === 0) return;
  if (!isRoot) fail(`${command} is missing. Install it with: sudo apt-get install -y ${pkg}`);
  console.log(`Installing ${pkg} (Debian package)…`);
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', pkg], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (update.status !== 0 || install.status !== 0 || spawnSync('sh', ['-c', `command -v ${command}`]).status !== 0) {
    fail(`could not install ${pkg}; install it with: apt-get install -y ${pkg}`);
  }
}

function countVitest(file: string) {
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
}

interface PlaywrightSuite {
  title: string;
  specs?: { title: string; file: string; line: number; tests: { status: string }[] }[];
  suites?: PlaywrightSuite[];
}

function flakyTitles(suites: PlaywrightSuite[] = []): string[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => spec.tests.some((t) => t.status === 'flaky'))
      .map((spec) => `${spec.file}:${spec.line} › ${spec.title}`),
    ...flakyTitles(suite.suites),
  ]);
}

function countPlaywright(file: string) {
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    suites?: PlaywrightSuite[];
  };
  totals.passed += report.stats.expected;
  totals.failed += report.stats.unexpected;
  totals.skipped += report.stats.skipped;
  totals.flaky.push(...flakyTitles(report.suites));
}

async function main() {
  const started = Date.now();
  rmSync(REPORT_DIR, { recursive: true, force: true });
  mkdirSync(REPORT_DIR, { recursive: true });

  step('System tools: Chromium, docker-compose, PostgreSQL');
  ensureDebianTool('chromium-headless-shell', 'chromium-headless-shell');
  ensureDebianTool('docker-compose', 'docker-compose');
  console.log('ok');

  await mustRun('GraphQL codegen', path.join(BIN, 'graphql-codegen'), ['--config', 'codegen.ts']);
  await mustRun('Type-check (tsc -b, every package on its own)', path.join(BIN, 'tsc'), ['-b', 'tsconfig.packages.json']);
  await mustRun('Lint (biome)', path.join(BIN, 'biome'), ['lint', '--error-on-warnings', '.']);
  await mustRun('Import rules (dependency-cruiser)', path.join(BIN, 'depcruise'), ['--config', '.dependency-cruiser.cjs', '.']);
  await mustRun('Dependencies declared and used (knip)', path.join(BIN, 'knip'), ['--no-progress']);

  // Builds first: some tooling tests run the compiled servers (supervisor restarts, release checks)
  step('Production builds');
  await buildAll().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));

  step('Unit and integration tests (vitest: api on PGlite and PostgreSQL, web, tooling)');
  const vitestReport = path.join(REPORT_DIR, 'vitest.json');
  const unitCode = await run(path.join(BIN, 'vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestReport}`,
  ]);
  if (existsSync(vitestReport)) countVitest(vitestReport);
  if (unitCode !== 0) fail(`vitest failed (exit code ${unitCode})`);

  // its own vitest run (e2e/scale/vitest.config.ts), never part of the workspace's projects above
  step('Scale test (two API and two host replicas behind nginx, PostgreSQL, Redis: npm run test:scale)');
  const scaleReport = path.join(REPORT_DIR, 'scale.json');
  const scaleCode = await run(path.join(BIN, 'vitest'), [
    'run',
    '--config',
    'e2e/scale/vitest.config.ts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${scaleReport}`,
  ]);
  if (existsSync(scaleReport)) countVitest(scaleReport);
  if (scaleCode !== 0) fail(`scale test failed (exit code ${scaleCode})`);

  step('Browser tests (Playwright with Debian Chromium, real host, remotes and API)');
  const e2eReport = path.join(REPORT_DIR, 'playwright.json');
  const e2eCode = await run(
    path.join(BIN, 'playwright'),
    ['test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
    },
  );
  if (existsSync(e2eReport)) countPlaywright(e2eReport);
  if (e2eCode !== 0) fail(`browser tests failed (exit code ${e2eCode})`);

  console.log(`\nAll steps passed in ${Math.round((Date.now() - started) / 1000)} s.`);
  printTotals();
  if (totals.passed === 0) fail('no test ran');
  try {
    rmSync(scratch, { recursive: true, force: true, maxRetries: 3 });
  } catch (error) {
    console.warn(`Could not remove ${scratch}: ${(error as Error).message}`);
  }
}

main().catch((error: unknown) => fail(error instanceof Error ? (error.stack ?? error.message) : String(error)));
