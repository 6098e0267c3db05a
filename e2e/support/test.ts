import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  type Page,
} from '@playwright/test';

export * from '@playwright/test';

/**
 * The browser tests' `test`: Playwright's, whose pages wait for hydration.
 *
 * Every page now arrives server-rendered: Playwright sees the whole page in the HTML before its
 * scripts ran. A tap on a button then is kept and played once its area is live (host/index.html,
 * e2e/tests/first-tap.spec.ts), but a keystroke is lost, and a test's next step should see the
 * page its action produced, not the kept tap's later effect. So after each new document
 * (goto, reload, goBack/goForward, and any other full load: a link, a form, `location.assign`)
 * the page waits, before the test's next step, until the shell is live (`html[data-live]`,
 * host/src/bootstrap.tsx) and no remote area is still loading (`[data-remote]:not([data-ready])`,
 * host/src/federation/remote-slot.tsx). Navigation calls wait right after they return; a
 * document reached otherwise is caught by a locator handler, which Playwright runs before the
 * next action or auto-waiting assertion. Only storefront pages wait: those with the page state
 * with the visitor's registry (`#shop-state`, host/server/app.ts); the orders desk (its state
 * has no registry, and it does not hydrate), error pages and JSON do not.
 *
 * The wait is bounded (HYDRATION_WAIT_MS) and never fails by itself: a page whose host bundle or a
 * remote is broken on purpose goes on to the test's own assertions. With JavaScript disabled
 * nothing runs, so nothing waits. `test.use({ waitForHydration: false })` turns it off for a
 * test that looks at the page before hydration on purpose.
 *
 * Pages of the test's context (`page`, `context.newPage()`, popups) and of contexts the test
 * makes itself (`browser.newContext()`, `browser.newPage()`) all wait.
 */
export const HYDRATION_WAIT_MS = 10_000;

type Options = { waitForHydration: boolean };

/** A storefront page (with its page state) that is not live yet, or whose remote areas still load. */
const NOT_LIVE = 'html:has(#shop-state):is(:not([data-live]), :has([data-remote]:not([data-ready])))';

/** Which document each page last waited for (`performance.timeOrigin` is new with every document). */
const settledDocument = new WeakMap<Page, number>();
const instrumented = new WeakSet<object>();

/**
 * Waits until the page's current document is live, once per document; bounded, never throws.
 * Exported for the rare step outside Playwright's actions (raw `page.mouse`/`page.keyboard`
 * after a full navigation a click started).
 */
export async function waitForHydration(page: Page): Promise<void> {
  if (page.isClosed()) return;
  const seen = await page.evaluate(storefrontDocument).catch(() => null);
  if (!seen || settledDocument.get(page) === seen.document) return;
  if (!seen.storefront) return void settledDocument.set(page, seen.document);
  await page
    .waitForFunction(
      () =>
        window.document.documentElement.hasAttribute('data-live') &&
        !window.document.querySelector('[data-remote]:not([data-ready])'),
      undefined,
      { timeout: HYDRATION_WAIT_MS, polling: 50 },
    )
    // a page that never gets live (broken on purpose), navigated away or closed: the test's own
    // assertions say what is wrong; the log says the test spent the whole bound here
    .catch((error: unknown) => {
      if ((error as Error)?.name === 'TimeoutError') console.warn(`[hydration wait] not live after ${HYDRATION_WAIT_MS} ms: ${page.url()}`);
    });
  settledDocument.set(page, seen.document);
}

/** This document (`performance.timeOrigin` is new with each), and whether it is a storefront page. */
function storefrontDocument(): { document: number; storefront: boolean } {
  let storefront = false;
  try {
    const state = JSON.parse(document.getElementById('shop-state')?.textContent ?? 'null') as unknown;
    storefront = typeof state === 'object' && state !== null && 'registry' in state;
  } catch {
    // no page state, or not ours
  }
  return { document: performance.timeOrigin, storefront };
}

function instrumentPage(page: Page): void {
  if (instrumented.has(page)) return;
  instrumented.add(page);
  for (const method of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const original = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
    (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const response = await original(...args);
      // `waitUntil: 'commit'` asks for the page before it loaded: the test wants that moment
      const waitUntil = (
        args.find((arg) => typeof arg === 'object' && arg !== null) as { waitUntil?: string } | undefined
      )?.waitUntil;
      if (waitUntil !== 'commit') await waitForHydration(page);
      return response;
    };
  }
  page
    .addLocatorHandler(page.locator(NOT_LIVE), () => waitForHydration(page), { noWaitAfter: true })
    .catch(() => undefined);
}

function instrumentContext(context: BrowserContext, javaScriptEnabled: boolean): void {
  if (!javaScriptEnabled || instrumented.has(context)) return;
  instrumented.add(context);
  for (const page of context.pages()) instrumentPage(page);
  context.on('page', instrumentPage);
}

export const test = base.extend<Options & { hydratedContexts: undefined }>({
  waitForHydration: [true, { option: true }],

  context: async ({ context, javaScriptEnabled, waitForHydration: wait }, use) => {
    if (wait) instrumentContext(context, javaScriptEnabled !== false);
    await use(context);
  },

  // contexts and pages the test makes from `browser` wait too, for this test only
  hydratedContexts: [
    async ({ browser, waitForHydration: wait }, use) => {
      if (!wait) return use(undefined);
      const target = browser as Browser & { newContext: Browser['newContext']; newPage: Browser['newPage'] };
      const newContext = browser.newContext;
      const newPage = browser.newPage;
      target.newContext = async (options?: BrowserContextOptions) => {
        const context = await newContext.call(browser, options);
        instrumentContext(context, options?.javaScriptEnabled !== false);
        return context;
      };
      target.newPage = async (options?: BrowserContextOptions) => {
        const page = await newPage.call(browser, options);
        if (options?.javaScriptEnabled !== false) {
          instrumentContext(page.context(), true);
          instrumentPage(page);
        }
        return page;
      };
      try {
        await use(undefined);
      } finally {
        delete (target as Partial<typeof target>).newContext;
        delete (target as Partial<typeof target>).newPage;
      }
    },
    { auto: true },
  ],
});
