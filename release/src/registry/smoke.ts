import { randomBytes } from 'node:crypto';
import { CHROMIUM_ARGS } from './chromium-flags.ts';
import { CART_STORAGE_KEY, storedCart } from '@shop/contracts/cart-storage';
import { internalUrl, type OriginMap } from '@shop/contracts/origin-map';
import { PAGES, type PageType } from '@shop/contracts/pages';
import { EXPOSED_MODULES, type RemoteModuleId } from '@shop/contracts/remotes';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type CataloguePages, createApiClient } from '../catalogue/api-client.ts';
import type { Config } from '../config.ts';
import { PREVIEW_COOKIE, signPreview } from './preview-token.ts';
import {
  type CandidateRelease,
  type ReleaseCheckContext,
  type ReleaseCheckResult,
  registerReleaseCheck,
} from './release-gate.ts';
import type { SmokeConfig } from './smoke-config.ts';

/**
 * The browser smoke: before a release is activated, put on a canary or promoted, Debian's
 * Chromium opens the live host (SMOKE_HOST_URL) with a preview cookie that shows this browser
 * alone the candidate in place of its remote's active release (host/server/preview.ts), and
 * renders every exposed module of that remote on a real page with real data. The release is
 * refused when a page throws, logs an error, fails to load one of the candidate's files (or the
 * API answers one of its requests with an error), loads another release than the candidate, or
 * does not show its landmark in time.
 */
export const SMOKE_CHECK = 'smoke';

/**
 * Each exposed module's root landmark inside its RemoteSlot (`[data-remote=…]`): the `data-testid`
 * its root element carries, or a selector. Typed by the contract: a new exposed module does not
 * compile until it has its landmark here.
 */
const LANDMARKS: Record<RemoteModuleId, string> = {
  'mf_catalog/HomePage': '[data-testid="catalog-home"]',
  'mf_catalog/ListingPage': '[data-testid="catalog-listing"]',
  'mf_catalog/SearchPage': '[data-testid="catalog-listing"]',
  'mf_catalog/FavouritesPage': '[data-testid="favourites-page"]',
  'mf_catalog/ProductSlider': '[data-testid="product-slider"]',
  'mf_product/ProductPage': '[data-testid="product-page"]',
  'mf_cart/CartPage': '[data-testid="cart-page"]',
  // the checkout page's root is a <section> (an empty cart's included)
  'mf_cart/CheckoutPage': 'section',
  'mf_cart/OrderPage': '[data-testid="order-page"]',
  'mf_cart/CartOverlay': '[data-testid="quick-cart"]',
};

/**
 * Modules that are not pages, and the page that shows them: the product page's «Вам может
 * понравиться» slider (scrolled into view), the quick-cart panel (opened from the header).
 */
const HOSTED: Partial<
  Record<RemoteModuleId, { on: PageType; prepare?: (page: Page) => Promise<void>; show: (page: Page) => Promise<void> }>
> = {
  'mf_catalog/ProductSlider': {
    on: 'PRODUCT',
    show: async (page) => {
      await page.locator('[data-testid="product-page"]').waitFor();
      await page.mouse.wheel(0, 20_000);
    },
  },
  'mf_cart/CartOverlay': {
    on: 'HOME',
    // the panel opens only with something in the cart: one line in the browser's stored cart
    prepare: async (page) => {
      const line = { id: '1', modelId: '1', sku: 'SMOKE', name: 'Смоук', price: 1000, brand: { name: 'Смоук' }, mainCategory: { name: 'Смоук' } };
      const cart = storedCart([{ ...line, quantity: 1 }]);
      // as text: it runs in the page (this module is Node code)
      await page.addInitScript({ content: `localStorage.setItem(${JSON.stringify(CART_STORAGE_KEY)}, ${JSON.stringify(cart)});` });
    },
    show: async (page) => {
      await page
        .getByRole('button', { name: /^Корзина/ })
        .first()
        .click();
    },
  },
};

/**
 * The order page (/order/<number>?key=…) is opened with a well-formed number and a random key no
 * order has: a real shop's database gets no smoke orders (they would hold stock, reach the desk
 * and the owner's letters, and count in the figures), and a wrong key is what every shopper with
 * a stale or mistyped link sees. The candidate's OrderPage still loads, runs its trusted order
 * query against the live API (which answers null alike for a missing order and a wrong key) and
 * must render its «Заказ не найден» state (its own landmark, below) — not the area's error. The
 * page with an order's details is covered by the browser tests (order pages), not here.
 */
const SMOKE_ORDER_NUMBER = 'SH-22222';
const orderPath = () => `/order/${SMOKE_ORDER_NUMBER}?key=smoke-${randomBytes(16).toString('hex')}`;

/** A page type whose smoke visit shows another landmark than its module's usual one. */
const PAGE_LANDMARKS: Partial<Record<PageType, string>> = { ORDER: '[data-testid="order-not-found"]' };

interface Visit {
  module: RemoteModuleId;
  label: string;
  path: string;
  /** Instead of LANDMARKS[module]. */
  landmark?: string;
  prepare?: (page: Page) => Promise<void>;
  show?: (page: Page) => Promise<void>;
}

/** Real paths of the shop's catalogue (asked of the catalogue API): a category, a brand, a product, and a brand name to search for. */
function realPaths(catalogue: CataloguePages): Partial<Record<PageType, string>> {
  const paths: Partial<Record<PageType, string>> = {};
  for (const [type, row] of Object.entries(PAGES) as [PageType, (typeof PAGES)[PageType]][]) {
    if ('fixed' in row) paths[type] = row.fixed.path;
  }
  Object.assign(paths, catalogue.paths);
  if (catalogue.brandName) paths.SEARCH = `/search?search=${encodeURIComponent(catalogue.brandName)}`;
  paths.ORDER = orderPath();
  return paths;
}

/** The catalogue's pages from the API named by API_URL; none when it cannot answer (the smoke then says so). */
async function cataloguePages(config: Pick<Config, 'apiUrl' | 'opsToken'>): Promise<CataloguePages | string> {
  try {
    return await createApiClient({ apiUrl: config.apiUrl, opsToken: config.opsToken }).pages();
  } catch (caught) {
    return (caught as Error).message;
  }
}

/**
 * What the smoke opens for one remote: each page type it shows, then each non-page module on its
 * page — when the remote showing that page is in the registry (`served`; the first release of a
 * shop's remotes comes before the others').
 */
export function visitsFor(
  remote: string,
  paths: Partial<Record<PageType, string>>,
  served: (remote: string) => boolean = () => true,
): { visits: Visit[]; skipped: string[] } {
  const visits: Visit[] = [];
  const skipped: string[] = [];
  for (const [type, row] of Object.entries(PAGES) as [PageType, (typeof PAGES)[PageType]][]) {
    if (!row.module?.startsWith(`${remote}/`)) continue;
    const path = paths[type];
    const landmark = PAGE_LANDMARKS[type];
    if (!path) skipped.push(`${type} (в каталоге нет такой страницы)`);
    else visits.push({ module: row.module, label: type, path, ...(landmark ? { landmark } : {}) });
  }
  for (const module of EXPOSED_MODULES.filter((m) => m.startsWith(`${remote}/`))) {
    const hosted = HOSTED[module];
    const path = hosted && paths[hosted.on];
    if (!hosted || !path) continue;
    const label = module.split('/')[1] as string;
    const host = PAGES[hosted.on].module?.split('/')[0];
    if (host && host !== remote && !served(host))
      skipped.push(`${label} (нет активного релиза ${host}, чья страница его показывает)`);
    else visits.push({ module, label, path, ...hosted });
  }
  return { visits, skipped };
}

/** One browser at a time: two activations at once wait for each other instead of doubling the load. */
let queue: Promise<unknown> = Promise.resolve();

/** After the landmark and the area's data: time for an error a moment later (an effect, a lazy part). */
const SETTLE_MS = 300;
/** The browser stays up this long after a smoke, so a release's activate, canary and promote do not each start one. */
const KEEP_BROWSER_MS = 60_000;
interface KeptBrowser {
  browser: Promise<Browser>;
  path: string;
  timer?: NodeJS.Timeout;
}
let kept: KeptBrowser | null = null;

/** The kept browser (or a new one); released with `release()`, closed after KEEP_BROWSER_MS unused. */
function borrowBrowser(config: SmokeConfig): Promise<Browser> {
  if (kept && kept.path !== config.chromiumPath) void closeKept();
  if (kept) {
    clearTimeout(kept.timer);
    kept.timer = undefined;
    return kept.browser;
  }
  const mine: KeptBrowser = { browser: launch(config), path: config.chromiumPath };
  kept = mine;
  const forget = () => {
    if (kept === mine) kept = null;
  };
  mine.browser.then((b) => b.on('disconnected', forget), forget);
  return mine.browser;
}

function returnBrowser(): void {
  if (!kept) return;
  kept.timer = setTimeout(() => void closeKept(), KEEP_BROWSER_MS);
  kept.timer.unref();
}

async function closeKept(): Promise<void> {
  const old = kept;
  kept = null;
  if (old?.timer) clearTimeout(old.timer);
  await old?.browser.then((b) => b.close()).catch(() => undefined);
}

async function launch(config: SmokeConfig): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: config.chromiumPath,
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

/**
 * Where this browser reaches a public origin: RELEASE_CHECK_ORIGIN_MAP (`from=to,…`, the static
 * checks' map, release-checks.ts). In docker-compose the API's container cannot reach the shop's
 * public addresses (http://localhost:3000 and each remote's :3001…), which there are other
 * services (http://host:3000, http://mf-catalog:3001…); every request of the smoke's browser to a
 * mapped origin goes to the internal one. The page itself still sees the public URLs — the ones
 * shoppers get, in its registry, CSP and the candidate's manifest — so nothing else changes.
 */
async function routeToInternal(context: BrowserContext, originMap: OriginMap): Promise<void> {
  if (!originMap.length) return;
  await context.route(
    (url) => internalUrl(originMap, url.href) !== url.href,
    async (route) => {
      const from = route.request().url();
      const to = internalUrl(originMap, from);
      try {
        // Chromium sends the request to the internal address in place (the page never sees it);
        // it only does so within one scheme, so an https public address reached over http inside
        // the network is fetched by Playwright and handed to the page as its answer
        if (new URL(to).protocol === new URL(from).protocol) await route.continue({ url: to });
        else await route.fulfill({ response: await route.fetch({ url: to, maxRedirects: 0 }) });
      } catch {
        await route.abort('connectionrefused').catch(() => undefined);
      }
    },
  );
}

interface VisitTarget {
  config: SmokeConfig;
  originMap: OriginMap;
  hostUrl: string;
  release: CandidateRelease;
}

/** A browser context showing the candidate: the preview cookie on the host's public and internal address. */
async function previewContext(browser: Browser, target: VisitTarget, token: string): Promise<BrowserContext> {
  const { originMap, hostUrl } = target;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'ru-RU' });
  await routeToInternal(context, originMap);
  // a request sent to the internal address carries that address's cookies (the page still sees
  // the public one): the preview cookie is set for both
  const internalHost = internalUrl(originMap, hostUrl);
  await context.addCookies(
    [...new Set([hostUrl, internalHost])].map((url) => ({ name: PREVIEW_COOKIE, value: token, url, httpOnly: true, sameSite: 'Lax' as const })),
  );
  return context;
}

/** What a page shows of the candidate as it loads: problems, and whether (and when) its entry loaded. */
interface PageWatch {
  problems: string[];
  entryLoaded(): boolean;
  /** Settled when the candidate's entry has loaded or failed to. */
  entrySettled: Promise<void>;
  candidateBase: string;
}

function watchPage(page: Page, target: VisitTarget): PageWatch {
  const { originMap, hostUrl, release } = target;
  const problems: string[] = [];
  // requests and answers are reported at the address they went to: the public one, or the internal one it maps to
  const bothForms = (url: string) => [url, internalUrl(originMap, url)];
  const candidateBases = bothForms(new URL('.', release.manifestUrl).href);
  const apiBases = bothForms(new URL('/api/', hostUrl).href);
  const others = EXPOSED_MODULES.map((m) => m.split('/')[0] as string).filter((r) => r !== release.remote);
  page.on('pageerror', (error) => problems.push(`ошибка на странице: ${error.message}`));
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const text = msg.text();
    // another remote's area failing (absent from the registry, its server down) is not this release's doing
    if (others.some((r) => text.includes(`[shop] ${r}/`) || text.includes(`remote ${r} `))) return;
    // a failed file is judged by its request below (the candidate's or the API's), not by the console line
    if (text.startsWith('Failed to load resource')) return;
    problems.push(`ошибка в консоли: ${text.slice(0, 300)}`);
  });
  // the host's own health reports (/api/telemetry/) are not the candidate's requests
  const ours = (url: string) =>
    candidateBases.some((base) => url.startsWith(base)) ||
    apiBases.some((base) => url.startsWith(base) && !url.startsWith(`${base}telemetry/`));
  let loaded = false;
  let entryDone = () => {};
  const entrySettled = new Promise<void>((resolve) => {
    entryDone = resolve;
  });
  const isEntry = (url: string) => candidateBases.some((base) => url.startsWith(`${base}remoteEntry`));
  page.on('requestfailed', (request) => {
    if (isEntry(request.url())) entryDone();
    if (ours(request.url())) problems.push(`не загрузился ${request.url()}: ${request.failure()?.errorText ?? 'ошибка'}`);
  });
  page.on('response', (response) => {
    if (isEntry(response.url())) {
      loaded ||= response.ok();
      entryDone();
    }
    if (response.status() >= 400 && ours(response.url())) problems.push(`${response.url()} ответил ${response.status()}`);
  });
  return { problems, entryLoaded: () => loaded, entrySettled, candidateBase: candidateBases[0] as string };
}

/**
 * Opens the page. Server rendering (host/src/ssr): an area the page server could not render
 * reaches the browser as its fallback with the server's digest `shop-area:<n>` (a page made of
 * browser storage says `shop-area:browser` by design). The page still works, rendered in the
 * browser, but a release whose server build fails would quietly take the first screen out of the HTML.
 */
async function openPage(page: Page, target: VisitTarget, v: Visit, problems: string[]): Promise<void> {
  const { config, hostUrl } = target;
  await v.prepare?.(page);
  const response = await page.goto(new URL(v.path, hostUrl).href, { waitUntil: 'domcontentloaded', timeout: config.timeoutMs });
  const html = (await response?.text().catch(() => '')) ?? '';
  if (/data-dgst="shop-area:\d/.test(html))
    problems.push('сервер не отрисовал область (её отрисовал браузер): серверная сборка выпуска падает или не загружается');
  if (!v.show) return;
  // a step that clicks (the cart's button) needs the page live: on server-rendered HTML before the
  // host's scripts run (they start after the first paint and photos) the click would be lost
  await page.locator('html[data-live]').waitFor({ state: 'attached', timeout: config.timeoutMs }).catch(() => undefined);
  await v.show(page);
}

/** The module's landmark shows in the candidate's area in time, or the refusal says what the page was like. */
async function checkLandmark(page: Page, target: VisitTarget, v: Visit, problems: string[]): Promise<void> {
  const { config, release } = target;
  const slot = page.locator(`[data-remote="${release.remote}"]`);
  const landmarkSelector = v.landmark ?? LANDMARKS[v.module];
  const landmark = slot.locator(landmarkSelector).first();
  // the landmark, or the area's error (then there is no point waiting out the timeout)
  const started = performance.now();
  const showed = await landmark
    .or(slot.getByText(AREA_ERROR))
    .first()
    .waitFor({ state: 'visible', timeout: config.timeoutMs })
    .then(
      () => true,
      () => false,
    );
  const waited = Math.round(performance.now() - started);
  if (await landmark.isVisible()) return;
  const gone = showed && (await slot.getByText(AREA_ERROR).count()) === 0;
  const state = [
    (await landmark.count()) > 0 ? 'ориентир есть, но скрыт' : 'ориентира нет в разметке',
    (await page.locator('html[data-live]').count()) > 0 ? 'страница ожила' : 'скрипты страницы ещё не запустились',
    (await slot.locator('[aria-busy="true"]').count()) > 0 ? 'область ещё загружается' : 'область не загружается',
  ].join(', ');
  // a landmark that showed and went (the area drawn anew) is no timeout: the refusal says which it was
  const what = gone
    ? `ориентир ${landmarkSelector} в [data-remote="${release.remote}"] показался через ${waited} мс и пропал`
    : `нет ориентира ${landmarkSelector} в [data-remote="${release.remote}"] за ${config.timeoutMs} мс`;
  problems.push(`${what} (${state})`);
}

/**
 * A server-rendered page has its landmark in the HTML before any script runs: the host starts its
 * scripts after the first paint and the page's first photos (host/server/html.ts, up to 2.5 s).
 * It is judged once the candidate's entry has loaded and its area is live in this browser
 * (`data-ready`, set by the host's RemoteSlot), not a fixed moment after the landmark.
 */
async function checkLive(page: Page, target: VisitTarget, watch: PageWatch): Promise<void> {
  const { config, release } = target;
  const slot = page.locator(`[data-remote="${release.remote}"]`);
  const areaError = slot.getByText(AREA_ERROR);
  const deadline = Date.now() + config.timeoutMs;
  const left = () => Math.max(0, deadline - Date.now());
  await Promise.race([watch.entrySettled, new Promise((resolve) => setTimeout(resolve, left()).unref())]);
  if (watch.entryLoaded())
    await page
      .locator(`[data-remote="${release.remote}"][data-ready]`)
      .or(areaError)
      .first()
      .waitFor({ state: 'attached', timeout: left() })
      .catch(() => undefined);
  // its data: until nothing in the area is loading (at most a few seconds more), then a moment for late errors
  await slot
    .locator('[aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: Math.min(5000, config.timeoutMs) })
    .catch(() => undefined);
  await page.waitForTimeout(SETTLE_MS);
  if (await areaError.count()) watch.problems.push(`область показывает «${AREA_ERROR}»`);
  // the preview took: this page ran the candidate's own entry (a build's baked-in version may differ from its folder's)
  if (!watch.entryLoaded())
    watch.problems.push(`страница не загрузила ${release.remote} ${release.version} (${watch.candidateBase}remoteEntry.js)`);
}

const AREA_ERROR = 'Не удалось загрузить раздел';

/** Visits one page with the preview cookie; returns the problems seen (none: passed). */
async function visit(browser: Browser, target: VisitTarget, token: string, v: Visit): Promise<string[]> {
  const context = await previewContext(browser, target, token);
  const page = await context.newPage();
  const watch = watchPage(page, target);
  try {
    await openPage(page, target, v, watch.problems);
    await checkLandmark(page, target, v, watch.problems);
    await checkLive(page, target, watch);
  } catch (error) {
    watch.problems.push(`страница не открылась: ${(error as Error).message.split('\n')[0]}`);
  } finally {
    await context.close().catch(() => undefined);
  }
  return watch.problems;
}

/**
 * The smoke as a release check (registerSmokeCheck): the catalogue API's pages on the host of
 * `ctx.config.smoke`. The argument (the registry's database, as callers pass it) is not read:
 * the pages come from the API over HTTP.
 */
export function smokeCheck(_registryDb?: unknown) {
  return async function smoke(release: CandidateRelease, ctx: ReleaseCheckContext): Promise<ReleaseCheckResult> {
    const config = ctx.config.smoke;
    if (!config.hostUrl || !config.previewSecret) {
      const missing = [config.hostUrl ? null : 'SMOKE_HOST_URL', config.previewSecret ? null : 'PREVIEW_SECRET']
        .filter(Boolean)
        .join(' и ');
      return config.off
        ? { check: SMOKE_CHECK, ok: true, reason: `пропущена: RELEASE_SMOKE=off (не задан ${missing})` }
        : {
            check: SMOKE_CHECK,
            ok: false,
            reason: `не выполнена: не задан ${missing} (выпуск без смоука — только с RELEASE_SMOKE=off)`,
          };
    }
    if (config.off) return { check: SMOKE_CHECK, ok: true, reason: 'пропущена: RELEASE_SMOKE=off' };
    const hostUrl = config.hostUrl;
    const secret = config.previewSecret;
    const originMap = ctx.config.release.originMap;
    const run = async (): Promise<ReleaseCheckResult> => {
      // the remotes this host serves now (its registry, as the preview's browser will get it)
      const registryUrl = new URL('/registry.json', hostUrl).href;
      const served = await fetch(internalUrl(originMap, registryUrl), {
        signal: AbortSignal.timeout(5000),
      })
        .then((r) => r.json() as Promise<Record<string, string>>)
        .catch(() => ({}) as Record<string, string>);
      const catalogue = await cataloguePages(ctx.config);
      if (typeof catalogue === 'string') return { check: SMOKE_CHECK, ok: false, reason: `не выполнена: нет страниц каталога (${catalogue})` };
      const { visits, skipped } = visitsFor(release.remote, realPaths(catalogue), (name) => Object.hasOwn(served, name));
      if (!visits.length) return { check: SMOKE_CHECK, ok: false, reason: `нечего открыть для ${release.remote}` };
      const token = signPreview(secret, { ...release, exp: Math.floor(Date.now() / 1000) + 600 });
      const browser = await borrowBrowser(config);
      const failed: string[] = [];
      const timings: string[] = [];
      try {
        for (const v of visits) {
          const started = performance.now();
          const problems = await visit(browser, { config, originMap, hostUrl, release }, token, v);
          timings.push(`${v.label} ${Math.round(performance.now() - started)} мс`);
          if (problems.length) failed.push(`${v.label} (${v.path}): ${[...new Set(problems)].slice(0, 3).join('; ')}`);
        }
      } finally {
        returnBrowser();
      }
      const skippedNote = skipped.length ? `; пропущено: ${skipped.join(', ')}` : '';
      return failed.length
        ? { check: SMOKE_CHECK, ok: false, reason: `${failed.join(' | ')}${skippedNote}` }
        : { check: SMOKE_CHECK, ok: true, reason: `открыто в Chromium: ${timings.join(', ')}${skippedNote}` };
    };
    const result = queue.then(run, run);
    queue = result.catch(() => undefined);
    return result;
  };
}

let unregister: (() => void) | null = null;

/** Registers the smoke (after the static checks, registered when release-checks.ts loads); again: replaces it. */
export function registerSmokeCheck(): void {
  unregister?.();
  unregister = registerReleaseCheck(smokeCheck());
}
