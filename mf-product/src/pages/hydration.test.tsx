// Issue 20: the product page is rendered on the server, which has no browser storage and no
// IntersectionObserver, and hydrated in the browser. The server's HTML and the hydration render
// must be the same markup (no hydration error): the heart unliked and the recommendations'
// placeholder on both sides, the stored «Избранное» right after hydration.
import { ApolloClient, ApolloLink, InMemoryCache, Observable } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import type { ShellContextValue } from '@shop/mf-shared';
import { act, type ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, StaticRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductPageDocument } from '../graphql/generated.ts';

// the remote's release report needs the build's version constant; nothing of it is under test here
vi.mock('../report.ts', () => ({}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const offer = (id: string, size: string, priceInRUB: number, soldOut = false) => ({
  __typename: 'Offer',
  id,
  size,
  sku: `NF-${size}`,
  priceInRUB,
  soldOut,
});
const PRODUCT = {
  __typename: 'Product',
  id: '115',
  productId: '115',
  modelId: '57',
  name: 'Футболка The North Face Simple Dome',
  sku: 'NF6580-546',
  colorName: 'белый',
  text: '',
  description: 'Хлопковая футболка.',
  minPriceInRUB: 9990,
  webPath: '/product/tnf-white',
  photo: { __typename: 'Image', fullpath: '/api/images/tee.svg', width: 800, height: 800 },
  brand: { __typename: 'Brand', id: '9', name: 'The North Face', webPath: '/brands/the-north-face' },
  mainCategory: {
    __typename: 'Category',
    id: '7',
    name: 'Футболки',
    webPath: '/catalog/odezhda/futbolki',
    parent: null,
  },
  variants: [],
  gallery: [{ __typename: 'GalleryImage', id: 'g1', url: '/api/images/tee.svg', width: 800, height: 800 }],
  technicalAttributes: [],
  offers: [offer('569', 'L', 10990), offer('566', 'XS', 9990), offer('567', 'S', 9990, true)],
};

function storeLiked() {
  localStorage.setItem('shop-favourites', JSON.stringify({ state: { ids: ['115'] }, version: 1 }));
}

/** The page from freshly imported modules (a new page load: new stores, read from storage), its answer in the cache. */
async function productPage(server: boolean): Promise<ReactElement> {
  const [{ default: ProductPage }, { ShellContext }] = await Promise.all([
    import('./product-page.tsx'),
    import('@shop/mf-shared'),
  ]);
  const client = new ApolloClient({ cache: new InMemoryCache(), link: new ApolloLink(() => new Observable(() => {})) });
  client.writeQuery({ query: ProductPageDocument, variables: { id: '115' }, data: { product: PRODUCT } as never });
  const shell = {
    shopName: 'Оригинал',
    contacts: {},
    hostVersion: 'test',
    RemoteSlot: () => null,
  } as unknown as ShellContextValue;
  const page = (
    <ShellContext.Provider value={shell}>
      <ProductPage id="115" />
    </ShellContext.Provider>
  );
  return (
    <ApolloProvider client={client}>
      {server ? (
        <StaticRouter location={PRODUCT.webPath}>{page}</StaticRouter>
      ) : (
        <MemoryRouter initialEntries={[PRODUCT.webPath]}>{page}</MemoryRouter>
      )}
    </ApolloProvider>
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/**
 * Renders `tree` as the server does (fresh modules; no storage, no IntersectionObserver), then,
 * with `store()`'s data in the browser's storage, hydrates that HTML with freshly imported modules.
 */
async function serverThenHydrate(tree: (server: boolean) => Promise<ReactElement>, store: () => void) {
  vi.resetModules();
  const browserOnly = { localStorage: globalThis.localStorage, IntersectionObserver: globalThis.IntersectionObserver };
  vi.stubGlobal('localStorage', undefined);
  vi.stubGlobal('IntersectionObserver', undefined);
  let html: string;
  try {
    html = renderToString(await tree(true));
  } finally {
    for (const [name, value] of Object.entries(browserOnly)) vi.stubGlobal(name, value);
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

describe('product page: server render, then hydration', () => {
  it('no hydration error; name, price and sizes in the HTML; the heart liked after hydration', async () => {
    const { html, container, errors, recoverable } = await serverThenHydrate(productPage, storeLiked);
    expect(recoverable).toEqual([]);
    expect(errors).toEqual([]);
    expect(html).toContain('Футболка The North Face Simple Dome');
    expect(html).toContain('aria-label="XS"');
    expect(html).toContain('aria-pressed="false"');
    const like = container.querySelector('button[aria-pressed]');
    expect(like?.getAttribute('aria-pressed')).toBe('true');
    expect(like?.getAttribute('aria-label')).toBe('Убрать из избранного: Футболка The North Face Simple Dome');
    expect([...container.querySelectorAll('button')].some((b) => b.textContent === 'В корзину')).toBe(true);
  });
});
