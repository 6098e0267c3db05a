import type { ProductCardData } from '@shop/mf-shared';
import type { ProductCardFieldsFragment } from '../graphql/generated.ts';

/**
 * A listing element as the card's contract wants it. The API gives a model's lowest price as
 * `priceInRUB` even when its sizes cost differently; the contract (spec §3) means «no single
 * price» by a null `priceInRUB`, which the card shows as «от …». So it is derived from the
 * prices of the product's offers.
 */
export function toCardData(product: ProductCardFieldsFragment, offerPrices: readonly number[]): ProductCardData {
  return {
    id: product.id,
    productId: product.productId,
    modelId: product.modelId,
    name: product.name,
    sku: product.sku,
    webPath: product.webPath,
    photo: product.photo,
    priceInRUB: new Set(offerPrices).size > 1 ? null : product.priceInRUB,
    minPriceInRUB: product.minPriceInRUB,
    brand: { name: product.brand.name },
    mainCategory: { name: product.mainCategory.name },
    variants: product.variants.map(({ id, name, color, colorName, webPath }) => ({ id, name, color, colorName, webPath })),
  };
}
