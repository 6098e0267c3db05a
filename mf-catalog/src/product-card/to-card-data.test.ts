import { print } from 'graphql';
import { describe, expect, it } from 'vitest';
import { ProductCardFieldsFragmentDoc } from '../graphql/generated.ts';
import { listingProduct } from './listing-product.fixtures.ts';
import { toCardData } from './to-card-data.ts';
import { SWATCHES } from './variant-dots.tsx';

const product = listingProduct('5', 'Кроссовки Nike Dunk Low', { webPath: '/product/x', photo: null });

describe('listing element → card data', () => {
  it('has no single price when the API says the sizes cost differently', () => {
    expect(toCardData({ ...product, cardPriceInRUB: null }).priceInRUB).toBeNull();
  });
  it('keeps the price the API gives a card', () => {
    expect(toCardData(product).priceInRUB).toBe(12990);
    expect(toCardData(product).minPriceInRUB).toBe(12990);
  });
  it('marks a product with no size in stock as sold out', () => {
    const card = toCardData({ ...product, inStock: false });
    expect(card.inStock).toBe(false);
    expect(card.priceInRUB).toBe(12990);
  });
  it('carries only what a card draws: the swatches without the variant names', () => {
    const card = toCardData({
      ...product,
      variants: [{ __typename: 'Variant', id: '5', color: 'white', colorName: 'белый', webPath: '/product/x' }],
    });
    expect(card.variants).toEqual([{ id: '5', color: 'white', colorName: 'белый', webPath: '/product/x' }]);
    expect(card).not.toHaveProperty('sku');
  });
  it('asks the API for as many swatches as a card draws, and for the count of the rest', () => {
    const fragment = print(ProductCardFieldsFragmentDoc);
    expect(fragment).toContain(`variants(limit: ${SWATCHES})`);
    expect(toCardData({ ...product, variantCount: 7 }).variantCount).toBe(7);
  });
});
