/**
 * `npm run test:e2e [-- <Playwright arguments>]`: the browser tests alone, from a fresh clone too.
 *
 * They run against the production builds (e2e/support/global-setup.ts starts the compiled API
 * and host server, the built host and the newest release of each remote). So this builds
 * everything first (codegen included, as `npm run build`) when any of those builds is missing,
 * or when asked with `--build`; otherwise it tests the builds that are there and says how old
 * they are. Every other argument goes to Playwright:
 *   npm run test:e2e -- catalog-home            one spec (a file name filter)
 *   npm run test:e2e -- --build -g «корзин»     rebuild, then the tests whose title matches
 */
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM_PATH } from './lib/chromium.ts';
import { buildAll, latestRelease, REMOTES, ROOT, SERVER_ENTRIES } from './lib/stack.ts';

const args = process.argv.slice(2);
const forceBuild = args.includes('--build');
const playwrightArgs = args.filter((arg) => arg !== '--build');

/** The builds global-setup needs, or the first one missing. */
function missingBuild(): string | null {
  const files = [...Object.values(SERVER_ENTRIES), 'host/dist/mf-manifest.json', 'host/dist/index.html'];
  for (const file of files) if (!existsSync(path.join(ROOT, file))) return file;
  for (const remote of REMOTES) {
    try {
      latestRelease(remote.dir);
    } catch {
      return `${remote.dir}/dist/<release>`;
    }
  }
  return null;
}

async function main() {
  if (!existsSync(CHROMIUM_PATH)) {
    console.error(
      `Chromium is missing at ${CHROMIUM_PATH}: install Debian's (sudo apt-get install -y chromium-headless-shell) or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
  const missing = missingBuild();
  if (forceBuild || missing) {
    console.log(missing && !forceBuild ? `No build of ${missing}: building everything first…` : 'Building everything…');
    await buildAll();
  } else {
    const built = statSync(path.join(ROOT, 'host/dist/mf-manifest.json')).mtime;
    const minutes = Math.round((Date.now() - built.getTime()) / 60_000);
    console.log(`Testing the builds there (the host's is ${minutes} min old); \`npm run test:e2e -- --build\` rebuilds first.`);
  }
  const code = await new Promise<number>((resolve) => {
    const child = spawn(
      path.join(ROOT, 'node_modules', '.bin', 'playwright'),
      ['test', '-c', 'e2e/playwright.config.ts', ...playwrightArgs],
      { cwd: ROOT, stdio: 'inherit' },
    );
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });
  process.exit(code);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
