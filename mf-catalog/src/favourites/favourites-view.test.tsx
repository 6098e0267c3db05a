// Liked products are seen on their own page. It lists them with the API's current prices, most
// recently liked first; an id the catalogue no longer has disappears quietly (and leaves the
// store); with nothing liked it says so and links to the catalogue.
import { ApolloProvider } from '@apollo/client/react';
import { formatPrice } from '@shop/contracts/format';
import { createApolloClient, useFavourites } from '@shop/mf-shared';
import { onPage, testClient } from '@shop/mf-shared/testing';
import { cleanup, getDefaultNormalizer, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listingProduct } from '../product-card/listing-product.fixtures.ts';
import { FavouritesView } from './favourites-view.tsx';

const exact = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };

const product = (id: string, name: string, price: number) =>
  listingProduct(id, name, { photo: null, cardPriceInRUB: price, minPriceInRUB: price });
/** The catalogue as the API has it now: product 999 was removed; 5 costs 14 990 ₽ today. */
const CATALOGUE = [product('5', 'Кроссовки Nike Dunk Low', 14990), product('7', 'Кроссовки Nike Air Max 90', 17990)];

function renderPage() {
  const asked: string[][] = [];
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const { operationName, variables } = JSON.parse(String(init?.body));
    let data: unknown;
    if (operationName === 'ListingProducts') {
      const ids: string[] = variables.filter?.ids ?? [];
      asked.push(ids);
      const items = CATALOGUE.filter((p) => ids.includes(p.id));
      data = {
        products: {
          __typename: 'ProductList',
          totalCount: items.length,
          searchWords: null,
          searchCorrected: null,
          items,
        },
      };
    }
    return new Response(JSON.stringify({ data }), { headers: { 'content-type': 'application/json' } });
  });
  render(
    <ApolloProvider client={createApolloClient({ fetch, persisted: false })}>
      <MemoryRouter>
        <FavouritesView />
      </MemoryRouter>
    </ApolloProvider>,
  );
  return asked;
}

beforeEach(() => {
  localStorage.clear();
  useFavourites.setState({ ids: [] });
});
afterEach(cleanup);

describe('«Избранное»', () => {
  it('with nothing liked, says so in Russian and links to the catalogue', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Избранное');
    expect(screen.getByText('В избранном пока пусто')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Перейти в каталог' }).getAttribute('href')).toBe('/search');
  });

  it('lists the liked products with their current prices, latest liked first; a removed one disappears quietly', async () => {
    useFavourites.setState({ ids: ['5', '999', '7'] });
    const asked = renderPage();
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(2));
    expect(asked[0]).toEqual(['7', '999', '5']);
    const names = screen.getAllByTestId('product-card').map((card) => card.querySelector('a')?.textContent);
    expect(names).toEqual(['Nike Кроссовки Nike Air Max 90', 'Nike Кроссовки Nike Dunk Low']);
    expect(screen.getByText(formatPrice(14990), exact)).toBeTruthy();
    expect(screen.getByTestId('favourites-total').textContent).toBe('2 товара');
    // no error, no placeholder for 999: it is just gone, from the page and from the store
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(useFavourites.getState().ids).toEqual(['5', '7']));
  });

  it('is busy (aria-busy) while the liked products load, and in the server’s HTML (the ids are in the browser)', () => {
    useFavourites.setState({ ids: ['5'] });
    // an API that has not answered yet
    const { container } = render(onPage(false, '/favourites', <FavouritesView />, testClient()));
    expect(container.querySelector('[aria-busy="true"] [role="status"]')?.textContent).toContain('Загрузка');
    const html = renderToString(onPage(true, '/favourites', <FavouritesView />, testClient({ ssrMode: true })));
    expect(html).toContain('aria-busy="true"');
  });

  it('is not busy once the answer is in', async () => {
    useFavourites.setState({ ids: ['5'] });
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(1));
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('when every liked product is gone, shows the empty state', async () => {
    useFavourites.setState({ ids: ['999'] });
    renderPage();
    await waitFor(() => expect(screen.getByText('В избранном пока пусто')).toBeTruthy());
  });
});
