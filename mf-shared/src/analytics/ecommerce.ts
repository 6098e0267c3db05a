import { type AnalyticsGoal, reachGoal } from './counter.ts';

/** The product payload of every e-commerce event (spec §3). Prices in roubles. */
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
  /** The product's id (one colour of a model: the card's `productId`, the product page's `id`, a cart line's or order line's `productId`). */
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

/**
 * The one mapper of every e-commerce event (impression, click, detail, add, remove, checkout,
 * purchase): the product id is the same product's id in each of them, so Metrica can join a
 * product's funnel from the list to the order, and the chosen size goes in `variant` (the
 * colour is the product itself: each colour is its own product with its own id).
 */
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

type DataLayerWindow = Window & { dataLayer?: unknown[] };

/**
 * Every e-commerce event goes to `window.dataLayer` (which the counter reads), whether a
 * counter is configured or not, so the events can always be checked.
 */
export function pushEcommerce(ecommerce: Record<string, unknown>, goal?: AnalyticsGoal, win: DataLayerWindow = window): void {
  win.dataLayer ??= [];
  win.dataLayer.push({ ecommerce: { currencyCode: 'RUB', ...ecommerce } });
  if (goal) void reachGoal(goal);
}

export const analytics = {
  impressions: (products: AnalyticsProduct[]) => pushEcommerce({ impressions: products }),
  productClick: (product: AnalyticsProduct) =>
    pushEcommerce({ click: { actionField: { list: product.list }, products: [product] } }, 'product_click'),
  promoClick: (promotion: { id: string; name: string; creative: string; position: number }) =>
    pushEcommerce({ promoClick: { promotions: [promotion] } }, 'promo_click'),
  detail: (product: AnalyticsProduct) => pushEcommerce({ detail: { products: [product] } }),
  add: (product: AnalyticsProduct) => pushEcommerce({ add: { products: [product] } }, 'to_cart'),
  remove: (product: AnalyticsProduct) => pushEcommerce({ remove: { products: [product] } }, 'from_cart'),
  seeCart: () => void reachGoal('see_cart'),
  checkout: (products: AnalyticsProduct[], step = 1) => pushEcommerce({ checkout: { actionField: { step }, products } }),
  purchase: (order: { id: string; revenue: number }, products: AnalyticsProduct[]) =>
    pushEcommerce({ purchase: { actionField: order, products } }, 'order'),
};
