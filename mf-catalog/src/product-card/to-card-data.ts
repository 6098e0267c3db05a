import type { ProductCardData } from '@shop/contracts/remotes';
import type { ProductCardFieldsFragment } from '../graphql/generated.ts';

/** What the card needs of one offer (size) of the product. */
export interface CardOffer {
  priceInRUB: number;
  soldOut: boolean;
}

/**
 * A listing element as the card's contract wants it. The API gives a model's lowest price as
 * `priceInRUB` even when its sizes cost differently; the contract means «no single
 * price» by a null `priceInRUB`, which the card shows as «от …». So it is derived from the
 * prices of the product's offers — of the sizes one can buy: a sold-out size that costs more
 * does not make the card say «от» (the API's lowest price is over the sizes in stock, too). A
 * product with no size in stock keeps its price and is marked sold out (`inStock: false`).
 */
export function toCardData(product: ProductCardFieldsFragment, offers: readonly CardOffer[]): ProductCardData {
  const buyable = product.inStock ? offers.filter((o) => !o.soldOut) : offers;
  return {
    id: product.id,
    productId: product.productId,
    modelId: product.modelId,
    name: product.name,
    sku: product.sku,
    webPath: product.webPath,
    photo: product.photo,
    priceInRUB: new Set(buyable.map((o) => o.priceInRUB)).size > 1 ? null : product.priceInRUB,
    minPriceInRUB: product.minPriceInRUB,
    inStock: product.inStock,
    brand: { name: product.brand.name },
    mainCategory: { name: product.mainCategory.name },
    variants: product.variants.map(({ id, name, color, colorName, webPath }) => ({
      id,
      name,
      color,
      colorName,
      webPath,
    })),
  };
}
