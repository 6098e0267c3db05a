import { internalUrl, type OriginMap } from '@shop/contracts/origin-map';
import type { Browser, BrowserContext } from 'playwright-core';
import { CHROMIUM_ARGS } from './chromium-flags.ts';
import { PREVIEW_COOKIE } from './preview-token.ts';
import type { SmokeConfig } from './smoke-config.ts';

/**
 * The smoke's Chromium: one browser kept between smokes, and one context per page and screen,
 * each showing the candidate through the preview cookie.
 */

/** A screen the smoke judges every page at: a phone (touch, a mobile browser's user agent) and a desktop. */
export interface Viewport {
  name: string;
  width: number;
  height: number;
  mobile: boolean;
}

export const VIEWPORTS: readonly Viewport[] = [
  { name: 'телефон', width: 390, height: 844, mobile: true },
  { name: 'компьютер', width: 1280, height: 900, mobile: false },
];

export const viewportLabel = (v: Viewport) => `${v.name} ${v.width}×${v.height}`;

/** Where the host's browser code posts its health reports (host/src/federation/health-report.ts). */
const TELEMETRY_PATH = '/api/telemetry/';

/** The browser stays up this long after a smoke, so a release's activate, canary and promote do not each start one. */
const KEEP_BROWSER_MS = 60_000;
interface KeptBrowser {
  browser: Promise<Browser>;
  path: string;
  timer?: NodeJS.Timeout;
}
let kept: KeptBrowser | null = null;

/** The kept browser (or a new one); given back with `returnBrowser()`, closed after KEEP_BROWSER_MS unused. */
export function borrowBrowser(config: SmokeConfig): Promise<Browser> {
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

export function returnBrowser(): void {
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

/**
 * The smoke's pages are no shoppers: their health reports never leave the browser (the beacon,
 * and the fetch it falls back to, answer as sent), so a candidate's views never count in its
 * canary's error rate. The release service also drops any report sent with a preview cookie
 * (health-routes.ts), should one get through. An init script, not a route: a route has
 * Playwright intercept every request of the page and turns off the page's HTTP cache.
 */
const KEEP_HEALTH_REPORTS = `(() => {
  const ours = (url) => { try { return new URL(String(url), location.href).pathname.startsWith(${JSON.stringify(TELEMETRY_PATH)}); } catch { return false; } };
  const beacon = navigator.sendBeacon && navigator.sendBeacon.bind(navigator);
  if (beacon) navigator.sendBeacon = (url, data) => (ours(url) ? true : beacon(url, data));
  const fetch = window.fetch.bind(window);
  window.fetch = (input, init) => (ours(input instanceof Request ? input.url : input) ? Promise.resolve(new Response(null, { status: 204 })) : fetch(input, init));
})();`;

export interface PreviewTarget {
  originMap: OriginMap;
  hostUrl: string;
}

/** A context showing the candidate at `viewport`: the preview cookie on the host's public and internal address, and `storage` in localStorage. */
export async function previewContext(
  browser: Browser,
  target: PreviewTarget,
  token: string,
  viewport: Viewport,
  storage: Record<string, string> = {},
): Promise<BrowserContext> {
  const { originMap, hostUrl } = target;
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    locale: 'ru-RU',
    ...(viewport.mobile ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2, userAgent: mobileUserAgent(browser.version()) } : {}),
  });
  await routeToInternal(context, originMap);
  await context.addInitScript({ content: KEEP_HEALTH_REPORTS });
  // a request sent to the internal address carries that address's cookies (the page still sees
  // the public one): the preview cookie is set for both
  const internalHost = internalUrl(originMap, hostUrl);
  await context.addCookies(
    [...new Set([hostUrl, internalHost])].map((url) => ({ name: PREVIEW_COOKIE, value: token, url, httpOnly: true, sameSite: 'Lax' as const })),
  );
  const entries = Object.entries(storage);
  // as text: it runs in the page (this module is Node code)
  if (entries.length)
    await context.addInitScript({
      content: `try { ${entries.map(([key, value]) => `localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)});`).join(' ')} } catch {}`,
    });
  return context;
}

/** Android's Chrome of this browser's version: what a shopper's phone sends. */
function mobileUserAgent(version: string): string {
  return `Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version} Mobile Safari/537.36`;
}
