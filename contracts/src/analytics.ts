import type { ProductCardData } from './remotes.ts';

/*
 * The Yandex Metrica e-commerce product, mapped once for the whole funnel: impressions and
 * clicks (mf-catalog's cards), detail and add (mf-product), remove and checkout (mf-cart's
 * lines), purchase (mf-cart's order page). The one id rule: `id` is the product's id (one
 * colour of a model, as on its card and page) in every event, the chosen size is `variant`,
 * so Metrica joins a product's impressions, views, adds and purchases. Pushing the events to
 * the dataLayer is a run-time matter and stays in mf-shared (`analytics`, `pushEcommerce`).
 */

/** The product payload of every e-commerce event. Prices in roubles. */
export interface AnalyticsProduct {
  id: string;
  name: string;
  price: number;
  brand?: string;
  category?: string;
  variant?: string;
  list?: string;
  position?: number;
  quantity?: number;
}

/** What the mapper needs to know about a product, wherever the event is sent from. */
export interface EcommerceSource {
  /** The product's id (one colour of a model). */
  productId: string;
  name: string;
  price: number;
  brand?: string | null;
  category?: string | null;
  /** The size, once one is chosen (add, remove, checkout, purchase). */
  size?: string | null;
  quantity?: number;
  list?: string;
  position?: number;
}

/** The one mapper every event goes through (the helpers below only pick its fields). */
export function ecommerceProduct(source: EcommerceSource): AnalyticsProduct {
  return {
    id: source.productId,
    name: source.name,
    price: source.price,
    ...(source.brand ? { brand: source.brand } : {}),
    ...(source.category ? { category: source.category } : {}),
    ...(source.size ? { variant: source.size } : {}),
    ...(source.list ? { list: source.list } : {}),
    ...(source.position ? { position: source.position } : {}),
    ...(source.quantity ? { quantity: source.quantity } : {}),
  };
}

type Named = { brand: { name: string }; mainCategory: { name: string } };

/** A card in a list (impression, click): no size yet; the card's price, else the model's lowest. */
export function cardProduct(
  card: Pick<ProductCardData, 'productId' | 'name' | 'priceInRUB' | 'minPriceInRUB'> & Named,
  list?: string,
  position?: number,
): AnalyticsProduct {
  return ecommerceProduct({
    productId: card.productId,
    name: card.name,
    price: card.priceInRUB ?? card.minPriceInRUB,
    brand: card.brand.name,
    category: card.mainCategory.name,
    ...(list ? { list } : {}),
    ...(position ? { position } : {}),
  });
}

/** The product page: its detail view (no offer), or one size added to the cart (the offer, quantity 1). */
export function pageProduct(
  product: { productId: string; name: string; minPriceInRUB: number } & Named,
  offer: { priceInRUB: number; size: string } | null = null,
): AnalyticsProduct {
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

/**
 * A cart line (remove, checkout). A line stored by a release before the cart kept the product
 * id has none: its offer's SKU stands in (then the offer id), so the event is still sent.
 */
export function cartLineProduct(
  line: {
    id: string;
    productId?: string;
    sku: string;
    name: string;
    price: number;
    size?: string;
    quantity: number;
  } & Named,
): AnalyticsProduct {
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

/** An order line of the purchase: the product it was ordered as, brand and category as the catalogue has them now. */
export function orderLineProduct(line: {
  productId: string;
  name: string;
  price: number;
  size: string;
  quantity: number;
  product?: Named | null;
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
