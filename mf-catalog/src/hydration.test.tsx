// Issue 20: the catalogue's pages are rendered on the server, which has no browser storage, and
// hydrated in the browser that has the shopper's «Избранное». The server's HTML and the hydration
// render must be the same markup (no hydration error): hearts unliked on both sides, then liked
// right after hydration; «Избранное» never says «пусто» before it knows.
import { ApolloClient, ApolloLink, InMemoryCache, Observable } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import type { ProductCardData } from '@shop/contracts/remotes';
import type { ShellContextValue } from '@shop/mf-shared';
import { act, type ReactElement, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, StaticRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

// the remote's release report needs the build's version constant; nothing of it is under test here
vi.mock('./report.ts', () => ({}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const card = (id: string, name: string): ProductCardData => ({
  id,
  productId: id,
  modelId: id,
  name,
  sku: `SKU-${id}`,
  webPath: `/product/p${id}`,
  photo: { fullpath: `/api/images/${id}.svg`, width: 800, height: 800 },
  priceInRUB: 12990,
  minPriceInRUB: 12990,
  brand: { name: 'Nike' },
  mainCategory: { name: 'Кроссовки' },
  variants: [],
});
const CARDS = [card('5', 'Кроссовки Nike Dunk Low'), card('7', 'Кроссовки Nike Air Max 90')];

function storeLiked() {
  localStorage.setItem('shop-favourites', JSON.stringify({ state: { ids: ['7', '5'] }, version: 1 }));
}

/** Every operation the page asks of the API (none is answered: the pages' own loading states show). */
const asked: { operationName: string; variables: Record<string, unknown> }[] = [];

function wrap(server: boolean, path: string, children: ReactNode): ReactElement {
  const link = new ApolloLink((operation) => {
    asked.push({ operationName: operation.operationName ?? '', variables: operation.variables });
    return new Observable(() => {});
  });
  const client = new ApolloClient({ cache: new InMemoryCache(), link });
  return (
    <ApolloProvider client={client}>
      {server ? (
        <StaticRouter location={path}>{children}</StaticRouter>
      ) : (
        <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
      )}
    </ApolloProvider>
  );
}

/** Freshly imported modules each time (a new page load: new stores, read from storage). */
async function grid(server: boolean) {
  const { ProductGrid } = await import('./listing/product-grid.tsx');
  return wrap(server, '/search', <ProductGrid products={CARDS} listName="Поиск" offset={0} />);
}

async function favourites(server: boolean) {
  const { FavouritesView } = await import('./favourites/favourites-view.tsx');
  return wrap(server, '/favourites', <FavouritesView />);
}

async function home(server: boolean) {
  const [{ default: HomePage }, { ShellContext }] = await Promise.all([
    import('./pages/home-page.tsx'),
    import('@shop/mf-shared'),
  ]);
  const shell = {
    shopName: 'Оригинал',
    contacts: {},
    hostVersion: 'test',
    RemoteSlot: () => null,
  } as unknown as ShellContextValue;
  return wrap(
    server,
    '/',
    <ShellContext.Provider value={shell}>
      <HomePage />
    </ShellContext.Provider>,
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  localStorage.clear();
  asked.length = 0;
  vi.restoreAllMocks();
});

/**
 * Renders `tree` as the server does (fresh modules, no storage at all), then, with `store()`'s data
 * in the browser's storage, hydrates that HTML with freshly imported modules.
 */
async function serverThenHydrate(tree: (server: boolean) => Promise<ReactElement>, store: () => void) {
  vi.resetModules();
  const storage = globalThis.localStorage;
  vi.stubGlobal('localStorage', undefined);
  let html: string;
  try {
    html = renderToString(await tree(true));
  } finally {
    vi.stubGlobal('localStorage', storage);
  }
  store();
  vi.resetModules();
  const browser = await tree(false);
  const errors = vi.spyOn(console, 'error');
  const recoverable = vi.fn();
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  await act(async () => {
    root = hydrateRoot(container, browser, { onRecoverableError: recoverable });
  });
  return { html, container, errors: errors.mock.calls, recoverable: recoverable.mock.calls };
}

describe('catalogue: server render, then hydration with the stored «Избранное»', () => {
  it('product cards: no hydration error; hearts unliked in the HTML, liked after hydration', async () => {
    const { html, container, errors, recoverable } = await serverThenHydrate(grid, storeLiked);
    expect(recoverable).toEqual([]);
    expect(errors).toEqual([]);
    expect(html).not.toContain('aria-pressed="true"');
    const hearts = [...container.querySelectorAll('button[aria-pressed]')].map((b) => b.getAttribute('aria-label'));
    expect(hearts).toEqual([
      'Убрать из избранного: Кроссовки Nike Dunk Low',
      'Убрать из избранного: Кроссовки Nike Air Max 90',
    ]);
  });

  it('«Избранное»: no hydration error; the server does not say «пусто», the browser asks for the stored ids', async () => {
    const { html, container, errors, recoverable } = await serverThenHydrate(favourites, storeLiked);
    expect(recoverable).toEqual([]);
    expect(errors).toEqual([]);
    expect(html).toContain('Избранное');
    expect(html).not.toContain('В избранном пока пусто');
    expect(container.textContent).not.toContain('В избранном пока пусто');
    expect(asked.at(-1)).toMatchObject({
      operationName: 'ListingProducts',
      variables: { filter: { ids: ['5', '7'] } },
    });
  });

  it('home page (hero slider, sections waiting for their answers): no hydration error', async () => {
    const { html, errors, recoverable } = await serverThenHydrate(home, storeLiked);
    expect(recoverable).toEqual([]);
    expect(errors).toEqual([]);
    expect(html).toContain('Оригинальные товары с бесплатной доставкой');
  });
});
