import type { AnalyticsProduct, CartItem } from '@shop/mf-shared';

/** A cart line as the e-commerce payload (spec §3): price in roubles, the size as the variant. */
export function analyticsProduct(line: CartItem): AnalyticsProduct {
  return {
    id: line.sku || line.id,
    name: line.name,
    price: line.price,
    brand: line.brand.name || undefined,
    category: line.mainCategory.name || undefined,
    variant: line.size,
    quantity: line.quantity,
  };
}
