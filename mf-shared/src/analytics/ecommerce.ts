import type { AnalyticsProduct } from '@shop/contracts/analytics';
import { type AnalyticsGoal, reachGoal } from './counter.ts';

// The product payload is mapped by @shop/contracts/analytics (one id rule for the whole funnel);
// only the dataLayer push, a run-time matter, is here. The mapper stays re-exported for remotes
// built before it moved, which take it from this singleton at run time.
export { type AnalyticsProduct, type EcommerceSource, ecommerceProduct } from '@shop/contracts/analytics';

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
