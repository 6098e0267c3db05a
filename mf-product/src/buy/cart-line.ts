import { type AnalyticsProduct, ecommerceProduct, type NewCartItem } from '@shop/mf-shared';
import type { OfferData, ProductData } from '../product/product-data.ts';

/** The cart line for one size of this product, as the cart store and the cart remote expect it. */
export function toCartItem(product: ProductData, offer: OfferData): NewCartItem {
  return {
    id: offer.id,
    productId: product.productId,
    modelId: product.modelId ?? product.id,
    sku: offer.sku,
    name: product.name,
    price: offer.priceInRUB,
    brand: { name: product.brand.name },
    mainCategory: { name: product.mainCategory.name },
    size: offer.size,
    ...(product.photo ? { image: product.photo.fullpath } : {}),
    webPath: product.webPath,
  };
}

/**
 * The e-commerce payload (spec §3), through the shared mapper: the product's id in a detail
 * view and once a size is added alike; the added size is the variant.
 */
export function toAnalyticsProduct(product: ProductData, offer: OfferData | null = null): AnalyticsProduct {
  return ecommerceProduct({
    productId: product.productId,
    name: product.name,
    price: offer ? offer.priceInRUB : product.minPriceInRUB,
    brand: product.brand.name,
    category: product.mainCategory.name,
    size: offer?.size,
    ...(offer ? { quantity: 1 } : {}),
  });
}
