// Guards independent releases under server rendering: with one page server running
// the whole time (the same process), a visibly changed mf_catalog uploaded and activated is
// server-rendered on the next request (plain fetch, no browser), a rollback brings the old text
// back in the next HTML, and a canary at 100 % / 0 % reaches every / no visitor by the cookie.
// The upload goes through the API's publish endpoint as `npm run release` does: the release's
// nested server/ folder is accepted, stored and served.
import path from 'node:path';
import { expect, test } from '../support/test.ts';
import { COMPILED_CONDITIONS, freePort, ROOT, SERVER_ENTRIES, type Service, startService, waitForHttp } from '../../scripts/lib/stack.ts';
import { createRegistryClient } from '../../scripts/remotes/ops-client.ts';
import { returningVisitor } from '../support/fresh-visitor.ts';
import { shop } from '../support/private-host.ts';
import { changedCopy, hydrated, pageState, releaseFolder, rootHtml, timedGet, uploadRelease } from '../support/ssr.ts';
import { releaseVersionOfUrl } from '@shop/contracts/release-plane';

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

const ops = () => createRegistryClient({ base: shop.releaseUrl, token: process.env.SHOP_OPS_TOKEN ?? '', by: 'e2e-ssr' });
const OLD = 'Популярное';
const stamp = Date.now().toString(36);
const NEW = `Популярное ${stamp}`;
const version = `0.1.0-ssr${stamp}`;

let server: Service;
let url = '';
let pid: number | undefined;

test.beforeAll(async () => {
  const port = await freePort();
  // a page server of its own (the compiled production entry, as the stack's), reading the API's
  // registry on every request as production does
  server = startService(`host-ssr-${port}`, process.execPath, [...COMPILED_CONDITIONS, SERVER_ENTRIES.host], {
    log: { dir: path.join(ROOT, '.run', 'e2e-logs') },
    env: { HOST_PORT: String(port), API_URL: shop.apiUrl, RELEASE_URL: shop.releaseUrl, REGISTRY_TTL_MS: '0' },
  });
  await waitForHttp(`http://127.0.0.1:${port}/healthz`, server);
  url = `http://localhost:${port}`;
  pid = server.child.pid;
});
test.afterAll(async () => server?.stop());

/** The home page for a visitor, fetched without a browser: which release the page state names and what the server rendered. */
async function home(visitor = '00000000-aaaa-4bbb-8ccc-000000000001'): Promise<{ release: string; changed: boolean; old: boolean }> {
  const answer = await timedGet(`${url}/`, { headers: { cookie: `visitor_id=${visitor}` } });
  expect(answer.status).toBe(200);
  const root = rootHtml(answer.html);
  // the catalogue's area was rendered on the server, not left as a skeleton
  expect(root.includes('data-testid="catalog-home"'), 'the catalogue area is server-rendered').toBe(true);
  const release = releaseVersionOfUrl(pageState(answer.html).registry.mf_catalog) ?? '';
  return { release, changed: root.includes(`>${NEW}<`), old: root.includes(`>${OLD}<`) };
}

function sameProcess() {
  expect(server.child.pid).toBe(pid);
  expect(server.child.exitCode).toBeNull();
}

test('a changed release is server-rendered on the next request, and a rollback on the one after', async () => {
  const active = (await ops().status('mf_catalog')).remotes[0]?.active;
  expect(active).toBeTruthy();
  expect(await home()).toEqual({ release: active?.version, changed: false, old: true });
  const copy = changedCopy(releaseFolder('mf-catalog', 'mf_catalog', active?.manifestUrl as string), `"${OLD}"`, `"${NEW}"`);
  const uploaded = await uploadRelease('mf_catalog', version, copy);
  expect(uploaded.manifestUrl).toContain(`/${version}/`);
  // the nested server/ folder was stored and is served beside the browser files
  expect((await fetch(uploaded.manifestUrl.replace('mf-manifest.json', 'server/remoteEntry.js'))).status).toBe(200);
  await ops().activate('mf_catalog', version);

  // the registry names the new release and the server renders it
  expect(await home()).toEqual({ release: version, changed: true, old: false });
  sameProcess();

  const back = await ops().rollback('mf_catalog');
  expect(back.to).toBe(active?.version);
  expect(await home()).toEqual({ release: active?.version, changed: false, old: true });
  sameProcess();
});

test('a canary at 100 % is server-rendered for every visitor, at 0 % for none (the visitor cookie decides)', async () => {
  const visitors = Array.from({ length: 6 }, (_, i) => `0000000${i}-aaaa-4bbb-8ccc-${String(i * 7919).padStart(12, '0')}`);
  await ops().canary('mf_catalog', version, 100);
  for (const visitor of visitors) expect(await home(visitor), visitor).toMatchObject({ release: version, changed: true });
  await ops().canary('mf_catalog', version, 0);
  for (const visitor of visitors) expect(await home(visitor), visitor).toMatchObject({ changed: false, old: true });
  await ops().canaryStop('mf_catalog');
  sameProcess();
});

test('the browser hydrates the release the server rendered, with no console error', async ({ page }) => {
  await ops().activate('mf_catalog', version);
  try {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await returningVisitor(page);
    await page.goto(url);
    await hydrated(page);
    await expect(page.getByRole('region', { name: NEW })).toBeVisible();
    expect(errors, errors.join('\n')).toEqual([]);
  } finally {
    await ops().rollback('mf_catalog');
  }
  sameProcess();
});
