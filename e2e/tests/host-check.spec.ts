// Host releases are checked too: a host build is checked against the registry's releases
// (`npm run remotes -- check-host`) before it is deployed. Here a real host build whose shared
// react-router-dom copy lacks useSearchParams (dropped from TREE_SHAKEN_SHARED, as a too eager trim once did;
// the desk pages that use it themselves are swapped for stubs, so only the remotes need it) is
// refused, naming the remotes and the export, while the shop keeps serving the good host.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../../scripts/lib/stack.ts';
import { shop } from '../support/private-host.ts';
import { expect, test } from '../support/test.ts';

const run = promisify(execFile);
test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

const work = mkdtempSync(path.join(os.tmpdir(), 'shop-host-check-'));
const badDist = path.join(work, 'dist');
test.afterAll(() => rmSync(work, { recursive: true, force: true }));

async function checkHost(dist: string): Promise<{ code: number; out: string; ms: number }> {
  const started = Date.now();
  const env = { ...process.env, OPS_API_URL: shop.apiUrl, RELEASE_URL: shop.releaseUrl, OPS_TOKEN: process.env.SHOP_OPS_TOKEN ?? '' };
  try {
    const { stdout, stderr } = await run(
      path.join(ROOT, 'node_modules/.bin/tsx'),
      ['scripts/remotes/cli.ts', 'check-host', '--dist', dist],
      { cwd: ROOT, env },
    );
    return { code: 0, out: stdout + stderr, ms: Date.now() - started };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr, ms: Date.now() - started };
  }
}

test.beforeAll(async () => {
  // The host's own config, with the trimmed share list and the desk's two useSearchParams pages stubbed.
  const stub = path.join(work, 'desk-stub.tsx');
  writeFileSync(
    stub,
    'export function OrdersPage() {\n  return null;\n}\nexport function SignInPage() {\n  return null;\n}\n',
  );
  const rspackCore = createRequire(path.join(ROOT, 'host', 'package.json')).resolve('@rspack/core');
  const config = path.join(work, 'trimmed-host.rspack.config.ts');
  writeFileSync(
    config,
    `import { rspack } from ${JSON.stringify(rspackCore)};
import { TREE_SHAKEN_SHARED } from ${JSON.stringify(path.join(ROOT, 'scripts/lib/federation-shared.ts'))};
TREE_SHAKEN_SHARED['react-router-dom'] = TREE_SHAKEN_SHARED['react-router-dom'].filter((name) => name !== 'useSearchParams');
const { default: host } = await import(${JSON.stringify(path.join(ROOT, 'host/rspack.config.ts'))});
export default (env, argv) => {
  // the browser build only (the first of the host's two; the check reads its share list)
  const [config] = host(env, argv);
  config.plugins.push(new rspack.NormalModuleReplacementPlugin(/desk[\\\\/](orders[\\\\/]orders-page|session[\\\\/]sign-in-page)\\.tsx$/, ${JSON.stringify(stub)}));
  return config;
};
`,
  );
  await run(
    path.join(ROOT, 'node_modules/.bin/rspack'),
    ['build', '--mode', 'production', '-c', config, '-o', badDist],
    { cwd: path.join(ROOT, 'host'), env: { ...process.env, NODE_ENV: 'production' } },
  );
});

test('a host build that would break a remote is refused, naming the remote and the export', async () => {
  const { code, out, ms } = await checkHost(badDist);
  expect(code, out).toBe(1);
  expect(out).toMatch(/^refused: the host build .* would break releases in the registry:/m);
  expect(out).toMatch(
    /mf_catalog \S+ \(active\):\n\s+- использует useSearchParams из react-router-dom, которых нет в урезанной копии хоста/,
  );
  // every release's mf-stats.json lists the whole share list it was built with
  expect(out).toMatch(/mf_cart \S+ \(active\):/);
  console.log(`check-host, refused in ${ms} ms (the CLI's own start included):\n${out}`);
});

test('the deployed host build passes the same check, and the shop keeps serving it', async ({ page }) => {
  const { code, out, ms } = await checkHost(path.join(ROOT, 'host', 'dist'));
  expect(code, out).toBe(0);
  expect(out).toMatch(
    /The host build host\/dist is compatible with \d+ release\(s\) in the registry \(.*mf_catalog \S+ active/,
  );
  console.log(`check-host, passed in ${ms} ms (the CLI's own start included):\n${out}`);
  await page.goto('/catalog/obuv/krossovki');
  await expect(page.getByTestId('catalog-listing')).toBeVisible();
  await expect(page.getByText('Не удалось загрузить раздел')).toHaveCount(0);
});
