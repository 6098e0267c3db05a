// A listing (here the search page) is rendered on the server with its answers fetched
// there (Apollo's prerenderStatic, as the host's renderer does), and hydrated in the browser from
// the restored cache. The server knows no screen width: both filter rows are in its HTML for the
// stylesheet to pick, hydration finds the same markup, then only the row for the width is left.
import {
  expectCleanHydration,
  onPage,
  parse,
  renderWithData,
  screenWidth,
  serverThenHydrate,
  testClient,
} from '@shop/mf-shared/testing';
import { describe, expect, it } from 'vitest';
import { listingProduct } from '../product-card/listing-product.fixtures.ts';
import styles from './listing.module.css';
import { SearchView } from './search-view.tsx';

const PATH = '/search?search=%D0%BA%D1%80%D0%BE%D1%81%D1%81%D0%BE%D0%B2%D0%BA%D0%B8';
/** The same search narrowed to a category the filters offer: shown ticked there, with no extra chip, at every width. */
const WITH_CATEGORY = `${PATH}&subject=2`;

const ITEMS = [listingProduct('5', 'Кроссовки Nike Dunk Low'), listingProduct('7', 'Кроссовки Nike Air Max 90')];

const ANSWERS: Record<string, unknown> = {
  ListingProducts: { products: { __typename: 'ProductList', totalCount: 2, searchCorrected: null, searchHint: null, items: ITEMS } },
  ListingFilters: {
    productFilters: {
      __typename: 'ProductFilters',
      totalCount: 2,
      minPriceInRUBFrom: 12990,
      minPriceInRUBTo: 17990,
      brands: [{ __typename: 'BrandFacet', id: '1', name: 'Nike', count: 2, selected: false }],
      categories: [
        { __typename: 'CategoryFacet', id: '2', parentId: null, name: 'Кроссовки', count: 2, selected: false },
      ],
      properties: [],
    },
  },
  ListingProperties: { properties: [] },
};

/**
 * The server's render fetches its answers (the API answers at once); the browser's client starts
 * from the cache the server's render filled (handed over in the page), at a screen `width` px wide.
 */
function serverThenHydrateAt(width: number, path = PATH) {
  const server = testClient({ answers: ANSWERS, ssrMode: true });
  const page = (isServer: boolean) =>
    onPage(isServer, path, <SearchView />, isServer ? server : testClient({ answers: ANSWERS, restoredFrom: server }));
  return serverThenHydrate(page, {
    freshModules: false,
    render: renderWithData,
    beforeHydrate: () => screenWidth(width),
  });
}

const rows = (root: ParentNode) => ({
  buttons: root.querySelector('fieldset[aria-label="Фильтры и сортировка"] [data-primary]'),
  chips: root.querySelectorAll('fieldset[aria-label="Фильтры и сортировка"]').length,
});

describe('search listing: server render with its answers, then hydration', () => {
  it('the HTML has the results and both filter rows, each marked for the widths that show it', async () => {
    const server = parse((await serverThenHydrateAt(375)).html);
    expect(server.querySelectorAll('[data-testid="product-card"]')).toHaveLength(2);
    expect(server.querySelector(`.${styles.narrowOnly} fieldset`)).not.toBeNull();
    expect(server.querySelector(`.${styles.desktopOnly} fieldset`)).not.toBeNull();
    // not the sidebar: its column is reserved by the grid, it comes after hydration on wide screens
    expect(server.querySelector('[data-testid="listing-sidebar"]')).toBeNull();
  });

  it.each([
    [375, 'the buttons row'],
    [1280, 'the chips'],
    [1600, 'no row (the sidebar has the filters)'],
  ])('%i px: no hydration error, then %s only', async (width) => {
    const { container, ...hydration } = await serverThenHydrateAt(width);
    expectCleanHydration(hydration);
    expect(container.querySelector(`.${styles.narrowOnly}, .${styles.desktopOnly}`)).toBeNull();
    const toolbar = rows(container.querySelector(`.${styles.toolbar}`) as ParentNode);
    expect(Boolean(toolbar.buttons)).toBe(width < 1024);
    expect(toolbar.chips).toBe(width < 1440 ? 1 : 0);
    expect(Boolean(container.querySelector('[data-testid="listing-sidebar"]'))).toBe(width >= 1440);
    expect(container.querySelectorAll('[data-testid="product-card"]')).toHaveLength(2);
  });

  it.each([375, 1600])(
    'a category from the link, %i px: no hydration error, and no extra chip: the category list shows it',
    async (width) => {
      const { html, container, ...hydration } = await serverThenHydrateAt(width, WITH_CATEGORY);
      expectCleanHydration(hydration);
      expect(parse(html).querySelector('[data-testid="applied-filters"]')).toBeNull();
      expect(container.querySelector('[data-testid="applied-filters"]')).toBeNull();
      if (width >= 1440) {
        const sidebar = container.querySelector('[data-testid="listing-sidebar"]') as HTMLElement;
        const ticked = [...sidebar.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].filter((box) => box.checked);
        expect(ticked.map((box) => box.closest('label')?.textContent)).toEqual([expect.stringContaining('Кроссовки')]);
      }
    },
  );
});
