import type { ComponentType } from 'react';

/**
 * The federation contract: every module a remote exposes and the props the host passes.
 * The host types `loadRemote()` with this map, and each remote checks its exposed
 * components against it (see each remote's `src/exposes.ts`), so a breaking change fails
 * type-checking on both sides instead of at run time in a shopper's browser.
 */
export type PageType = 'HOME' | 'SEARCH' | 'CATEGORY' | 'BRAND' | 'PRODUCT' | 'CART' | 'CHECKOUT' | 'ORDER' | 'NOT_FOUND';

export interface ListingPageProps {
  type: 'CATEGORY' | 'BRAND';
  id: string;
}
export interface ProductPageProps {
  id: string;
}
export interface OrderPageProps {
  id: string;
}

export interface RemoteModules {
  'mf_catalog/HomePage': ComponentType;
  'mf_catalog/ListingPage': ComponentType<ListingPageProps>;
  'mf_catalog/SearchPage': ComponentType;
  'mf_product/ProductPage': ComponentType<ProductPageProps>;
  'mf_cart/CartPage': ComponentType;
  'mf_cart/CheckoutPage': ComponentType;
  'mf_cart/OrderPage': ComponentType<OrderPageProps>;
  /** Quick-cart panel and the «Товар в корзине!» toast, mounted once by the host on every page. */
  'mf_cart/CartOverlay': ComponentType;
}

export type RemoteModuleId = keyof RemoteModules;
export type RemoteName = RemoteModuleId extends `${infer R}/${string}` ? R : never;

export const REMOTE_NAMES = ['mf_catalog', 'mf_product', 'mf_cart'] as const satisfies readonly RemoteName[];

/** remote name → manifest URL of its active version. */
export type RemoteRegistry = Record<string, string>;
