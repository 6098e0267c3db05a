// Guards independent releases: a remote team releases, ops roll back (by the activation stack:
// twice goes two releases back), canary and promote, with no host rebuild or restart and no
// blank page; an incompatible build is refused by the API itself and the registry cannot be
// changed without a token. The actor recorded is the token's name (OPS_TOKEN: «ops»), never OPS_ACTOR.
// Retention never strands a rollback: after more uploads than RELEASE_KEEP, rollbacks still walk
// back to the shop's first good release, and a shopper's page shows it.
import { execFile } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../../scripts/lib/stack.ts';
import { returningVisitor } from '../support/fresh-visitor.ts';
import { shop } from '../support/private-host.ts';
import { releaseFolder, uploadRelease } from '../support/ssr.ts';
import { expect, type Page, test } from '../support/test.ts';
import { releaseVersionOfUrl } from '@shop/contracts/release-plane';

const run = promisify(execFile);
test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

const catalogUrl = () => new URL(shop.registry.mf_catalog as string).origin;
const env = () => ({
  ...process.env,
  OPS_API_URL: shop.apiUrl,
  RELEASE_URL: shop.releaseUrl,
  OPS_TOKEN: process.env.SHOP_OPS_TOKEN ?? '',
  OPS_ACTOR: 'e2e-release-team',
  MF_CATALOG_URL: catalogUrl(),
});

async function cli(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/remotes/cli.ts', ...args], { cwd: ROOT, env: env() });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

/** A CLI command that must succeed; when it does not, the failure says what the CLI said (the smoke's reason). */
async function ok(...args: string[]): Promise<string> {
  const { code, out } = await cli(...args);
  expect(code, out).toBe(0);
  return out;
}

async function release(): Promise<string> {
  const { code, out } = await cli('release', 'mf-catalog');
  expect(code, out).toBe(0);
  const version = out.match(/Published mf_catalog (\S+)\./)?.[1];
  expect(version, out).toBeTruthy();
  return version as string;
}

/** A version as a regular expression's literal text (versions hold dots and may hold `+`). */
const literal = (version: string) => version.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function catalogVersionOnPage(page: Page): Promise<string | undefined> {
  await expect(page.getByTestId('catalog-home')).toBeVisible();
  return page.evaluate(
    () => (window as unknown as { __SHOP_APPS__: { name: string; version: string }[] }).__SHOP_APPS__.find((a) => a.name === 'mf_catalog')?.version,
  );
}

// The stack's own host: it reads the release service's registry (no registry file) on every
// request (REGISTRY_TTL_MS 0), as production hosts do; no second host is needed.
const host = {
  get url(): string {
    return process.env.SHOP_URL as string;
  },
};
let v1 = '';
let v2 = '';

test('a release is seen on the next load; a second one too, without restarting anything', async ({ page }) => {
  // two releases, each built and smoked before it goes live (about a minute each on a busy 2-core machine)
  test.setTimeout(240_000);
  await returningVisitor(page);
  v1 = await release();
  await page.goto(host.url);
  expect(await catalogVersionOnPage(page)).toBe(v1);
  v2 = await release();
  expect(v2).not.toBe(v1);
  await page.reload();
  expect(await catalogVersionOnPage(page)).toBe(v2);
});

test('a shopper mid-session keeps the cart and the page across a switch, and gets the new release on reload', async ({ page }) => {
  await returningVisitor(page);
  await page.addInitScript(() => {
    if (localStorage.getItem('shop-cart')) return;
    const line = { id: '1', modelId: '1', sku: 'S', name: 'Кеды', price: 5990, brand: { name: 'Vans' }, mainCategory: { name: 'Кеды' }, quantity: 1 };
    localStorage.setItem('shop-cart', JSON.stringify({ version: 1, state: { items: [line] } }));
  });
  await page.goto(host.url);
  expect(await catalogVersionOnPage(page)).toBe(v2);
  await page.locator('[data-remote="mf_catalog"]').getByRole('button', { name: /^В избранное: / }).first().click();
  const { code, out } = await cli('activate', 'mf-catalog', v1);
  expect(code, out).toBe(0);
  // The page in hand keeps working on the code it loaded.
  await page.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name: 'Новинки' }).click();
  await expect(page.locator('[data-remote="mf_catalog"]').getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto(host.url);
  expect(await catalogVersionOnPage(page)).toBe(v1);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect(page.getByTestId('favourites-count')).toHaveText('1');
});

test('rollback returns to the release active before the current one', async ({ page }) => {
  await returningVisitor(page);
  await ok('activate', 'mf-catalog', v2);
  const { code, out } = await cli('rollback', 'mf-catalog');
  expect(code, out).toBe(0);
  expect(out).toContain(`Rolled back mf_catalog from ${v2} to ${v1}`);
  await page.goto(host.url);
  expect(await catalogVersionOnPage(page)).toBe(v1);
  const status = await cli('status');
  expect(status.out).toContain(`active  ${v1}`);
  // who did it is the token's name, not what the client says (OPS_ACTOR=e2e-release-team)
  expect(status.out).toContain(`rollback ${v1}  by ops`);
  expect(status.out).not.toContain('by e2e-release-team');
});

test('a canary reaches its share of visitors by a stable hash of visitor_id, and promote makes it the only release', async ({ request }) => {
  await ok('canary', 'mf-catalog', v2, '50');
  const versionFor = async (visitor: string) => {
    const html = await (await request.get(host.url, { headers: { cookie: `visitor_id=${visitor}` } })).text();
    const state = JSON.parse(html.match(/<script type="application\/json" id="shop-state">(.*?)<\/script>/)?.[1] ?? '{}');
    return releaseVersionOfUrl(state.registry.mf_catalog as string) === v2 ? 'v2' : 'v1';
  };
  const visitors = Array.from({ length: 60 }, (_, i) => `0000${i}-aaaa-4bbb-8ccc-${String(i * 7919).padStart(12, '0')}`);
  const seen = await Promise.all(visitors.map(versionFor));
  const onCanary = seen.filter((v) => v === 'v2').length;
  expect(onCanary).toBeGreaterThan(15);
  expect(onCanary).toBeLessThan(45);
  // The same visitor gets the same release every time.
  for (const visitor of visitors.slice(0, 5)) expect(await versionFor(visitor)).toBe(seen[visitors.indexOf(visitor)]);

  await ok('promote', 'mf-catalog');
  for (const visitor of visitors.slice(0, 10)) expect(await versionFor(visitor)).toBe('v2');
});

test('an incompatible build is refused by the API with the reason, and nothing changes', async ({ page }) => {
  // A copy of v2 built as if against React 18: its manifest says so.
  const bad = `${v2}-react18`;
  // released builds live in the run's release storage (RELEASES_DIR), served by mf-catalog's server
  const dist = path.join(process.env.SHOP_WORK_DIR as string, 'releases', 'mf_catalog');
  cpSync(path.join(dist, v2), path.join(dist, bad), { recursive: true });
  const manifestFile = path.join(dist, bad, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  for (const shared of manifest.shared) if (shared.name === 'react' || shared.name === 'react-dom') shared.version = '18.3.1';
  writeFileSync(manifestFile, JSON.stringify(manifest));
  // the build's compressed copies of the manifest would still say React 19
  for (const copy of ['.br', '.gz']) rmSync(`${manifestFile}${copy}`, { force: true });
  const publish = await fetch(`${shop.releaseUrl}/api/ops/registry/releases`, {
    method: 'POST',
    headers: { authorization: `Bearer ${process.env.SHOP_OPS_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ remote: 'mf_catalog', version: bad, manifestUrl: `${catalogUrl()}/${bad}/mf-manifest.json`, by: 'e2e' }),
  });
  // the API refuses it at publish (the CLI is only a client): 409, the Russian reasons, status refused
  expect(publish.status).toBe(409);
  const body = (await publish.json()) as { errors: { message: string; extensions: { code: string; reasons: string[] } }[] };
  expect(body.errors[0]?.extensions.code).toBe('RELEASE_REFUSED');
  const reasons = body.errors[0]?.extensions.reasons.join('\n') ?? '';
  expect(reasons).toMatch(/^singletons: /);
  expect(reasons).toContain('react 18.3.1 несовместим с версией хоста 19.3.1');
  expect(reasons).toContain('react-dom 18.3.1 несовместим с версией хоста 19.3.1');
  const { code, out } = await cli('activate', 'mf-catalog', bad);
  expect(code).not.toBe(0);
  expect(out).toContain('react 18.3.1 несовместим с версией хоста 19.3.1');
  expect((await cli('status', 'mf-catalog')).out).toMatch(new RegExp(`${literal(bad)}  refused`));
  await returningVisitor(page);
  await page.goto(host.url);
  expect(await catalogVersionOnPage(page)).toBe(v2);
  rmSync(path.join(dist, bad), { recursive: true, force: true });
});

test('the registry can be read by anyone but changed only with the ops token, which never reaches the browser', async ({ page, request }) => {
  const read = await request.get(`${shop.releaseUrl}/api/registry`);
  expect(read.ok()).toBe(true);
  const attempt = (headers: Record<string, string>) =>
    request.post(`${shop.releaseUrl}/api/ops/registry/activate`, { headers, data: { remote: 'mf_catalog', version: v1, by: 'intruder' } });
  expect((await attempt({})).status()).toBe(401);
  expect((await attempt({ authorization: 'Bearer wrong-token' })).status()).toBe(401);
  // The shop's own origin does not even offer the ops API, with or without a token.
  expect((await request.post(`${host.url}/api/ops/registry/activate`, { data: { remote: 'mf_catalog', version: v1, by: 'x' } })).status()).toBe(404);
  const withToken = { authorization: `Bearer ${process.env.SHOP_OPS_TOKEN}` };
  expect((await request.post(`${host.url}/api/ops/registry/activate`, { headers: withToken, data: { remote: 'mf_catalog', version: v1, by: 'x' } })).status()).toBe(404);
  const html = await (await request.get(host.url)).text();
  expect(html).not.toContain(process.env.SHOP_OPS_TOKEN as string);
  await returningVisitor(page);
  await page.goto(host.url);
  expect(await catalogVersionOnPage(page)).toBe(v2);
});

test('rollback twice goes two releases back (the activation stack), to the first good release even after more uploads than retention keeps; a canary never touches the active release', async ({ page }) => {
  // a release, a canary and an activate each wait for the server's browser smoke
  test.setTimeout(300_000);
  await returningVisitor(page);
  // active now: v2 (promoted); a third release on top
  const v3 = await release();
  await page.goto(host.url);
  expect(await catalogVersionOnPage(page)).toBe(v3);
  // a canary of v1 beside v3: rollback stops the canary only, the active v3 stays
  await ok('canary', 'mf-catalog', v1, '50');
  const stop = await cli('rollback', 'mf-catalog');
  expect(stop.code, stop.out).toBe(0);
  expect(stop.out).toContain(`Stopped the canary mf_catalog ${v1}`);
  await page.reload();
  expect(await catalogVersionOnPage(page)).toBe(v3);
  // More releases than retention keeps (RELEASE_KEEP), published and never activated: uploads of v3's
  // files under new versions, until retention prunes. The old rule kept the newest RELEASE_KEEP and
  // only the active and the one previous good release (v2) besides: the shop's first good release,
  // the oldest of all, would have been pruned now. It is one of the releases a rollback walks to.
  const firstGood = shop.versions.mf_catalog as string;
  const v3Folder = releaseFolder('mf-catalog', 'mf_catalog', `${catalogUrl()}/${v3}/mf-manifest.json`);
  const pruned: string[] = [];
  for (let n = 0; pruned.length === 0; n++) {
    expect(n, `retention pruned nothing after ${n} uploads`).toBeLessThan(25);
    pruned.push(...(await uploadRelease('mf_catalog', `${v3}-keep${n}${Date.now().toString(36)}`, v3Folder, 'release-rollback.spec')).pruned);
  }
  expect(pruned).not.toContain(firstGood);
  expect(pruned).not.toContain(v2);
  const retained = (await cli('status', 'mf-catalog')).out;
  // a release's line in `status`: «<version>  <state, …>  by …» (a pruned one says so among its states)
  expect(retained).toMatch(new RegExp(`\\s${literal(pruned[0] as string)}  [^\\n]*\\bpruned\\b`));
  expect(retained).not.toMatch(new RegExp(`\\s${literal(firstGood)}  [^\\n]*\\bpruned\\b`));
  // first rollback: v3 → v2
  const first = await cli('rollback', 'mf-catalog');
  expect(first.out).toContain(`Rolled back mf_catalog from ${v3} to ${v2}`);
  await page.reload();
  expect(await catalogVersionOnPage(page)).toBe(v2);
  // second rollback goes further back, v2 → the release before it, not back to v3
  const second = await cli('rollback', 'mf-catalog');
  expect(second.code, second.out).toBe(0);
  expect(second.out).toContain(`Rolled back mf_catalog from ${v2} to `);
  expect(second.out).not.toContain(`to ${v3}`);
  // v1 was the canary just stopped (bad): the release before v2 is the shop's first good one
  expect(second.out).toContain(`to ${firstGood}`);
  await page.reload();
  const back = await catalogVersionOnPage(page);
  expect(back).toBe(firstGood);
  await expect(page.getByRole('heading', { name: 'Топ бренды', exact: true })).toBeVisible();
  const status = (await cli('status', 'mf-catalog')).out;
  expect(status).toMatch(new RegExp(`${literal(v3)}  bad`));
  expect(status).toMatch(new RegExp(`${literal(v2)}  bad`));
  // activate takes any listed, not refused release back
  await ok('activate', 'mf-catalog', v3);
  await page.reload();
  expect(await catalogVersionOnPage(page)).toBe(v3);
});
