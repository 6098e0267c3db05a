// Guards progressive canaries with real shoppers' browsers: a canary whose HomePage throws only on
// a phone's screen (broken on disk after the gate passed it, as a bug the gate's pages miss) is stopped within 60 s of its first failure,
// after at most CANARY_MIN_FAILURES (3) failed shopper page views, and marked bad; a healthy
// canary goes 5 → 25 → 50 % and is promoted on its own (the stack's CANARY_STEP_SECONDS is short).
// The healthy one is mf_product's, started first: its dwells run while the phone canary of
// mf_catalog is visited (each remote has its own canary), instead of after it.
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { ROOT } from '../../scripts/lib/stack.ts';
import { canaryVisitors, leaveAndReport } from '../support/canary.ts';
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
  canary: { version: string; percent: number; progressive: { steps: number[] } | null } | null;
  releases: { version: string; status: string }[];
  history: { action: string; version: string | null; percent: number | null; by: string; note: string | null }[];
}
const remoteStatus = async (remote: string) => ((await ops('')).json.remotes as Status[]).find((r) => r.name === remote) as Status;
const catalogStatus = () => remoteStatus('mf_catalog');

/** A copy of a remote's active release under a new version, published; its folder. */
async function publishCopy(suffix: string, remote = 'mf_catalog'): Promise<{ version: string; folder: string; active: string }> {
  const before = await remoteStatus(remote);
  const active = before.active?.version as string;
  const dists = [path.join(ROOT, remote.replace('_', '-'), 'dist'), path.join(process.env.SHOP_WORK_DIR ?? '', 'releases', remote)];
  const from = dists.find((d) => existsSync(path.join(d, active, 'mf-manifest.json'))) as string;
  expect(from, `the active release ${active} on disk`).toBeTruthy();
  const version = `${active}-${suffix}${Date.now().toString(36)}`;
  const folder = path.join(from, version);
  cpSync(path.join(from, active), folder, { recursive: true });
  const origin = new URL(before.active?.manifestUrl as string).origin;
  const published = await ops('/releases', { remote, version, manifestUrl: `${origin}/${version}/mf-manifest.json`, by: 'e2e' });
  expect(published.status, JSON.stringify(published.json)).toBe(200);
  return { version, folder, active };
}

/** The HomePage throws on a screen narrower than 700 px, a phone's; a desktop (the smoke's) renders it. */
function breakOnPhones(folder: string): void {
  const chunk = readdirSync(folder).find((f) => f.startsWith('__federation_expose_HomePage.') && f.endsWith('.js'));
  if (!chunk) throw new Error(`no HomePage chunk in ${folder}`);
  const file = path.join(folder, chunk);
  const broken = `if (innerWidth < 700) throw new Error('release bug in HomePage on phones');\n${readFileSync(file, 'utf8')}`;
  writeFileSync(file, broken);
  if (existsSync(`${file}.gz`)) writeFileSync(`${file}.gz`, gzipSync(broken));
  if (existsSync(`${file}.br`)) writeFileSync(`${file}.br`, brotliCompressSync(broken));
}

/** One phone-sized shopper with this visitor id opens the home page and leaves its report; did it fail? */
async function phoneVisit(browser: Browser, visitorId: string, canary: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await context.addCookies([{ name: 'visitor_id', value: visitorId, url: process.env.SHOP_URL as string }]);
  const page = await context.newPage();
  await returningVisitor(page);
  const report = page.waitForResponse((r) => r.url().endsWith('/api/telemetry/remotes'), { timeout: 45_000 });
  await page.goto('/');
  const registry = await page.evaluate(() => JSON.parse(document.getElementById('shop-state')?.textContent ?? '{}').registry ?? {});
  const onCanary = String(registry.mf_catalog).includes(`/${canary}/`);
  const slot = page.locator('[data-remote="mf_catalog"]');
  await expect(page.getByTestId('catalog-home').or(slot.getByText('Не удалось загрузить раздел'))).toBeVisible({ timeout: 20_000 });
  const failed = !(await page.getByTestId('catalog-home').isVisible());
  // the shopper leaves: the report goes out now, not on the page's 5 s timer
  await leaveAndReport(page);
  const answered = (await report).status();
  await context.close();
  return { onCanary, failed, answered };
}

const folders: string[] = [];
/** mf_product's healthy progressive canary (the last test waits for its promotion) and the release it started from. */
let healthy: { version: string } | undefined;
let productBefore = '';

test.beforeAll(async () => {
  // a retry starts over: a canary left by the first attempt ends first
  const product = await remoteStatus('mf_product');
  if (product.canary) await ops('/canary/stop', { remote: 'mf_product', by: 'e2e' });
  productBefore ||= product.active?.version as string;
  const { version, folder } = await publishCopy('ok', 'mf_product');
  folders.push(folder);
  const started = await ops('/canary', { remote: 'mf_product', version, by: 'e2e' });
  expect(started.status, JSON.stringify(started.json)).toBe(200);
  healthy = { version };
});

test.afterAll(async () => {
  // back to the release the other tests expect, whatever happened
  try {
    const product = await remoteStatus('mf_product');
    if (product.canary) await ops('/canary/stop', { remote: 'mf_product', by: 'e2e' });
    if (productBefore && product.active?.version !== productBefore) {
      const back = await ops('/activate', { remote: 'mf_product', version: productBefore, by: 'e2e' });
      expect(back.status, JSON.stringify(back.json)).toBe(200);
    }
  } finally {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  }
});

test('a progressive canary that throws only on phones is stopped within 60 s, after at most 3 failed shopper views', async ({ browser }) => {
  const { version, folder, active } = await publishCopy('phone');
  folders.push(folder);
  const started = await ops('/canary', { remote: 'mf_catalog', version, by: 'e2e' });
  expect(started.status, JSON.stringify(started.json)).toBe(200);
  const canary = (await catalogStatus()).canary;
  expect(canary).toMatchObject({ version, percent: 5, progressive: { steps: [5, 25, 50] } });
  // the bug shows after the gate passed it (it opened the pages on its own screens)
  breakOnPhones(folder);

  // phone-sized shoppers whose bucket is on the canary's first step, one after another
  const visits: Awaited<ReturnType<typeof phoneVisit>>[] = [];
  let firstFailure = 0;
  let stoppedAt = 0;
  for (const id of canaryVisitors(8, 5)) {
    const visitStart = Date.now();
    const visit = await phoneVisit(browser, id, version);
    visits.push(visit);
    if (visit.failed && !firstFailure) firstFailure = visitStart;
    if (!(await catalogStatus()).canary) {
      stoppedAt = Date.now();
      break;
    }
  }
  expect(stoppedAt, `still a canary after ${visits.length} phone visits`).toBeGreaterThan(0);
  expect(visits.every((v) => v.answered === 204)).toBe(true);
  const failedOnCanary = visits.filter((v) => v.onCanary && v.failed);
  expect(failedOnCanary.length).toBeGreaterThan(0);
  expect(failedOnCanary.length).toBeLessThanOrEqual(3);
  expect(stoppedAt - firstFailure).toBeLessThanOrEqual(60_000);

  const after = await catalogStatus();
  expect(after.active?.version).toBe(active);
  expect(after.releases.find((r) => r.version === version)?.status).toBe('bad');
  const stop = after.history.find((e) => e.action === 'canary-stop' && e.version === version);
  expect(stop?.by).toBe('система');
  // judged on its failures (a failed page may report its area's load and render failure both),
  // never on CANARY_MIN_VIEWS reports
  const [, errors] = /\((\d+) из (\d+)\) против/.exec(stop?.note ?? '') ?? [];
  expect(Number(errors)).toBeGreaterThanOrEqual(3);
  expect(Number(errors)).toBeLessThanOrEqual(2 * failedOnCanary.length);
  // the next phone visitor of that bucket gets the active release, and sees the home page
  const again = await phoneVisit(browser, canaryVisitors(1, 5)[0] as string, version);
  expect(again).toMatchObject({ onCanary: false, failed: false });
});

test('a healthy progressive canary goes 5 → 25 → 50 % and is promoted to 100 % on its own, each step an event', async () => {
  // started before the phone test (beforeAll): most of its three dwells are behind it now
  const { version } = healthy as NonNullable<typeof healthy>;
  await expect.poll(async () => (await remoteStatus('mf_product')).active?.version, { timeout: 150_000, intervals: [1000] }).toBe(version);
  const after = await remoteStatus('mf_product');
  expect(after.canary).toBeNull();
  const steps = after.history
    .filter((e) => e.version === version)
    .reverse()
    .map((e) => `${e.action} ${e.percent ?? ''} ${e.by}`);
  expect(steps).toEqual(['publish  ops', 'canary 5 ops', 'canary-step 25 система', 'canary-step 50 система', 'promote 50 система']);
});
