// Guards «release from anywhere with a team token»: a remote team releases from its own clone of
// the repository (not the checkout the shop runs from), with nothing but the API's address and
// its team token; the release is uploaded to the remote's release storage and shoppers see it
// on the running shop. Another team's token is refused.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../../scripts/lib/stack.ts';
import { returningVisitor } from '../support/fresh-visitor.ts';
import { shop } from '../support/private-host.ts';
import { expect, test } from '../support/test.ts';

const run = promisify(execFile);
test.describe.configure({ mode: 'serial' });
test.setTimeout(300_000);

const ops = async (method: string, route: string, body?: unknown, token = process.env.SHOP_OPS_TOKEN ?? '') => {
  const response = await fetch(`${shop.releaseUrl}/api/ops/registry${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as any };
};

const activeCatalog = async (): Promise<string> =>
  ((await ops('GET', '')).body.remotes as { name: string; active: { version: string } }[]).find((r) => r.name === 'mf_catalog')!.active.version;

/**
 * A team's own clone: `git clone` of the committed repository into a temporary folder. Its
 * node_modules links the installed packages (what `npm ci` would install) but the workspace
 * packages (@shop/*) point at the clone's own folders, so everything built is the clone's source.
 */
async function teamClone(): Promise<string> {
  const clone = path.join(mkdtempSync(path.join(os.tmpdir(), 'team-clone-')), 'shop');
  await run('git', ['clone', '--quiet', '--depth', '1', `file://${ROOT}`, clone]);
  const modules = path.join(clone, 'node_modules');
  mkdirSync(path.join(modules, '@shop'), { recursive: true });
  for (const entry of readdirSync(path.join(ROOT, 'node_modules'))) {
    if (entry === '@shop' || entry === '.cache') continue;
    symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(modules, entry));
  }
  for (const workspace of readdirSync(path.join(ROOT, 'node_modules', '@shop'))) {
    symlinkSync(path.join(clone, workspace), path.join(modules, '@shop', workspace));
  }
  if (existsSync(path.join(ROOT, 'api', 'node_modules'))) symlinkSync(path.join(ROOT, 'api', 'node_modules'), path.join(clone, 'api', 'node_modules'));
  return clone;
}

async function releaseFrom(clone: string, token: string, ...args: string[]): Promise<{ code: number; out: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, OPS_API_URL: shop.apiUrl, RELEASE_URL: shop.releaseUrl, RELEASE_TOKEN: token };
  // only the team token: no ops token in the environment (and the clone has no .run/ops-token)
  delete env.OPS_TOKEN;
  delete env.SHOP_OPS_TOKEN;
  try {
    const { stdout, stderr } = await run(path.join(clone, 'node_modules/.bin/tsx'), ['scripts/remotes/cli.ts', 'release', ...args], {
      cwd: clone,
      env,
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

let before = '';
let catalogToken = '';
let cartToken = '';

test.beforeAll(async () => {
  before = await activeCatalog();
  const suffix = Date.now().toString(36);
  const catalog = await ops('POST', '/tokens', { name: `catalog-team-${suffix}`, remote: 'mf_catalog' });
  expect(catalog.status, JSON.stringify(catalog.body)).toBe(200);
  catalogToken = catalog.body.token.token;
  const cart = await ops('POST', '/tokens', { name: `cart-team-${suffix}`, remote: 'mf_cart' });
  cartToken = cart.body.token.token;
});

test.afterAll(async () => {
  // the rest of the suite runs against the release the stack started with
  if (before) await ops('POST', '/activate', { remote: 'mf_catalog', version: before, by: 'e2e' });
});

test('a release published from a second clone with only a team token is what shoppers see', async ({ page }) => {
  const clone = await teamClone();
  const marker = `Топ бренды · релиз команды ${Date.now().toString(36)}`;
  const file = path.join(clone, 'mf-catalog', 'src', 'home', 'top-brands.tsx');
  const source = readFileSync(file, 'utf8');
  expect(source).toContain('title="Топ бренды"');
  writeFileSync(file, source.replace('title="Топ бренды"', `title="${marker}"`));

  const started = Date.now();
  const { code, out } = await releaseFrom(clone, catalogToken, 'mf-catalog', '--notes', 'Новый заголовок брендов');
  expect(code, out).toBe(0);
  const version = out.match(/Published mf_catalog (\S+)\./)?.[1] ?? '';
  expect(version, out).toMatch(/^\d+\.\d+\.\d+-\d{14}-[0-9a-f]{6}$/);
  expect(out).toMatch(/by catalog-team-/);
  expect(out).toContain('Activated');
  test.info().annotations.push({ type: 'release from a clone', description: `${((Date.now() - started) / 1000).toFixed(1)} s` });
  // the CLI's own timings (build, activation, whole release) for the runbook's figures
  console.log(out.split('\n').filter((line) => /Built in|Activated in|Release took/.test(line)).join('\n'));

  // stored in the stack's release storage, not in any checkout's dist/
  expect(existsSync(path.join(process.env.SHOP_WORK_DIR ?? '', 'releases', 'mf_catalog', version, 'mf-manifest.json'))).toBe(true);
  expect(existsSync(path.join(ROOT, 'mf-catalog', 'dist', version))).toBe(false);
  expect(existsSync(path.join(clone, 'mf-catalog', 'dist', version))).toBe(false);
  // the server never needs the clone: it is gone before a shopper loads the page
  rmSync(path.dirname(clone), { recursive: true, force: true });

  const status = (await ops('GET', '')).body.remotes.find((r: { name: string }) => r.name === 'mf_catalog');
  expect(status.active.version).toBe(version);
  expect(status.active.activatedBy).toMatch(/^catalog-team-/);
  expect(status.releases.find((r: { version: string }) => r.version === version)?.createdBy).toMatch(/^catalog-team-/);

  await returningVisitor(page);
  await page.goto('/');
  await expect(page.getByTestId('catalog-home')).toBeVisible();
  await expect(page.getByRole('heading', { name: marker })).toBeVisible({ timeout: 20_000 });
});

test("another team's token is refused: no upload, no activation, nothing changes", async () => {
  const active = await activeCatalog();
  const upload = await fetch(`${shop.releaseUrl}/api/ops/registry/uploads/mf_catalog/0.1.0-intruder`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${cartToken}`, 'content-type': 'application/gzip' },
    body: new Uint8Array([0x1f, 0x8b]),
  });
  expect(upload.status).toBe(403);
  const activate = await ops('POST', '/activate', { remote: 'mf_catalog', version: before, by: 'cart' }, cartToken);
  expect(activate.status).toBe(403);
  expect(activate.body.errors[0].extensions.code).toBe('RELEASE_FORBIDDEN');
  expect(await activeCatalog()).toBe(active);
  expect(existsSync(path.join(process.env.SHOP_WORK_DIR ?? '', 'releases', 'mf_catalog', '0.1.0-intruder'))).toBe(false);
});
