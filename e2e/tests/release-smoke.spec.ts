// Guards «smoke before shoppers»: before a release is activated the API renders it in Chromium on
// the live host through a preview cookie only that browser carries (release/src/registry/smoke.ts),
// on a phone and a desktop screen; a release whose HomePage throws, throws on phones only, never
// gets past its loading placeholder, whose listings show no products, or that lacks
// remoteEntry.js, is refused with the smoke's reason and no shopper ever gets it; a good one
// passes (timed); a team opens the same preview by hand from a preview link, with the
// «Предпросмотр» banner, and ends it.
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/stack.ts';
import { createRegistryClient, type RemoteStatus } from '../../scripts/remotes/ops-client.ts';
import { breakHomePage, breakHomePageOnPhones, emptyListings, endlessHomePage } from '../support/broken-release.ts';
import { returningVisitor } from '../support/fresh-visitor.ts';
import { shop, startPrivateHost } from '../support/private-host.ts';
import { expect, type Page, test } from '../support/test.ts';
import { releaseVersionOfUrl } from '@shop/contracts/release-plane';

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

const DIST = path.join(ROOT, 'mf-catalog', 'dist');
// the registry at the release service; a release's trusted documents at the catalogue API
const ops = () =>
  createRegistryClient({ base: shop.releaseUrl, apiBase: shop.apiUrl, token: process.env.SHOP_OPS_TOKEN ?? '', by: 'e2e-smoke' });
const made: string[] = [];
const stamp = Date.now().toString(36);

async function catalog(): Promise<RemoteStatus> {
  const remote = (await ops().status()).remotes.find((r) => r.name === 'mf_catalog');
  if (!remote?.active) throw new Error('mf_catalog has no active release');
  return remote;
}

/**
 * A copy of the active release under a new version, served by the stack's mf-catalog server
 * (an allowed origin: only the smoke can refuse it), changed by `spoil`; published with its
 * trusted documents, as `npm run release` would.
 */
async function candidate(name: string, spoil: (dir: string) => void): Promise<{ version: string; manifestUrl: string }> {
  const active = (await catalog()).active as NonNullable<RemoteStatus['active']>;
  const folder = releaseVersionOfUrl(active.manifestUrl) ?? '';
  const version = `0.1.0-${name}-${stamp}`;
  const dir = path.join(DIST, version);
  // the active release is a local build (dist/) or one uploaded into release storage (an earlier
  // spec's `npm run release`); the stack's mf-catalog server serves both folders as one
  const from = [DIST, path.join(process.env.SHOP_WORK_DIR ?? '', 'releases', 'mf_catalog')].find((d) =>
    existsSync(path.join(d, folder, 'mf-manifest.json')),
  );
  if (!from) throw new Error(`the active release ${folder} is in neither dist/ nor release storage`);
  cpSync(path.join(from, folder), dir, { recursive: true });
  made.push(dir);
  spoil(dir);
  const manifestUrl = active.manifestUrl.replace(/\/[^/]+\/mf-manifest\.json$/, `/${encodeURIComponent(version)}/mf-manifest.json`);
  await ops().publish('mf_catalog', version, manifestUrl);
  const operations = (JSON.parse(readFileSync(path.join(dir, 'persisted-operations.json'), 'utf8')) as { operations: unknown[] }).operations;
  await ops().registerOperations('mf-catalog', version, operations);
  return { version, manifestUrl };
}


async function catalogOnPage(page: Page): Promise<string | undefined> {
  await expect(page.locator('[data-remote="mf_catalog"]').getByTestId('catalog-home')).toBeVisible();
  return page.evaluate(() => JSON.parse(document.getElementById('shop-state')?.textContent ?? '{}').registry?.mf_catalog as string);
}

const timings: Record<string, number> = {};

test.afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
  console.log(`[release-smoke] timings (ms): ${JSON.stringify(timings)}`);
});

test('a throwing release is refused before any shopper sees it, with the smoke’s reason', async ({ page }) => {
  const good = (await catalog()).active?.manifestUrl;
  const bad = await candidate('throws', breakHomePage);
  const started = Date.now();
  const refusal = await ops()
    .activate('mf_catalog', bad.version)
    .then(
      () => null,
      (error: Error) => error.message,
    );
  timings.refusedActivate = Date.now() - started;
  expect(refusal, 'activation must be refused').toBeTruthy();
  expect(refusal).toContain('smoke');
  expect(refusal).toMatch(/HOME \(\/\)/);
  expect(refusal).toMatch(/release bug in HomePage|Не удалось загрузить раздел|ориентира/);
  const status = await catalog();
  expect(status.active?.manifestUrl).toBe(good);
  const release = status.releases.find((r) => r.version === bad.version);
  expect(release?.status).toBe('refused');
  const smoke = release?.checks?.results.find((r) => r.check === 'smoke');
  expect(smoke?.ok).toBe(false);
  expect(smoke?.ms).toBeGreaterThan(0);
  timings.refusedSmoke = smoke?.ms ?? -1;
  // a shopper gets the good release
  await returningVisitor(page);
  await page.goto('/');
  expect(await catalogOnPage(page)).toBe(good);
});

/** Activates a spoilt candidate: it must be refused, marked so, and the active release stays; returns the smoke's reason. */
async function refusedBySmoke(name: string, spoil: (dir: string) => void): Promise<string> {
  const good = (await catalog()).active?.manifestUrl;
  const bad = await candidate(name, spoil);
  const started = Date.now();
  const refusal = await ops()
    .activate('mf_catalog', bad.version)
    .then(
      () => null,
      (error: Error) => error.message,
    );
  timings[`refused-${name}`] = Date.now() - started;
  expect(refusal, 'activation must be refused').toBeTruthy();
  const status = await catalog();
  expect(status.active?.manifestUrl).toBe(good);
  const release = status.releases.find((r) => r.version === bad.version);
  expect(release?.status).toBe('refused');
  return refusal ?? '';
}

test('a HomePage that never gets past its loading placeholder is refused, naming the page and both screens', async () => {
  const refusal = await refusedBySmoke('endless', endlessHomePage);
  expect(refusal).toMatch(/HOME \(\/\), телефон 390×844 и компьютер 1280×900: данные не пришли: через \d+ с в области всё ещё идёт загрузка \(aria-busy="true"/);
});

test('a release whose listings show no products is refused with what the database holds', async () => {
  const refusal = await refusedBySmoke('empty', emptyListings);
  expect(refusal).toMatch(/CATEGORY \(\/catalog\/[^)]+\), телефон 390×844 и компьютер 1280×900: нет карточек товаров, а в базе для этой страницы \d+ шт\. \(на странице: «Ничего не нашлось/);
  expect(refusal).toMatch(/BRAND \(\/brands\/[^)]+\), телефон 390×844 и компьютер 1280×900: нет карточек товаров/);
  expect(refusal).toMatch(/SEARCH \(\/search\?search=[^)]+\), телефон 390×844 и компьютер 1280×900: нет карточек товаров/);
});

test('a release that throws only on a phone’s screen is refused, naming the phone', async () => {
  const refusal = await refusedBySmoke('phones', breakHomePageOnPhones);
  expect(refusal).toMatch(/HOME \(\/\), телефон 390×844: .*release bug in HomePage on phones/);
  expect(refusal).not.toContain('компьютер 1280×900:');
});

test('a release without remoteEntry.js is refused and never reaches shoppers', async ({ page }) => {
  const good = (await catalog()).active?.manifestUrl;
  const refusal = await candidate('noentry', (dir) => {
    for (const f of readdirSync(dir)) if (f.startsWith('remoteEntry.js')) rmSync(path.join(dir, f));
  })
    .then((bad) => ops().activate('mf_catalog', bad.version))
    .then(
      () => null,
      (error: Error) => error.message,
    );
  expect(refusal, 'publishing or activating must be refused').toBeTruthy();
  expect(refusal).toMatch(/remoteEntry/);
  expect((await catalog()).active?.manifestUrl).toBe(good);
  await returningVisitor(page);
  await page.goto('/');
  expect(await catalogOnPage(page)).toBe(good);
});

test('a team opens the refused release by hand through a preview link; nobody else sees it', async ({ page, browser }) => {
  const bad = (await catalog()).releases.find((r) => r.version.startsWith('0.1.0-throws-'));
  expect(bad).toBeTruthy();
  const res = await fetch(`${shop.releaseUrl}/api/ops/registry/preview`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${process.env.SHOP_OPS_TOKEN}` },
    body: JSON.stringify({ remote: 'mf_catalog', version: bad?.version }),
  });
  expect(res.status).toBe(200);
  const link = new URL(((await res.json()) as { url: string }).url);
  await returningVisitor(page);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByTestId('preview-banner')).toHaveText(new RegExp(`Предпросмотр: mf_catalog ${bad?.version}`));
  await expect(page.locator('[data-remote="mf_catalog"]').getByText('Не удалось загрузить раздел')).toBeVisible();
  // another browser at the same time: the active release, no banner
  const shopper = await browser.newPage();
  await shopper.goto('/');
  expect(await catalogOnPage(shopper)).toBe((await catalog()).active?.manifestUrl);
  await expect(shopper.getByTestId('preview-banner')).toHaveCount(0);
  await shopper.close();
  await page.getByRole('link', { name: 'Выйти из предпросмотра' }).click();
  await expect(page.getByTestId('preview-banner')).toHaveCount(0);
  expect(await catalogOnPage(page)).toBe((await catalog()).active?.manifestUrl);
});

test('a good release passes the smoke and goes live; its checks record the smoke’s time', async ({ page }) => {
  const before = (await catalog()).active?.version as string;
  const good = await candidate('good', () => undefined);
  const started = Date.now();
  await ops().activate('mf_catalog', good.version);
  timings.passedActivate = Date.now() - started;
  const release = (await catalog()).releases.find((r) => r.version === good.version);
  const smoke = release?.checks?.results.find((r) => r.check === 'smoke');
  expect(smoke?.ok, smoke?.reason).toBe(true);
  // each page on a phone and on a desktop
  expect(smoke?.reason).toContain('телефон 390×844 и компьютер 1280×900');
  expect(smoke?.reason).toMatch(/HOME \d+ и \d+ мс/);
  expect(smoke?.reason).toMatch(/ProductSlider \d+ и \d+ мс/);
  timings.passedSmoke = smoke?.ms ?? -1;
  await returningVisitor(page);
  await page.goto('/');
  expect(await catalogOnPage(page)).toBe(good.manifestUrl);
  // back to the release the other specs expect
  await ops().activate('mf_catalog', before);
});

test('the cart’s release was smoked on its order page too: a key no order has, «Заказ не найден»', async ({ page }) => {
  // the stack's start activated every remote through the gate, the smoke included
  const cart = (await ops().status()).remotes.find((r) => r.name === 'mf_cart');
  const release = cart?.releases.find((r) => r.version === cart.active?.version);
  const smoke = release?.checks?.results.find((r) => r.check === 'smoke');
  expect(smoke?.ok, smoke?.reason).toBe(true);
  expect(smoke?.reason).toMatch(/ORDER \d+ и \d+ мс/);
  expect(smoke?.reason).toMatch(/CartOverlay \d+ и \d+ мс/);
  expect(smoke?.reason).not.toContain('пропущено');
  timings.cartSmoke = smoke?.ms ?? -1;
  timings.cartOrderPage = Number(/ORDER (\d+) и \d+ мс/.exec(smoke?.reason ?? '')?.[1] ?? -1);
  // what that visit saw: the order page's own answer to a wrong key, in the cart's area
  await returningVisitor(page);
  await page.goto('/order/SH-22222?key=smoke-check');
  await expect(page.locator('[data-remote="mf_cart"]').getByTestId('order-not-found')).toBeVisible();
});

test('«Повторить» after a rollback loads the registry’s current release, not the page’s broken one', async ({ page }) => {
  const good = shop.registry.mf_catalog as string;
  const broken = good.replace(/\/[^/]+\/mf-manifest\.json$/, '/nothing-here/mf-manifest.json');
  const host = await startPrivateHost({ ...shop.registry, mf_catalog: broken });
  try {
    await returningVisitor(page);
    await page.goto(host.url);
    const area = page.locator('[data-remote="mf_catalog"]');
    await expect(area.getByText('Не удалось загрузить раздел')).toBeVisible();
    // ops roll back while the page is open; the shopper presses «Повторить» without reloading
    host.setRegistry(shop.registry);
    await area.getByRole('button', { name: 'Повторить' }).click();
    await expect(area.getByTestId('catalog-home')).toBeVisible();
  } finally {
    await host.stop();
  }
});
