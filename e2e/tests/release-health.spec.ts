// Guards health per release: shoppers' browsers report each remote module mount to
// the API; a canary that fails far more often than the active release is stopped automatically
// (marked bad, the stop recorded with both error rates) while the active release keeps serving,
// with no one at the console.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../../scripts/lib/stack.ts';
import { breakHomePage } from '../support/broken-release.ts';
import { leaveAndReport } from '../support/canary.ts';
import { returningVisitor } from '../support/fresh-visitor.ts';
import { shop } from '../support/private-host.ts';
import { type Browser, expect, test } from '../support/test.ts';

test.describe.configure({ mode: 'serial' });
test.setTimeout(240_000);

const ops = async (route: string, body?: unknown) => {
  const res = await fetch(`${shop.releaseUrl}/api/ops/registry${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${process.env.SHOP_OPS_TOKEN}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
};

interface Status {
  name: string;
  active: { version: string; manifestUrl: string } | null;
  canary: { version: string; percent: number } | null;
  releases: { version: string; status: string }[];
  history: { action: string; version: string | null; by: string; note: string | null }[];
  health: {
    windowMinutes: number;
    active: { views: number; errors: number; rate: number } | null;
    canary: { views: number; errors: number; rate: number } | null;
  };
}
const catalogStatus = async () => ((await ops('')).json.remotes as Status[]).find((r) => r.name === 'mf_catalog') as Status;


/**
 * One fresh visitor (a fresh context: a new visitor_id, so a bucket of its own) opens the home
 * page and leaves its report: which release it got, what it saw, and the report's answer.
 */
async function visit(browser: Browser, bad: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await returningVisitor(page);
  // what the page hands to the beacon (a beacon's body is not in Playwright's request)
  await page.addInitScript(() => {
    const send = navigator.sendBeacon.bind(navigator);
    const sent: Promise<string>[] = [];
    (window as unknown as { __beacons: Promise<string>[] }).__beacons = sent;
    navigator.sendBeacon = (url, data) => {
      if (data instanceof Blob) sent.push(data.text());
      return send(url, data);
    };
  });
  // the page's batch (sent when the visitor leaves, below)
  const report = page.waitForResponse((r) => r.url().endsWith('/api/telemetry/remotes'), { timeout: 45_000 });
  await page.goto('/');
  const registry = await page.evaluate(() => JSON.parse(document.getElementById('shop-state')?.textContent ?? '{}').registry ?? {});
  const onCanary = String(registry.mf_catalog).includes(`/${bad}/`);
  const slot = page.locator('[data-remote="mf_catalog"]');
  await expect(page.getByTestId('catalog-home').or(slot.getByText('Не удалось загрузить раздел'))).toBeVisible({ timeout: 20_000 });
  const sawHome = await page.getByTestId('catalog-home').isVisible();
  // the visitor leaves: the batch goes out now, not on the page's 5 s timer
  await leaveAndReport(page);
  const answered = (await report).status();
  const [text] = await page.evaluate(() => Promise.all((window as unknown as { __beacons: Promise<string>[] }).__beacons));
  const body = JSON.parse(text ?? '{"items":[]}') as { items: { remote: string; version: string; page: string; kind: string; count: number }[] };
  await context.close();
  return { onCanary, sawHome, answered, catalog: body.items.filter((i) => i.remote === 'mf_catalog') as { version: string; page: string; kind: string; count: number }[] };
}

let bad = '';
let folder = '';
test.afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

test('a canary that throws on its page is stopped automatically on its error rate, and the active release keeps serving', async ({ browser }) => {
  const before = await catalogStatus();
  const active = before.active?.version as string;
  expect(active).toBeTruthy();
  // A new release of mf-catalog: a copy of the active one, served beside it by the remote's server.
  const dists = [path.join(ROOT, 'mf-catalog', 'dist'), path.join(process.env.SHOP_WORK_DIR ?? '', 'releases', 'mf_catalog')];
  const from = dists.find((d) => existsSync(path.join(d, active, 'mf-manifest.json'))) as string;
  expect(from, `the active release ${active} on disk`).toBeTruthy();
  bad = `${active}-bug${Date.now().toString(36)}`;
  folder = path.join(from, bad);
  cpSync(path.join(from, active), folder, { recursive: true });
  const origin = new URL(before.active?.manifestUrl as string).origin;
  const published = await ops('/releases', { remote: 'mf_catalog', version: bad, manifestUrl: `${origin}/${bad}/mf-manifest.json`, by: 'e2e' });
  expect(published.status, JSON.stringify(published.json)).toBe(200);
  // It passes every check as published; then its page starts throwing for real shoppers
  // (a bug the checks could not see: it depends on live data, a date, a flag…).
  const canary = await ops('/canary', { remote: 'mf_catalog', version: bad, percent: 50, by: 'e2e' });
  expect(canary.status, JSON.stringify(canary.json)).toBe(200);
  // the gate's smoke opened every page of the canary on two screens: none of it counts as a shopper's
  const smoked = await catalogStatus();
  expect(smoked.health.canary).toMatchObject({ views: 0, errors: 0 });
  breakHomePage(folder);

  const visits: Awaited<ReturnType<typeof visit>>[] = [];
  for (let round = 0; round < 24 && (await catalogStatus()).canary; round++) {
    visits.push(...(await Promise.all(Array.from({ length: 4 }, () => visit(browser, bad)))));
  }
  const after = await catalogStatus();
  expect(after.canary, `still a canary after ${visits.length} visits`).toBeNull();
  // The active release served its share all along; the canary's visitors saw the section's fallback.
  // The split is a hash of each fresh visitor's id, so how many landed on each side varies.
  const onActive = visits.filter((v) => !v.onCanary);
  const onCanary = visits.filter((v) => v.onCanary);
  expect(onCanary.length).toBeGreaterThan(0);
  expect(onActive.every((v) => v.sawHome)).toBe(true);
  const canaryErrors = onCanary.flatMap((v) => v.catalog.filter((i) => i.version === bad && i.kind !== 'view')).reduce((n, i) => n + i.count, 0);
  expect(onCanary.some((v) => v.sawHome)).toBe(false);
  // What the browsers reported: a view of the active release, a load failure of the canary.
  expect(visits.every((v) => v.answered === 204)).toBe(true);
  expect(onCanary[0]?.catalog).toContainEqual(expect.objectContaining({ version: bad, page: 'HOME', kind: 'load' }));

  // The stop is recorded: by the system, with both rates; the release is marked bad; the active one is unchanged.
  expect(after.active?.version).toBe(active);
  const stop = after.history.find((e) => e.action === 'canary-stop' && e.version === bad);
  expect(stop?.by).toBe('система');
  // Both rates, the canary's above the active release's by more than CANARY_MAX_EXTRA_ERROR_RATE (5
  // points). The active one's need not be 0: tests that make its pages fail for their own visitors
  // (a failing API, a remote that never answers) ran within the health window.
  // (from the counts: the note's percentages are rounded)
  const counts = /^ошибки: canary \d+(?:,\d)? % \((\d+) из (\d+)\) против \d+(?:,\d)? % у основного \((\d+) из (\d+)\)$/.exec(stop?.note ?? '');
  expect(counts, stop?.note ?? '').not.toBeNull();
  const [canaryErrorsSeen, canaryViews, activeErrors, activeViews] = (counts ?? []).slice(1).map(Number) as [number, number, number, number];
  expect(canaryErrorsSeen / canaryViews - activeErrors / Math.max(1, activeViews)).toBeGreaterThan(0.05);
  // it was judged at its third failed view (CANARY_MIN_FAILURES) or at CANARY_MIN_VIEWS reports of
  // the canary, all of them shoppers' (the smoke's pages report none); its errors are the visitors'
  // (a batch of the last round may have come after the stop)
  const [, errors, total] = /\((\d+) из (\d+)\) против/.exec(stop?.note ?? '') ?? [];
  expect(Number(errors) >= 3 || Number(total) >= shop.canaryMinViews, stop?.note ?? '').toBe(true);
  expect(Number(errors)).toBeGreaterThan(0);
  expect(Number(errors)).toBeLessThanOrEqual(canaryErrors);
  expect(after.releases.find((r) => r.version === bad)?.status).toBe('bad');
  expect(after.health.active?.views).toBeGreaterThanOrEqual(onActive.length);

  // Every visitor, the canary's too, gets the active release again, and reports a view of it.
  const again = await Promise.all(Array.from({ length: 4 }, () => visit(browser, bad)));
  expect(again.every((v) => !v.onCanary && v.sawHome)).toBe(true);
  for (const v of [...onActive, ...again]) {
    expect(v.catalog).toContainEqual(expect.objectContaining({ version: active, page: 'HOME', kind: 'view' }));
  }

  // `npm run remotes -- status` shows the rates and the stop.
  const { stdout } = await promisify(execFile)(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/remotes/cli.ts', 'status'], {
    cwd: ROOT,
    env: { ...process.env, OPS_API_URL: shop.apiUrl, RELEASE_URL: shop.releaseUrl, OPS_TOKEN: process.env.SHOP_OPS_TOKEN ?? '' },
  });
  expect(stdout).toMatch(/health {2}last 10 min: active 0 % errors: 0 of \d+/);
  expect(stdout).toContain(`canary-stop ${bad}`);
});
