// Test data (*.fixtures.ts): imported by tests only. Lint refuses it to production code and the
// package's build project (tsconfig.src.json) leaves it out.
import type { ProductCardFieldsFragment } from '../graphql/generated.ts';

/**
 * A listing element as the API answers it (the ProductCardFields fragment of the listings, the
 * favourites and the sliders): Nike sneakers in stock at 12 990 ₽ unless `overrides` say otherwise.
 */
export function listingProduct(
  id: string,
  name: string,
  overrides: Partial<ProductCardFieldsFragment> = {},
): ProductCardFieldsFragment {
  return {
    __typename: 'Product',
    id,
    productId: id,
    name,
    webPath: `/product/p${id}`,
    photo: { __typename: 'Image', fullpath: `/api/images/${id}.svg`, width: 800, height: 800, color: null },
    cardPriceInRUB: 12990,
    minPriceInRUB: 12990,
    inStock: true,
    brand: { __typename: 'Brand', id: '1', name: 'Nike' },
    mainCategory: { __typename: 'Category', id: '2', name: 'Кроссовки' },
    variants: [],
    variantCount: 1,
    ...overrides,
  };
}
