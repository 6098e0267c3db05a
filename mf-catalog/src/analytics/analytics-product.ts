import type { ProductCardData } from '@shop/contracts/remotes';
import { type AnalyticsProduct, ecommerceProduct } from '@shop/mf-shared';

/** The RUB e-commerce payload of a card (spec §3), through the shared mapper: the product's id, no size yet. */
export function analyticsProduct(product: ProductCardData, list?: string, position?: number): AnalyticsProduct {
  return ecommerceProduct({
    productId: product.productId,
    name: product.name,
    price: product.priceInRUB ?? product.minPriceInRUB,
    brand: product.brand.name,
    category: product.mainCategory.name,
    ...(list ? { list } : {}),
    ...(position ? { position } : {}),
  });
}
