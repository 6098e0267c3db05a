import type { ProductCardData } from '@shop/contracts/remotes';
import type { ProductCardFieldsFragment } from '../graphql/generated.ts';

/**
 * A listing element as the card's contract wants it. The API gives a model's lowest price as
 * `priceInRUB` even when its sizes cost differently; the contract means «no single price» by a
 * null `priceInRUB`, which the card shows as «от …». The API says so itself in `cardPriceInRUB`
 * (null when the sizes one can buy cost differently; a sold-out size that costs more does not
 * count), so a card needs no offers list.
 */
export function toCardData(product: ProductCardFieldsFragment): ProductCardData {
  return {
    id: product.id,
    productId: product.productId,
    name: product.name,
    webPath: product.webPath,
    photo: product.photo,
    priceInRUB: product.cardPriceInRUB ?? null,
    minPriceInRUB: product.minPriceInRUB,
    inStock: product.inStock,
    brand: { name: product.brand.name },
    mainCategory: { name: product.mainCategory.name },
    variants: product.variants.map(({ id, color, colorName, webPath }) => ({ id, color, colorName, webPath })),
    variantCount: product.variantCount,
  };
}
