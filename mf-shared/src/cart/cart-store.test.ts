import { storedCart } from '@shop/contracts/cart-storage';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cartItem, HOODIE } from '../testing.tsx';
import { sanitizeCartItems } from './cart-item.ts';
import { CART_STORAGE_KEY, cartCount, cartTotal, syncCartAcrossTabs, useCart } from './cart-store.ts';

const sneaker = cartItem();
const hoodie = HOODIE;
const cart = () => useCart.getState();

beforeEach(() => {
  localStorage.clear();
  useCart.setState({ items: [], panelOpen: false, lastAdded: null });
});

describe('cart store', () => {
  it('appends a new line with quantity 1 and raises an existing one by 1', () => {
    cart().add(sneaker);
    cart().add(hoodie);
    cart().add(sneaker);
    expect(cart().items.map((l) => [l.id, l.quantity])).toEqual([
      ['o1', 2],
      ['o2', 1],
    ]);
    expect(cart().lastAdded?.item.id).toBe('o1');
  });

  it('decreasing at quantity 1 removes the line, otherwise lowers it by 1', () => {
    cart().add(sneaker);
    cart().add(sneaker);
    cart().decrease('o1');
    expect(cart().items[0]?.quantity).toBe(1);
    cart().decrease('o1');
    expect(cart().items).toEqual([]);
  });

  it('sets a quantity only on an existing line and only above 0', () => {
    cart().add(sneaker);
    cart().setQuantity('o1', 5);
    expect(cart().items[0]?.quantity).toBe(5);
    cart().setQuantity('o1', 0);
    cart().setQuantity('o1', -3);
    cart().setQuantity('o1', 2.5);
    expect(cart().items[0]?.quantity).toBe(5);
    cart().setQuantity('missing', 3);
    expect(cart().items).toHaveLength(1);
  });

  it('takes a new price for an existing line only, in whole roubles', () => {
    cart().add(sneaker);
    cart().updatePrice('o1', 13490);
    expect(cart().items[0]?.price).toBe(13490);
    cart().updatePrice('o1', -1);
    cart().updatePrice('o1', 99.5);
    cart().updatePrice('missing', 100);
    expect(cart().items).toHaveLength(1);
    expect(cart().items[0]?.price).toBe(13490);
  });

  it('removes a line and clears the cart', () => {
    cart().add(sneaker);
    cart().add(hoodie);
    cart().remove('o1');
    expect(cart().items.map((l) => l.id)).toEqual(['o2']);
    cart().clear();
    expect(cart().items).toEqual([]);
  });

  it('counts goods and sums the total', () => {
    cart().add(sneaker);
    cart().add(sneaker);
    cart().add(hoodie);
    expect(cartCount(cart().items)).toBe(3);
    expect(cartTotal(cart().items)).toBe(12990 * 2 + 8990);
  });

  it('persists to localStorage and reloads from it', async () => {
    cart().add(sneaker);
    const stored = JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '{}');
    expect(stored.state.items[0]).toMatchObject({ id: 'o1', quantity: 1 });
    expect(stored.state.panelOpen).toBeUndefined();
    const saved = localStorage.getItem(CART_STORAGE_KEY) as string;
    useCart.setState({ items: [] });
    // What a fresh page load finds:
    localStorage.setItem(CART_STORAGE_KEY, saved);
    await useCart.persist.rehydrate();
    expect(cart().items[0]?.id).toBe('o1');
  });

  it('recovers from a corrupt or hostile stored cart without crashing', async () => {
    localStorage.setItem(CART_STORAGE_KEY, '{not json');
    await useCart.persist.rehydrate();
    expect(cart().items).toEqual([]);
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({
        version: 1,
        state: {
          items: [{ ...sneaker, quantity: 1e9 }, { id: 'x', name: 5 }, null, { ...hoodie, price: 'free' }, 'junk'],
        },
      }),
    );
    await useCart.persist.rehydrate();
    expect(cart().items).toHaveLength(1);
    expect(cart().items[0]).toMatchObject({ id: 'o1', quantity: 99 });
  });

  it('keeps a stored link or image only when it is a path on this site', () => {
    const lines = sanitizeCartItems([
      { ...sneaker, id: 'a', webPath: '/product/nike-air-max-90', image: '/api/images/a.svg' },
      { ...sneaker, id: 'b', webPath: '//evil.example/product', image: '//evil.example/x.svg' },
      { ...sneaker, id: 'c', webPath: '/\\evil.example', image: 'https://evil.example/x.svg' },
      { ...sneaker, id: 'd', webPath: 'javascript:alert(1)' },
    ]);
    expect(lines.map((l) => [l.id, l.webPath, l.image])).toEqual([
      ['a', '/product/nike-air-max-90', '/api/images/a.svg'],
      ['b', undefined, undefined],
      ['c', undefined, undefined],
      ['d', undefined, undefined],
    ]);
  });

  it('keeps the product id every e-commerce event names a line by; a line stored without it still loads', () => {
    const [withId, withoutId] = sanitizeCartItems([
      { ...sneaker, id: 'a', productId: 22, quantity: 1 },
      { ...sneaker, id: 'b', quantity: 1 },
    ]);
    expect(withId).toMatchObject({ id: 'a', productId: '22' });
    expect(withoutId).toMatchObject({ id: 'b', sku: sneaker.sku });
    expect(withoutId).not.toHaveProperty('productId');
  });

  it('reads a cart stored in the contract format, as the release smoke writes one', async () => {
    localStorage.setItem(CART_STORAGE_KEY, storedCart([{ ...hoodie, quantity: 3 }]));
    await useCart.persist.rehydrate();
    expect(cart().items).toEqual([{ ...hoodie, quantity: 3 }]);
  });

  it('recovers a cart stored by an older release (version 0) and drops a bare array', async () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({ version: 0, state: { items: [{ ...sneaker, id: 17, modelId: 3, quantity: 2 }] } }),
    );
    await useCart.persist.rehydrate();
    expect(cart().items).toEqual([{ ...sneaker, id: '17', modelId: '3', quantity: 2 }]);
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ ...sneaker, quantity: 1 }]));
    await useCart.persist.rehydrate();
    expect(cart().items).toEqual([]);
  });

  it('follows the cart written by another tab', async () => {
    const stop = syncCartAcrossTabs();
    try {
      cart().add(sneaker);
      // Another tab adds a hoodie and raises the sneaker: its write reaches this tab as a storage event.
      const other = JSON.stringify({
        version: 1,
        state: {
          items: [
            { ...sneaker, quantity: 3 },
            { ...hoodie, quantity: 1 },
          ],
        },
      });
      localStorage.setItem(CART_STORAGE_KEY, other);
      window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY, newValue: other }));
      await vi.waitFor(() =>
        expect(cart().items.map((l) => [l.id, l.quantity])).toEqual([
          ['o1', 3],
          ['o2', 1],
        ]),
      );
      // Another tab empties its cart.
      localStorage.removeItem(CART_STORAGE_KEY);
      window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY, newValue: null }));
      await vi.waitFor(() => expect(cart().items).toEqual([]));
    } finally {
      stop();
    }
  });

  it('panel shows, hides and toggles', () => {
    cart().showPanel();
    expect(cart().panelOpen).toBe(true);
    cart().togglePanel();
    expect(cart().panelOpen).toBe(false);
    cart().togglePanel();
    cart().hidePanel();
    expect(cart().panelOpen).toBe(false);
  });
});
