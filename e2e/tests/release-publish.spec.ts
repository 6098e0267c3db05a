// Guards «release from anywhere with a team token»: a remote team releases from its own clone of
// the repository (not the checkout the shop runs from), with nothing but the API's address and
// its team token; the release is uploaded to the remote's release storage and shoppers see it
// on the running shop; the same token then activates and canaries its own remote through the CLI
// (`npm run remotes -- …`), as shoppers in and out of the canary's bucket see. Another team's token
// is refused, and the catalogue team's token is refused for another remote.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../../scripts/lib/stack.ts';
import { returningVisitor } from '../support/fresh-visitor.ts';
import { canaryVisitors } from '../support/canary.ts';
import { shop } from '../support/private-host.ts';
import { type Browser, expect, test } from '../support/test.ts';

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

/** `npm run remotes -- …` (scripts/remotes/cli.ts) from the shop's checkout with only a team token in the environment. */
async function remotesWith(token: string, ...args: string[]): Promise<{ code: number; out: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, OPS_API_URL: shop.apiUrl, RELEASE_URL: shop.releaseUrl, RELEASE_TOKEN: token };
  delete env.OPS_TOKEN;
  delete env.SHOP_OPS_TOKEN;
  try {
    const { stdout, stderr } = await run(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/remotes/cli.ts', ...args], { cwd: ROOT, env });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

/** The «Топ бренды» heading a shopper with this visitor id sees on the home page, and the catalogue release the page used. */
async function topBrandsFor(browser: Browser, visitorId: string): Promise<{ heading: string; release: string }> {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'visitor_id', value: visitorId, url: process.env.SHOP_URL as string }]);
  const page = await context.newPage();
  try {
    await returningVisitor(page);
    await page.goto('/');
    await expect(page.getByTestId('catalog-home')).toBeVisible();
    const heading = page.locator('[data-remote="mf_catalog"]').getByRole('heading', { name: /^Топ бренды/ });
    await expect(heading).toBeVisible({ timeout: 20_000 });
    const release = decodeURIComponent(await page.evaluate(() => String(JSON.parse(document.getElementById('shop-state')?.textContent ?? '{}').registry?.mf_catalog)));
    return { heading: (await heading.textContent())?.trim() ?? '', release };
  } finally {
    await context.close();
  }
}

let before = '';
let catalogToken = '';
let cartToken = '';
let teamVersion = '';
let teamMarker = '';

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
  // the rest of the suite runs against the release the stack started with (the team's own
  // `activate` below brings it back: no second smoke when it did)
  const catalog = (await ops('GET', '')).body.remotes.find((r: { name: string }) => r.name === 'mf_catalog');
  if (catalog?.canary) await ops('POST', '/canary/stop', { remote: 'mf_catalog', by: 'e2e' });
  if (before && catalog?.active?.version !== before) await ops('POST', '/activate', { remote: 'mf_catalog', version: before, by: 'e2e' });
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
  teamVersion = version;
  teamMarker = marker;
  expect(version, out).toMatch(/^\d+\.\d+\.\d+\+\d{14}-[0-9a-f]{6}$/);
  expect(out).toMatch(/by catalog-team-/);
  expect(out).toContain('Activated');
  test.info().annotations.push({ type: 'release from a clone', description: `${((Date.now() - started) / 1000).toFixed(1)} s` });
  // the CLI's own timings (build, activation, whole release) for the runbook's figures
  console.log(out.split('\n').filter((line) => /Built in|Published|Activated in|Release took/.test(line)).join('\n'));

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

test('a team token activates and canaries its own remote through the CLI, as shoppers see; another remote is refused to it', async ({ browser }) => {
  expect(teamVersion, 'the team release of the first test').toBeTruthy();
  const cart = async () => (await ops('GET', '')).body.remotes.find((r: { name: string }) => r.name === 'mf_cart');
  const cartBefore = await cart();
  const [inBucket] = canaryVisitors(1, 50);
  const [outOfBucket] = canaryVisitors(1, 50, 'mf_catalog', false);

  // activate: the release the shop started with, back in front of every shopper, by the team's token
  const activated = await remotesWith(catalogToken, 'activate', 'mf-catalog', before);
  expect(activated.code, activated.out).toBe(0);
  expect(activated.out).toContain(`Activated mf_catalog ${before}.`);
  let status = (await ops('GET', '')).body.remotes.find((r: { name: string }) => r.name === 'mf_catalog');
  expect(status.active.version).toBe(before);
  expect(status.active.activatedBy).toMatch(/^catalog-team-/);
  const seen = await topBrandsFor(browser, inBucket as string);
  expect(seen.heading).toBe('Топ бренды');
  expect(seen.release).toContain(`/${before}/`);

  // canary: its own release to half the visitors; a visitor in the canary's bucket gets it, one outside does not
  const canary = await remotesWith(catalogToken, 'canary', 'mf-catalog', teamVersion, '50');
  expect(canary.code, canary.out).toBe(0);
  expect(canary.out).toContain(`Canary: 50 % of visitors get mf_catalog ${teamVersion}.`);
  status = (await ops('GET', '')).body.remotes.find((r: { name: string }) => r.name === 'mf_catalog');
  expect(status.canary).toMatchObject({ version: teamVersion, percent: 50 });
  expect(status.canary.activatedBy).toMatch(/^catalog-team-/);
  expect(await topBrandsFor(browser, inBucket as string)).toMatchObject({ heading: teamMarker, release: expect.stringContaining(`/${teamVersion}/`) });
  expect(await topBrandsFor(browser, outOfBucket as string)).toMatchObject({ heading: 'Топ бренды', release: expect.stringContaining(`/${before}/`) });

  // the same token for the cart's remote: refused, with the reason, and the cart's registry untouched
  const cartVersion = cartBefore?.active.version as string;
  for (const args of [
    ['activate', 'mf-cart', cartVersion],
    ['canary', 'mf-cart', cartVersion, '50'],
  ]) {
    const refused = await remotesWith(catalogToken, ...args);
    expect(refused.code, refused.out).not.toBe(0);
    expect(refused.out).toMatch(/Токен «catalog-team-[^»]+» выпускает только mf_catalog, не mf_cart/);
  }
  expect(await cart()).toMatchObject({ active: { version: cartVersion }, canary: cartBefore?.canary ?? null });

  // the team ends its canary: everyone gets the active release again
  const stop = await remotesWith(catalogToken, 'canary', 'stop', 'mf-catalog');
  expect(stop.code, stop.out).toBe(0);
  expect(stop.out).toContain(`Stopped the canary mf_catalog ${teamVersion}`);
  expect((await ops('GET', '')).body.remotes.find((r: { name: string }) => r.name === 'mf_catalog').canary).toBeNull();
});
