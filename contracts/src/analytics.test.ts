import { describe, expect, it } from 'vitest';
import { type AnalyticsProduct, cardProduct, cartLineProduct, orderLineProduct, pageProduct } from './analytics.ts';
import type { ProductCardData } from './remotes.ts';

// One product (a colour of a model) followed through the funnel, each step with the data its
// remote has: the card in a list (mf-catalog), the product page and one size added (mf-product),
// the cart line removed or checked out (mf-cart, as the cart store keeps it), the order line
// of the purchase (mf-cart's order page, from the API).
const brandAndCategory = { brand: { name: 'Adidas' }, mainCategory: { name: 'Кроссовки' } };
const card: ProductCardData = {
  id: '22',
  productId: '22',
  modelId: '9',
  name: 'Кроссовки Adidas Samba OG',
  sku: 'IG9021-345',
  webPath: '/product/adidas-samba-og-olive-ig9021-345',
  photo: null,
  priceInRUB: 13990,
  minPriceInRUB: 13990,
  ...brandAndCategory,
  variants: [],
};
const product = { id: '22', productId: '22', modelId: '9', name: card.name, minPriceInRUB: 13990, ...brandAndCategory };
const offer = { id: '104', sku: 'IG9021-345-41', size: '41', priceInRUB: 13990 };
/** What mf-product's toCartItem puts in the cart: the offer's id and SKU, the product's id. */
const cartLine = {
  id: offer.id,
  productId: product.productId,
  modelId: '9',
  sku: offer.sku,
  name: product.name,
  price: offer.priceInRUB,
  size: offer.size,
  quantity: 1,
  ...brandAndCategory,
};
/** OrderQuery's line: the API names the product it was ordered as. */
const orderLine = {
  productId: '22',
  offerId: '104',
  sku: 'IG9021-345-41',
  size: '41',
  name: product.name,
  price: 13990,
  quantity: 1,
  product: brandAndCategory,
};

describe('@shop/contracts/analytics: one product, one id through the funnel', () => {
  const steps: Record<string, AnalyticsProduct> = {
    impression: cardProduct(card, 'Adidas', 1),
    detail: pageProduct(product),
    add: pageProduct(product, offer),
    removeOrCheckout: cartLineProduct(cartLine),
    purchase: orderLineProduct(orderLine),
  };

  it('names the product by its id in every event (never the offer id or SKU)', () => {
    expect(Object.fromEntries(Object.entries(steps).map(([step, p]) => [step, p.id]))).toEqual({
      impression: '22',
      detail: '22',
      add: '22',
      removeOrCheckout: '22',
      purchase: '22',
    });
  });

  it('puts the size in variant once one is chosen, with the same name, brand and category', () => {
    expect(steps.impression).toEqual({
      id: '22',
      name: card.name,
      price: 13990,
      brand: 'Adidas',
      category: 'Кроссовки',
      list: 'Adidas',
      position: 1,
    });
    expect(steps.detail).not.toHaveProperty('variant');
    for (const step of ['add', 'removeOrCheckout', 'purchase']) {
      expect(steps[step], step).toEqual({
        id: '22',
        name: card.name,
        price: 13990,
        brand: 'Adidas',
        category: 'Кроссовки',
        variant: '41',
        quantity: 1,
      });
    }
  });

  it('still reports a cart line stored before the cart kept the product id (its SKU stands in)', () => {
    const { productId: _, ...oldLine } = cartLine;
    expect(cartLineProduct(oldLine)).toMatchObject({ id: 'IG9021-345-41', variant: '41' });
  });
});
