// The product page is rendered on the server, which has no browser storage and no
// IntersectionObserver, and hydrated in the browser. The server's HTML and the hydration render
// must be the same markup (no hydration error): the heart unliked and the recommendations'
// placeholder on both sides, the stored «Избранное» right after hydration.
import { expectCleanHydration, onPage, serverThenHydrate, testClient, testShell } from '@shop/mf-shared/testing';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ProductPageDocument } from '../graphql/generated.ts';
import { PRODUCT } from '../product/product.fixtures.ts';

// the remote's release report needs the build's version constant; nothing of it is under test here
vi.mock('../report.ts', () => ({}));

const storeLiked = () =>
  localStorage.setItem('shop-favourites', JSON.stringify({ state: { ids: ['115'] }, version: 1 }));

/** The page from freshly imported modules (a new page load: new stores, read from storage), its answer in the cache. */
async function productPage(server: boolean): Promise<ReactElement> {
  const [{ default: ProductPage }, { ShellContext }] = await Promise.all([
    import('./product-page.tsx'),
    import('@shop/mf-shared'),
  ]);
  const client = testClient({
    seed: (c) =>
      c.writeQuery({ query: ProductPageDocument, variables: { id: '115' }, data: { product: PRODUCT } as never }),
  });
  return onPage(
    server,
    PRODUCT.webPath,
    <ShellContext.Provider value={testShell()}>
      <ProductPage id="115" />
    </ShellContext.Provider>,
    client,
  );
}

describe('product page: server render, then hydration', () => {
  it('no hydration error; name, price and sizes in the HTML; the heart liked after hydration', async () => {
    const { html, container, ...hydration } = await serverThenHydrate(productPage, { store: storeLiked });
    expectCleanHydration(hydration);
    expect(html).toContain('Футболка The North Face Simple Dome');
    expect(html).toContain('aria-label="XS"');
    expect(html).toContain('aria-pressed="false"');
    const like = container.querySelector('button[aria-pressed]');
    expect(like?.getAttribute('aria-pressed')).toBe('true');
    expect(like?.getAttribute('aria-label')).toBe('Убрать из избранного: Футболка The North Face Simple Dome');
    expect([...container.querySelectorAll('button')].some((b) => b.textContent === 'В корзину')).toBe(true);
  });
});
