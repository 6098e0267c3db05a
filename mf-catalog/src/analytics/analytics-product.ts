import type { AnalyticsProduct, ProductCardData } from '@shop/mf-shared';

/** The RUB e-commerce payload of a card (spec §3): the variant is the card's colour. */
export function analyticsProduct(product: ProductCardData, list?: string, position?: number): AnalyticsProduct {
  const variant = product.variants.find((v) => v.id === product.productId)?.colorName;
  return {
    id: product.productId,
    name: product.name,
    price: product.priceInRUB ?? product.minPriceInRUB,
    brand: product.brand.name,
    category: product.mainCategory.name,
    ...(variant ? { variant } : {}),
    ...(list ? { list } : {}),
    ...(position ? { position } : {}),
  };
}
