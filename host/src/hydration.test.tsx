/// <reference types="node" />
// The host's shell is rendered on the server (no window, no storage) and hydrated in the
// browser. The server's HTML and the browser's first render must be the same markup (no hydration
// error), and what the browser keeps in its storage (cart, favourites, theme, cookie consent, the
// search tooltip seen) shows right after hydration.

import { readFileSync } from 'node:fs';
import type { ShellContextValue } from '@shop/mf-shared';
import { expectCleanHydration, onPage, serverThenHydrate, testClient, testShell } from '@shop/mf-shared/testing';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COOKIE_CONSENT_KEY } from './cookie/cookie-notice.tsx';
import { MenuDocument } from './graphql/generated.ts';
import { SEARCH_TOOLTIP_KEY } from './search/search-intro.tsx';
import { THEME_STORAGE_KEY } from './theme/theme.ts';

const CONFIG = { shopName: 'Оригинал', marketplace: 'Poizon', contacts: { phone: '+7 900 000-00-00' } };
const MENU = {
  menu: [
    {
      __typename: 'MenuItem',
      id: '1',
      name: 'Обувь',
      href: '/catalog/obuv',
      type: 'CATEGORY',
      isNew: false,
      panel: null,
      children: [],
    },
  ],
};

/** The browser's storage of a returning shopper: 2 items in the cart, 3 liked, dark theme, cookies accepted, tooltip seen. */
function storeReturningShopper() {
  storeCookiesAccepted();
  localStorage.setItem(SEARCH_TOOLTIP_KEY, 'true');
  localStorage.setItem(
    'shop-cart',
    JSON.stringify({
      state: {
        items: [
          {
            id: 'o1',
            productId: '5',
            name: 'Кроссовки Nike Dunk Low',
            size: '42',
            price: 12990,
            quantity: 1,
            photo: null,
            webPath: '/product/a',
          },
          {
            id: 'o2',
            productId: '7',
            name: 'Кроссовки Nike Air Max 90',
            size: '43',
            price: 17990,
            quantity: 1,
            photo: null,
            webPath: '/product/b',
          },
        ],
      },
      version: 1,
    }),
  );
  localStorage.setItem('shop-favourites', JSON.stringify({ state: { ids: ['5', '7', '9'] }, version: 1 }));
  localStorage.setItem(THEME_STORAGE_KEY, 'dark');
}

/** Cookies accepted on an earlier visit, the search tooltip not yet seen. */
function storeCookiesAccepted() {
  localStorage.setItem(COOKIE_CONSENT_KEY, 'true');
}

/** The shell's storage-dependent parts, from freshly imported modules (a new page load, new stores). */
async function shell(server: boolean): Promise<ReactElement> {
  const [{ ShellContext }, { Header }, { CookieNotice }, { SearchIntroProvider }, { Footer }] = await Promise.all([
    import('@shop/mf-shared'),
    import('./layout/header.tsx'),
    import('./cookie/cookie-notice.tsx'),
    import('./search/search-intro.tsx'),
    import('./layout/footer.tsx'),
  ]);
  // Both sides start from the same cache (the server's answers, handed to the browser's client).
  const client = testClient({ seed: (c) => c.writeQuery({ query: MenuDocument, data: MENU as never }) });
  return onPage(
    server,
    '/',
    <ShellContext.Provider
      value={testShell({ shopName: CONFIG.shopName, contacts: CONFIG.contacts as ShellContextValue['contacts'] })}
    >
      <SearchIntroProvider>
        <CookieNotice />
        <Header config={CONFIG as never} />
        <Footer />
      </SearchIntroProvider>
    </ShellContext.Provider>,
    client,
  );
}

afterEach(() => {
  localStorage.clear();
  for (const mark of ['theme', 'cookiesAccepted', 'searchTooltipSeen', 'contacts'])
    delete document.documentElement.dataset[mark];
  vi.useRealTimers();
});

/**
 * The server's render (no storage at all), then, with `store()`'s data in the browser's storage
 * and index.html's inline script run (before the page's first paint), hydration.
 */
const serverThenHydrateShell = (store: () => void = () => {}) =>
  serverThenHydrate(shell, { store, beforeHydrate: runPrePaintScript });

const read = (file: string) => readFileSync(`${import.meta.dirname}/${file}`, 'utf8');

/**
 * Runs index.html's inline script that reads the browser's storage (the browser runs it before the
 * first paint). Not the one that keeps early taps: it listens on the document, which the web
 * tests' files share.
 */
function runPrePaintScript() {
  const html = read('../index.html');
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, script]) => script ?? '');
  const prePaint = scripts.filter((script) => script.includes('localStorage'));
  expect(prePaint).toHaveLength(1);
  for (const script of prePaint) new Function(script)();
}

describe('host shell: server render, then hydration', () => {
  it('a returning shopper: no hydration error; cart 2, favourites 3, dark theme, no cookie notice after hydration', async () => {
    const { html, container, ...hydration } = await serverThenHydrateShell(storeReturningShopper);
    expectCleanHydration(hydration);
    // the server knows nothing of the browser's storage
    expect(html).toContain('data-testid="cart-count"');
    expect(html).not.toContain('data-testid="favourites-count"');
    expect(container.querySelector('[data-testid="cart-count"]')?.textContent).toBe('2');
    expect(container.querySelector('[data-testid="favourites-count"]')?.textContent).toBe('3');
    expect(container.querySelector('[aria-label="Включить светлую тему"]')).not.toBeNull();
    expect(container.querySelector('[data-overlay="cookie-notice"]')).toBeNull();
    expect(container.querySelector('[data-overlay="search-tooltip"]')).toBeNull();
  });

  it('cookies accepted, tooltip not seen: no hydration error; the tooltip shows, the notice does not', async () => {
    const { container, ...hydration } = await serverThenHydrateShell(storeCookiesAccepted);
    expectCleanHydration(hydration);
    expect(container.querySelector('[data-overlay="cookie-notice"]')).toBeNull();
    expect(container.querySelector('[data-overlay="search-tooltip"]')).not.toBeNull();
  });

  it('a first visit: no hydration error; the cookie notice is in the server HTML and stays, no tooltip yet', async () => {
    const { html, container, ...hydration } = await serverThenHydrateShell();
    expectCleanHydration(hydration);
    expect(html).toContain('data-overlay="cookie-notice" data-until-hydrated=""');
    expect(container.querySelector('[data-overlay="cookie-notice"]')).not.toBeNull();
    expect(container.querySelector('[data-overlay="search-tooltip"]')).toBeNull();
    expect(container.querySelector('[data-testid="cart-count"]')?.textContent).toBe('0');
    expect(container.querySelector('[aria-label="Включить тёмную тему"]')).not.toBeNull();
  });
});

describe('footer', () => {
  it("the year is the shop's (Moscow) on the server and in the browser alike: 21:30 UTC on 31 December is already next year", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-31T21:30:00Z'));
    const { html, ...hydration } = await serverThenHydrateShell();
    expectCleanHydration(hydration);
    expect(html).toContain('© 2027');
  });
});

describe("index.html's inline script: what the first paint knows of the browser's storage", () => {
  it('marks <html> with the stored theme, consent and tooltip, the marks the stylesheets hide the server-rendered notice and tooltip by', () => {
    storeReturningShopper();
    const bar = document.head.appendChild(Object.assign(document.createElement('meta'), { name: 'theme-color', content: '#ffffff' }));
    runPrePaintScript();
    const root = document.documentElement;
    expect(root.getAttribute('data-theme')).toBe('dark');
    // the phone's status bar in the dark header's colour from the first paint
    expect(bar.content).toBe('#1c1c1c');
    bar.remove();
    expect(root.hasAttribute('data-cookies-accepted')).toBe(true);
    expect(root.hasAttribute('data-search-tooltip-seen')).toBe(true);
    expect(read('cookie/cookie-notice.module.css')).toContain(
      ':root[data-cookies-accepted] .notice[data-until-hydrated]',
    );
    const tooltip = read('search/search-tooltip.module.css');
    expect(tooltip).toContain(':root:not([data-cookies-accepted]) .row[data-until-hydrated]');
    expect(tooltip).toContain(':root[data-search-tooltip-seen] .row[data-until-hydrated]');
  });

  it('marks nothing on a first visit', () => {
    runPrePaintScript();
    expect(document.documentElement.getAttributeNames().filter((name) => name.startsWith('data-'))).toEqual([]);
  });
});
