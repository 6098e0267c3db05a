// Guards that a listing marks itself busy (`aria-busy="true"`) while its first answers load, and
// not once they are in: a screen reader waits for the results, and the release smoke tells «still
// loading» from «loaded, and nothing found» by it (it judges a page as soon as nothing in it is
// busy). An empty answer settles into «Ничего не нашлось» with nothing busy.
import { onPage, testClient } from '@shop/mf-shared/testing';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { SearchView } from './search-view.tsx';

const PATH = '/search?search=dunk';

const EMPTY: Record<string, unknown> = {
  ListingProducts: { products: { __typename: 'ProductList', totalCount: 0, searchCorrected: null, searchHint: null, items: [] } },
  ListingFilters: {
    productFilters: {
      __typename: 'ProductFilters',
      totalCount: 0,
      minPriceInRUBFrom: null,
      minPriceInRUBTo: null,
      brands: [],
      categories: [],
      properties: [],
    },
  },
  ListingProperties: { properties: [] },
};

afterEach(cleanup);

const busy = (root: ParentNode) => root.querySelectorAll('[aria-busy="true"]');

describe('a listing while its data loads', () => {
  it('is busy from its first render, in the server’s HTML too', () => {
    render(onPage(false, PATH, <SearchView />, testClient()));
    const listing = screen.getByTestId('catalog-listing');
    expect(listing.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status').textContent).toContain('Загрузка');
    const html = renderToString(onPage(true, PATH, <SearchView />, testClient({ ssrMode: true })));
    expect(html).toMatch(/data-testid="catalog-listing" aria-busy="true"/);
  });

  it('is busy while the catalogue’s properties are checked for a link with a property filter', () => {
    render(onPage(false, `${PATH}&f1=x`, <SearchView />, testClient()));
    expect(screen.getByTestId('catalog-listing').getAttribute('aria-busy')).toBe('true');
  });

  it('settles into «Ничего не нашлось» with nothing busy when the answer is empty', async () => {
    const { container } = render(onPage(false, PATH, <SearchView />, testClient({ answers: EMPTY })));
    await waitFor(() => expect(screen.getByText('Ничего не нашлось')).toBeTruthy());
    expect(busy(container)).toHaveLength(0);
    expect(screen.queryByTestId('product-card')).toBeNull();
  });
});
