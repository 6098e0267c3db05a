import { describe, expect, it } from 'vitest';
import { listingProduct } from './listing-product.fixtures.ts';
import { toCardData } from './to-card-data.ts';

const product = listingProduct('5', 'Кроссовки Nike Dunk Low', {
  modelId: '3',
  sku: 'DV9504-286',
  webPath: '/product/x',
  photo: null,
});

const offers = (...prices: number[]) => prices.map((priceInRUB) => ({ priceInRUB, soldOut: false }));

describe('listing element → card data', () => {
  it('has no single price when the sizes cost differently', () => {
    expect(toCardData(product, offers(12990, 13990)).priceInRUB).toBeNull();
  });
  it('keeps the price when every size costs the same', () => {
    expect(toCardData(product, offers(12990, 12990)).priceInRUB).toBe(12990);
    expect(toCardData(product, []).priceInRUB).toBe(12990);
  });
  // No «от» when only a sold-out size costs more (Samba OG olive).
  it('says one price when only a sold-out size costs more', () => {
    const card = toCardData(product, [...offers(13990, 13990), { priceInRUB: 14990, soldOut: true }]);
    expect(card.priceInRUB).toBe(12990);
    expect(card.inStock).toBe(true);
  });
  it('marks a product with no size in stock as sold out and keeps its price', () => {
    const card = toCardData({ ...product, inStock: false }, [
      { priceInRUB: 12990, soldOut: true },
      { priceInRUB: 12990, soldOut: true },
    ]);
    expect(card.inStock).toBe(false);
    expect(card.priceInRUB).toBe(12990);
  });
});
