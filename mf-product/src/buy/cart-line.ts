import type { AnalyticsProduct, NewCartItem } from '@shop/mf-shared';
import type { OfferData, ProductData } from '../product/product-data.ts';

/** The cart line for one size of this product, as the cart store and the cart remote expect it. */
export function toCartItem(product: ProductData, offer: OfferData): NewCartItem {
  return {
    id: offer.id,
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
 * The e-commerce payload (spec §3): the product (colour variant) in a detail view, the offer
 * once a size is added; the variant names the colour and, when known, the size.
 */
export function toAnalyticsProduct(product: ProductData, offer: OfferData | null = null): AnalyticsProduct {
  return {
    id: offer ? offer.id : product.id,
    name: product.name,
    price: offer ? offer.priceInRUB : product.minPriceInRUB,
    brand: product.brand.name,
    category: product.mainCategory.name,
    variant: offer ? `${product.colorName}, ${offer.size}` : product.colorName,
    ...(offer ? { quantity: 1 } : {}),
  };
}
