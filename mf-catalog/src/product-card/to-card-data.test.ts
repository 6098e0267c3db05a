import { describe, expect, it } from 'vitest';
import type { ProductCardFieldsFragment } from '../graphql/generated.ts';
import { toCardData } from './to-card-data.ts';

const product: ProductCardFieldsFragment = {
  __typename: 'Product',
  id: '5',
  productId: '5',
  modelId: '3',
  name: 'Кроссовки Nike Dunk Low',
  sku: 'DV9504-286',
  webPath: '/product/x',
  photo: null,
  priceInRUB: 12990,
  minPriceInRUB: 12990,
  brand: { __typename: 'Brand', id: '1', name: 'Nike' },
  mainCategory: { __typename: 'Category', id: '2', name: 'Кроссовки' },
  variants: [],
};

describe('listing element → card data', () => {
  it('has no single price when the sizes cost differently', () => {
    expect(toCardData(product, [12990, 13990]).priceInRUB).toBeNull();
  });
  it('keeps the price when every size costs the same', () => {
    expect(toCardData(product, [12990, 12990]).priceInRUB).toBe(12990);
    expect(toCardData(product, []).priceInRUB).toBe(12990);
  });
});
