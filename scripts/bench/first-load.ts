/**
 * `npx tsx scripts/bench/first-load.ts`: a quick count of the JavaScript a page loads first
 * (the byte side of `npm run bench:web` without Lighthouse), for iterating on bundle size.
 *
 * Starts the shop on the small catalogue from the newest builds (`--build` builds first,
 * the single-bundle comparison too), opens each page in Debian's Chromium, waits for the
 * network to settle, and lists every script with its gzip size (Node zlib level 6, as the
 * web bench counts), federated against the single bundle.
 *
 * Options: --build · --pages home,category,product · --files (list each script)
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/chromium.ts';
import { buildAll, freePorts, latestRelease, localRegistry, REMOTES, type RemoteName, ROOT, startService, startStack, waitForHttp } from '../lib/stack.ts';
import { SINGLE_SERVER_ENV } from './single.rspack.config.ts';
import { buildSingle, SINGLE_DIR } from './single-build.ts';

const argv = process.argv.slice(2);
const opt = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const pagesWanted = (opt('--pages') ?? 'home,category,product').split(',');
const listFiles = argv.includes('--files');

async function gql<T>(apiUrl: string, query: string, variables?: unknown): Promise<T> {
  const res = await fetch(apiUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as { data: T };
  return body.data;
}

async function pagePaths(apiUrl: string): Promise<Record<string, string>> {
  const { categories } = await gql<{ categories: { id: string; webPath: string }[] }>(apiUrl, 'query { categories(filter: { isHaveParent: false }) { id webPath } }');
  const category = categories[0];
  if (!category) throw new Error('no categories');
  const { products } = await gql<{ products: { items: { webPath: string }[] } }>(
    apiUrl,
    'query($scope: ListingScopeInput) { products(scope: $scope, limit: 1) { items { webPath } } }',
    { scope: { categoryId: category.id } },
  );
  return { home: '/', category: category.webPath, product: products.items[0]?.webPath ?? '/', cart: '/cart', search: '/search?search=nike' };
}

async function main() {
  let versions: Record<RemoteName, string>;
  if (argv.includes('--build')) {
    ({ versions } = await buildAll());
    await buildSingle();
  } else {
    versions = Object.fromEntries(REMOTES.map((r) => [r.name, latestRelease(r.dir)])) as Record<RemoteName, string>;
  }
  const ports = await freePorts();
  const singlePort = (await freePorts()).host;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'shop-first-load-'));
  const logDir = path.join(tmp, 'logs');
  mkdirSync(logDir);
  const stack = await startStack({
    ports,
    registry: localRegistry(ports, versions),
    opsToken: randomBytes(24).toString('base64url'),
    pgliteDir: path.join(tmp, 'db'),
    log: { dir: logDir },
    // the bench picks its pages with its own queries (the pages themselves send registered ids)
    env: { GRAPHQL_ARBITRARY_OPERATIONS: 'true' },
  });
  const single = existsSync(path.join(SINGLE_DIR, 'index.html'))
    ? startService('host-single', path.join(ROOT, 'node_modules/.bin/tsx'), ['host/server/main.ts'], {
        log: { dir: logDir },
        env: { HOST_PORT: String(singlePort), API_URL: `http://127.0.0.1:${ports.api}`, HOST_DIST_DIR: SINGLE_DIR, ...SINGLE_SERVER_ENV },
      })
    : undefined;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless=new', ...CHROMIUM_ARGS] });
  try {
    if (single) await waitForHttp(`http://127.0.0.1:${singlePort}/healthz`, single);
    const paths = await pagePaths(stack.apiUrl);
    const origins: Record<string, string> = { federated: stack.url };
    if (single) origins.single = `http://localhost:${singlePort}`;
    for (const page of pagesWanted) {
      const totals: Record<string, number> = {};
      for (const [build, origin] of Object.entries(origins)) {
        const context = await browser.newContext();
        const tab = await context.newPage();
        const scripts: { url: string; gzip: number; raw: number }[] = [];
        const pending: Promise<void>[] = [];
        tab.on('response', (response) => {
          if (response.request().resourceType() !== 'script') return;
          pending.push(
            response.body().then(
              (body) => void scripts.push({ url: response.url(), raw: body.length, gzip: gzipSync(body).length }),
              () => undefined,
            ),
          );
        });
        await tab.goto(origin + paths[page], { waitUntil: 'networkidle' });
        await Promise.all(pending);
        await context.close();
        const gzip = scripts.reduce((s, x) => s + x.gzip, 0);
        totals[build] = gzip;
        console.log(`${page.padEnd(9)} ${build.padEnd(9)} ${(gzip / 1024).toFixed(1)} KB gzip in ${scripts.length} scripts`);
        if (listFiles) {
          for (const s of scripts.sort((a, b) => b.gzip - a.gzip)) {
            console.log(`    ${(s.gzip / 1024).toFixed(1).padStart(6)} KB  ${new URL(s.url).pathname}`);
          }
        }
      }
      if (totals.federated && totals.single) console.log(`${page.padEnd(9)} ratio     ${(totals.federated / totals.single).toFixed(2)}`);
    }
  } finally {
    await browser.close();
    await single?.stop();
    await stack.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
