import type { NewCartItem } from '@shop/mf-shared';
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

