// Guards the rule that server rendering never makes a page worse: a remote whose server
// hangs (all of it, or only its server build) or whose server build throws while rendering
// leaves its area's fallback (the skeleton) in the HTML, which still comes back within the
// remote timeout (SSR_REMOTE_TIMEOUT_MS) plus a margin with the whole shell (header, menus,
// footer); the browser then renders the area itself: «Не удалось загрузить раздел» when the
// remote is down for the browser too, the content when only the server build failed.
import path from 'node:path';
import { ROOT } from '../../scripts/lib/stack.ts';
import { returningVisitor } from '../support/fresh-visitor.ts';
import { shop, startHangingServer, startPrivateHost } from '../support/private-host.ts';
import { changedCopy, hydrated, rootHtml, serveRelease, timedGet } from '../support/ssr.ts';
import { expect, test } from '../support/test.ts';

test.setTimeout(90_000);

const REMOTE_TIMEOUT_MS = 1500;
/** A functional bound on a slow 2-core machine (the timeout, then the rest of the render): not a benchmark. */
const BOUND_MS = REMOTE_TIMEOUT_MS + 2000;
const releaseDir = () => path.join(ROOT, 'mf-catalog', 'dist', shop.versions.mf_catalog as string);

/** The home page's HTML from a page server whose registry points mf_catalog at `manifestUrl`: timed, and what #root holds. */
async function serverHome(hostUrl: string) {
  const answer = await timedGet(`${hostUrl}/`);
  const root = rootHtml(answer.html);
  const area = root.slice(root.indexOf('data-remote="mf_catalog"'), root.indexOf('</main>'));
  return {
    ms: Math.round(answer.ms),
    status: answer.status,
    // the shell is complete: header with its menu, the main, the footer
    shell: root.includes('aria-label="Основное меню"') && root.includes('<main') && root.includes('<footer'),
    area: root.includes('data-remote="mf_catalog"'),
    skeleton: area.includes('aria-label="Загрузка раздела"'),
    content: area.includes('data-testid="catalog-home"'),
  };
}

async function withHost(mfCatalog: string, run: (hostUrl: string) => Promise<void>) {
  const host = await startPrivateHost({ ...shop.registry, mf_catalog: mfCatalog }, { SSR_REMOTE_TIMEOUT_MS: String(REMOTE_TIMEOUT_MS) });
  try {
    await run(host.url);
  } finally {
    await host.stop();
  }
}

test('a remote that accepts connections and never answers: the HTML within the timeout, the skeleton in its area, then «Не удалось загрузить раздел»', async ({ page }) => {
  const hanging = await startHangingServer();
  try {
    await withHost(`http://localhost:${hanging.port}/1.0.0/mf-manifest.json`, async (hostUrl) => {
      const home = await serverHome(hostUrl);
      console.log(`[ssr-hanging] hanging remote: HTML in ${home.ms} ms`);
      expect(home).toMatchObject({ status: 200, shell: true, area: true, skeleton: true, content: false });
      expect(home.ms).toBeLessThan(BOUND_MS);
      // a second visitor right after: the release that just failed is not waited for again
      const again = await serverHome(hostUrl);
      console.log(`[ssr-hanging] hanging remote, next request: HTML in ${again.ms} ms`);
      expect(again.ms).toBeLessThan(BOUND_MS);
      await returningVisitor(page);
      await page.goto(hostUrl);
      await expect(page.locator('[data-remote="mf_catalog"]').getByRole('alert')).toContainText('Не удалось загрузить раздел', { timeout: 20_000 });
      await expect(page.getByRole('navigation', { name: 'Основное меню' })).toBeVisible();
    });
  } finally {
    await hanging.stop();
  }
});

test('only the server build hangs: the HTML within the timeout with the skeleton, and the browser renders the content', async ({ page }) => {
  const remote = await serveRelease(releaseDir(), (pathname) => pathname.startsWith('/server/'));
  try {
    await withHost(`${remote.url}/mf-manifest.json`, async (hostUrl) => {
      const home = await serverHome(hostUrl);
      console.log(`[ssr-hanging] hanging server entry: HTML in ${home.ms} ms`);
      expect(home).toMatchObject({ status: 200, shell: true, area: true, skeleton: true, content: false });
      expect(home.ms).toBeLessThan(BOUND_MS);
      await returningVisitor(page);
      await page.goto(hostUrl);
      await hydrated(page);
      await expect(page.locator('[data-remote="mf_catalog"]').getByTestId('catalog-home')).toBeVisible();
    });
  } finally {
    await remote.close();
  }
});

test('a server build that throws while rendering: the skeleton in the HTML, the content in the browser', async ({ page }) => {
  // the server build's home page throws when it renders; the browser build is untouched
  const folder = changedCopy(releaseDir(), '"Популярное"', '(() => { throw new Error("server render bug") })()', (file) => file.startsWith('server/'));
  const remote = await serveRelease(folder);
  try {
    await withHost(`${remote.url}/mf-manifest.json`, async (hostUrl) => {
      const home = await serverHome(hostUrl);
      expect(home).toMatchObject({ status: 200, shell: true, area: true, skeleton: true, content: false });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await returningVisitor(page);
      await page.goto(hostUrl);
      await hydrated(page);
      await expect(page.locator('[data-remote="mf_catalog"]').getByRole('region', { name: 'Популярное' })).toBeVisible();
      expect(errors).toEqual([]);
    });
  } finally {
    await remote.close();
  }
});
