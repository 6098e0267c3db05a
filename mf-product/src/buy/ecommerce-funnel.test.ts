import type { ProductCardData } from '@shop/contracts/remotes';
import { type CartItem, sanitizeCartItems } from '@shop/mf-shared';
import { describe, expect, it } from 'vitest';
// biome-ignore lint/style/noRestrictedImports: this test follows one product through every remote's e-commerce payload (the apps themselves never import each other)
import { analyticsProduct as cartLinePayload, orderLineProduct } from '../../../mf-cart/src/cart-lines/analytics-product.ts';
// biome-ignore lint/style/noRestrictedImports: as above, the card's payload in mf-catalog
import { analyticsProduct as cardPayload } from '../../../mf-catalog/src/analytics/analytics-product.ts';
import type { OfferData, ProductData } from '../product/product-data.ts';
import { toAnalyticsProduct, toCartItem } from './cart-line.ts';

// One product (colour) followed through the funnel: its card in a list, its page, one size
// added, that cart line removed / checked out, and the order line of the purchase.
const product = {
  id: '22',
  productId: '22',
  modelId: '9',
  name: 'Кроссовки Adidas Samba OG',
  sku: 'IG9021-345',
  webPath: '/product/adidas-samba-og-olive-ig9021-345',
  colorName: 'оливковый',
  minPriceInRUB: 13990,
  brand: { name: 'Adidas' },
  mainCategory: { name: 'Кроссовки' },
  photo: null,
} as unknown as ProductData;
const offer = { id: '104', sku: 'IG9021-345-41', size: '41', priceInRUB: 13990 } as unknown as OfferData;
const card = {
  id: '22',
  productId: '22',
  name: product.name,
  sku: 'IG9021-345',
  webPath: product.webPath,
  photo: null,
  priceInRUB: 13990,
  minPriceInRUB: 13990,
  brand: { name: 'Adidas' },
  mainCategory: { name: 'Кроссовки' },
  variants: [{ id: '22', name: product.name, color: '#556b2f', colorName: 'оливковый', webPath: product.webPath }],
} as ProductCardData;

describe('e-commerce funnel', () => {
  it('names one product by one id in every event, and the size goes in variant', () => {
    // The cart line goes through the cart store's own reading of localStorage.
    const [line] = sanitizeCartItems([{ ...toCartItem(product, offer), quantity: 1 }]) as [CartItem];
    const orderLine = {
      productId: '22',
      offerId: '104',
      sku: 'IG9021-345-41',
      size: '41',
      name: product.name,
      price: 13990,
      quantity: 1,
      product: { brand: { name: 'Adidas' }, mainCategory: { name: 'Кроссовки' } },
    };
    const payloads = {
      impression: cardPayload(card, 'Adidas', 1),
      detail: toAnalyticsProduct(product),
      add: toAnalyticsProduct(product, offer),
      removeOrCheckout: cartLinePayload(line),
      purchase: orderLineProduct(orderLine),
    };
    for (const payload of Object.values(payloads)) expect(payload.id).toBe('22');
    expect(payloads.add.variant).toBe('41');
    expect(payloads.removeOrCheckout.variant).toBe('41');
    expect(payloads.detail.variant).toBeUndefined();
    expect(payloads.purchase).toMatchObject({ variant: '41', brand: 'Adidas', category: 'Кроссовки' });
  });

  it('a cart line stored by an older release (no product id) still reports', () => {
    const [line] = sanitizeCartItems([
      { id: '104', modelId: '9', sku: 'IG9021-345-41', name: 'x', price: 1, quantity: 1, size: '41' },
    ]) as [CartItem];
    expect(cartLinePayload(line)).toMatchObject({ id: 'IG9021-345-41', variant: '41' });
  });
});
