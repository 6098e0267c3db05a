import { type AnalyticsProduct, type CartItem, ecommerceProduct } from '@shop/mf-shared';

/**
 * A cart line as the e-commerce payload (spec §3), through the shared mapper: the product's
 * id as on its card and page, the size as the variant. A line stored by an older release has
 * no product id; its sku stands in.
 */
export function analyticsProduct(line: CartItem): AnalyticsProduct {
  return ecommerceProduct({
    productId: line.productId || line.sku || line.id,
    name: line.name,
    price: line.price,
    brand: line.brand.name,
    category: line.mainCategory.name,
    size: line.size,
    quantity: line.quantity,
  });
}

/**
 * An order line of the purchase, through the same mapper: the product id it was ordered as, the
 * size as the variant, brand and category from the product as the catalogue has it now.
 */
export function orderLineProduct(line: {
  productId: string;
  name: string;
  price: number;
  size: string;
  quantity: number;
  product?: { brand: { name: string }; mainCategory: { name: string } } | null;
}): AnalyticsProduct {
  return ecommerceProduct({
    productId: line.productId,
    name: line.name,
    price: line.price,
    brand: line.product?.brand.name,
    category: line.product?.mainCategory.name,
    size: line.size,
    quantity: line.quantity,
  });
}
