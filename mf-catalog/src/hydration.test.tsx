// The catalogue's pages are rendered on the server, which has no browser storage, and
// hydrated in the browser that has the shopper's «Избранное». The server's HTML and the hydration
// render must be the same markup (no hydration error): hearts unliked on both sides, then liked
// right after hydration; «Избранное» never says «пусто» before it knows.
import {
  type AskedOperation,
  expectCleanHydration,
  onPage,
  serverThenHydrate,
  testClient,
  testShell,
} from '@shop/mf-shared/testing';
import type { ReactElement, ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listingProduct } from './product-card/listing-product.fixtures.ts';
import { toCardData } from './product-card/to-card-data.ts';

// the remote's release report needs the build's version constant; nothing of it is under test here
vi.mock('./report.ts', () => ({}));

/** A card as a listing hands it to the grid. */
const card = (id: string, name: string) => toCardData(listingProduct(id, name));
const CARDS = [card('5', 'Кроссовки Nike Dunk Low'), card('7', 'Кроссовки Nike Air Max 90')];

const storeLiked = () =>
  localStorage.setItem('shop-favourites', JSON.stringify({ state: { ids: ['7', '5'] }, version: 1 }));

/** Every operation the page asks of the API (none is answered: the pages' own loading states show). */
const asked: AskedOperation[] = [];
afterEach(() => {
  asked.length = 0;
});

const page = (server: boolean, path: string, children: ReactNode): ReactElement =>
  onPage(server, path, children, testClient({ asked }));

/** Freshly imported modules each time (a new page load: new stores, read from storage). */
async function grid(server: boolean) {
  const { ProductGrid } = await import('./listing/product-grid.tsx');
  return page(server, '/search', <ProductGrid products={CARDS} listName="Поиск" offset={0} />);
}

async function favourites(server: boolean) {
  const { FavouritesView } = await import('./favourites/favourites-view.tsx');
  return page(server, '/favourites', <FavouritesView />);
}

async function home(server: boolean) {
  const [{ default: HomePage }, { ShellContext }] = await Promise.all([
    import('./pages/home-page.tsx'),
    import('@shop/mf-shared'),
  ]);
  return page(
    server,
    '/',
    <ShellContext.Provider value={testShell()}>
      <HomePage />
    </ShellContext.Provider>,
  );
}

describe('catalogue: server render, then hydration with the stored «Избранное»', () => {
  it('product cards: no hydration error; hearts unliked in the HTML, liked after hydration', async () => {
    const hydrated = await serverThenHydrate(grid, { store: storeLiked });
    expectCleanHydration(hydrated);
    expect(hydrated.html).not.toContain('aria-pressed="true"');
    const hearts = [...hydrated.container.querySelectorAll('button[aria-pressed]')].map((b) =>
      b.getAttribute('aria-label'),
    );
    expect(hearts).toEqual([
      'Убрать из избранного: Кроссовки Nike Dunk Low',
      'Убрать из избранного: Кроссовки Nike Air Max 90',
    ]);
  });

  it('«Избранное»: no hydration error; the server does not say «пусто», the browser asks for the stored ids', async () => {
    const hydrated = await serverThenHydrate(favourites, { store: storeLiked });
    expectCleanHydration(hydrated);
    expect(hydrated.html).toContain('Избранное');
    expect(hydrated.html).not.toContain('В избранном пока пусто');
    expect(hydrated.container.textContent).not.toContain('В избранном пока пусто');
    expect(asked.at(-1)).toMatchObject({
      operationName: 'ListingProducts',
      variables: { filter: { ids: ['5', '7'] } },
    });
  });

  it('home page (hero slider, sections waiting for their answers): no hydration error', async () => {
    const hydrated = await serverThenHydrate(home, { store: storeLiked });
    expectCleanHydration(hydrated);
    expect(hydrated.html).toContain('Оригинальные товары с бесплатной доставкой');
  });
});
