// The cart's pages are rendered on the server, which has no browser storage, and hydrated
// in the browser that has the cart. The server's HTML and the hydration render must be the same
// markup (no hydration error), and the stored cart shows right after hydration; until then the
// page never claims «Корзина пуста».
import { expectCleanHydration, onPage, serverThenHydrate } from '@shop/mf-shared/testing';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';

// the remote's release report needs the build's version constant; nothing of it is under test here
vi.mock('../report.ts', () => ({}));

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

/**
 * A page from freshly imported modules (a new page load: new stores, read from storage); stock is
 * asked of the API, which does not answer here (the server's render had no answer either).
 */
function page(load: () => Promise<{ default: () => ReactElement | null }>, path: string) {
  return async (server: boolean) => {
    const { default: Page } = await load();
    return onPage(server, path, <Page />);
  };
}

const cartPage = page(() => import('./cart-page.tsx'), '/cart');

describe('cart pages: server render, then hydration with the stored cart', () => {
  it('/cart: no hydration error; the server says nothing about the cart, the browser then shows its 2 lines', async () => {
    const { html, container, ...hydration } = await serverThenHydrate(cartPage, { store: storeCart });
    expectCleanHydration(hydration);
    expect(html).not.toContain('Корзина пуста');
    expect(container.querySelectorAll('[aria-label="Товары в корзине"] > li')).toHaveLength(2);
    expect(container.textContent).toContain('Кроссовки Nike Air Max 90');
  });

  it('/checkout: no hydration error; the form comes with the draft kept in this tab', async () => {
    const { html, container, ...hydration } = await serverThenHydrate(
      page(() => import('./checkout-page.tsx'), '/checkout'),
      { store: storeCart },
    );
    expectCleanHydration(hydration);
    expect(html).not.toContain('корзина пуста');
    expect(container.querySelectorAll('[aria-label="Товары в заказе"] > li')).toHaveLength(2);
    expect((container.querySelector('input[name="city"]') as HTMLInputElement | null)?.value).toBe('Казань');
  });

  it('/cart with nothing stored: no hydration error, «Корзина пуста» after hydration', async () => {
    const { container, ...hydration } = await serverThenHydrate(cartPage);
    expectCleanHydration(hydration);
    expect(container.textContent).toContain('Корзина пуста');
  });
});
