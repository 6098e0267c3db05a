// Issue 20: the cart's pages are rendered on the server, which has no browser storage, and hydrated
// in the browser that has the cart. The server's HTML and the hydration render must be the same
// markup (no hydration error), and the stored cart shows right after hydration; until then the
// page never claims «Корзина пуста».
import { ApolloClient, ApolloLink, InMemoryCache, Observable } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { act, type ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, StaticRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

// the remote's release report needs the build's version constant; nothing of it is under test here
vi.mock('../report.ts', () => ({}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const line = (id: string, name: string, price: number) => ({
  id,
  productId: `p${id}`,
  modelId: `m${id}`,
  sku: `SKU-${id}`,
  name,
  price,
  brand: { name: 'Nike' },
  mainCategory: { name: 'Кроссовки' },
  quantity: 1,
  size: '42',
  webPath: `/product/p${id}`,
});

function storeCart() {
  const items = [line('1', 'Кроссовки Nike Dunk Low', 12990), line('2', 'Кроссовки Nike Air Max 90', 17990)];
  localStorage.setItem('shop-cart', JSON.stringify({ state: { items }, version: 1 }));
  sessionStorage.setItem('shop-checkout-draft', JSON.stringify({ fullName: 'Иванова Анна', city: 'Казань' }));
}

/** A page from freshly imported modules (a new page load: new stores, read from storage). */
function page(load: () => Promise<{ default: () => ReactElement | null }>, path: string) {
  return async (server: boolean) => {
    const { default: Page } = await load();
    // stock is asked of the API: no answer here (the server's render had none either)
    const client = new ApolloClient({
      cache: new InMemoryCache(),
      link: new ApolloLink(() => new Observable(() => {})),
    });
    return (
      <ApolloProvider client={client}>
        {server ? (
          <StaticRouter location={path}>
            <Page />
          </StaticRouter>
        ) : (
          <MemoryRouter initialEntries={[path]}>
            <Page />
          </MemoryRouter>
        )}
      </ApolloProvider>
    );
  };
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

/**
 * Renders `tree` as the server does (fresh modules, no storage at all), then, with `store()`'s data
 * in the browser's storage, hydrates that HTML with freshly imported modules.
 */
async function serverThenHydrate(tree: (server: boolean) => Promise<ReactElement>, store: () => void) {
  vi.resetModules();
  const storage = { local: globalThis.localStorage, session: globalThis.sessionStorage };
  vi.stubGlobal('localStorage', undefined);
  vi.stubGlobal('sessionStorage', undefined);
  let html: string;
  try {
    html = renderToString(await tree(true));
  } finally {
    vi.stubGlobal('localStorage', storage.local);
    vi.stubGlobal('sessionStorage', storage.session);
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

describe('cart pages: server render, then hydration with the stored cart', () => {
  it('/cart: no hydration error; the server says nothing about the cart, the browser then shows its 2 lines', async () => {
    const { html, container, errors, recoverable } = await serverThenHydrate(
      page(() => import('./cart-page.tsx'), '/cart'),
      storeCart,
    );
    expect(recoverable).toEqual([]);
    expect(errors).toEqual([]);
    expect(html).not.toContain('Корзина пуста');
    expect(container.querySelectorAll('[aria-label="Товары в корзине"] > li')).toHaveLength(2);
    expect(container.textContent).toContain('Кроссовки Nike Air Max 90');
  });

  it('/checkout: no hydration error; the form comes with the draft kept in this tab', async () => {
    const { html, container, errors, recoverable } = await serverThenHydrate(
      page(() => import('./checkout-page.tsx'), '/checkout'),
      storeCart,
    );
    expect(recoverable).toEqual([]);
    expect(errors).toEqual([]);
    expect(html).not.toContain('корзина пуста');
    expect(container.querySelectorAll('[aria-label="Товары в заказе"] > li')).toHaveLength(2);
    expect((container.querySelector('input[name="city"]') as HTMLInputElement | null)?.value).toBe('Казань');
  });

  it('/cart with nothing stored: no hydration error, «Корзина пуста» after hydration', async () => {
    const { container, errors, recoverable } = await serverThenHydrate(
      page(() => import('./cart-page.tsx'), '/cart'),
      () => {},
    );
    expect(recoverable).toEqual([]);
    expect(errors).toEqual([]);
    expect(container.textContent).toContain('Корзина пуста');
  });
});
