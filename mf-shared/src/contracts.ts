import type { ApolloClient } from '@apollo/client';
import type { ComponentProps, ComponentType, ReactNode } from 'react';

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

/** What a product card or slider needs of a listing element (a subset of the API's `Product`). */
export interface ProductCardData {
  id: string;
  productId: string;
  modelId?: string | null;
  name: string;
  sku: string;
  webPath: string;
  photo: { fullpath: string; width: number; height: number } | null;
  priceInRUB: number | null;
  minPriceInRUB: number;
  /** false: no size can be bought; the card says «Нет в наличии». Absent means in stock. */
  inStock?: boolean;
  brand: { name: string };
  mainCategory: { name: string };
  variants: { id: string; name: string; color: string; colorName: string; webPath: string }[];
}

export interface ProductCardProps {
  product: ProductCardData;
  /** Analytics: the list the card is shown in and its 1-based position there. */
  list?: string;
  position?: number;
  /** The first cards of a page load eagerly with high priority (LCP); the rest lazily. */
  priority?: boolean;
}

export interface ProductSliderProps {
  title: string;
  /** recommended: same category and similar price (excludeIds left out); popular: 24 000–42 000 ₽; newest. */
  list: 'recommended' | 'popular' | 'newest';
  excludeIds?: string[];
  categoryIds?: string[];
  priceFrom?: number;
  priceTo?: number;
}

/**
 * A page that can fetch its first data before it renders: the host calls `prefetch` with the
 * page's props and its Apollo client when the shopper points at a link to that page, so the
 * click renders from the cache. Optional: a page without it simply queries when it mounts.
 */
export type PageComponent<P> = ComponentType<P> & { prefetch?: (props: P, client: ApolloClient) => Promise<unknown> };

export interface RemoteModules {
  'mf_catalog/HomePage': ComponentType;
  /** Product card and slider, for other remotes to show (through the shell's RemoteSlot). */
  'mf_catalog/ProductCard': ComponentType<ProductCardProps>;
  'mf_catalog/ProductSlider': ComponentType<ProductSliderProps>;
  'mf_catalog/ListingPage': ComponentType<ListingPageProps>;
  'mf_catalog/SearchPage': ComponentType;
  /** «Избранное» (/favourites): the liked products with their current prices. */
  'mf_catalog/FavouritesPage': ComponentType;
  'mf_product/ProductPage': PageComponent<ProductPageProps>;
  'mf_cart/CartPage': ComponentType;
  'mf_cart/CheckoutPage': ComponentType;
  'mf_cart/OrderPage': ComponentType<OrderPageProps>;
  /** Quick-cart panel and the «Товар в корзине!» toast, mounted once by the host on every page. */
  'mf_cart/CartOverlay': ComponentType;
}

export type RemoteModuleId = keyof RemoteModules;

/**
 * Props of the host's `RemoteSlot`, which remotes get through `useShell().RemoteSlot` to show
 * another remote's exposed module: remotes never import each other, they ask the host.
 */
export type RemoteSlotProps<K extends RemoteModuleId> = {
  id: K;
  /** Placeholder while the code loads: a page skeleton, a block skeleton, or nothing. */
  skeleton?: 'page' | 'block' | 'none';
} & (ComponentProps<RemoteModules[K]> extends Record<string, never>
  ? { props?: undefined }
  : { props: ComponentProps<RemoteModules[K]> });
export type RemoteSlotComponent = <K extends RemoteModuleId>(props: RemoteSlotProps<K>) => ReactNode;
export type RemoteName = RemoteModuleId extends `${infer R}/${string}` ? R : never;

export const REMOTE_NAMES = ['mf_catalog', 'mf_product', 'mf_cart'] as const satisfies readonly RemoteName[];

/** remote name → manifest URL of its active version. */
export type RemoteRegistry = Record<string, string>;

/**
 * Every module id of the contract at run time: the release tooling refuses a remote build
 * whose manifest lacks one of its remote's modules. The type below fails to compile when
 * this list and `RemoteModules` drift apart.
 */
export const EXPOSED_MODULES = [
  'mf_catalog/HomePage',
  'mf_catalog/ListingPage',
  'mf_catalog/SearchPage',
  'mf_catalog/FavouritesPage',
  'mf_catalog/ProductCard',
  'mf_catalog/ProductSlider',
  'mf_product/ProductPage',
  'mf_cart/CartPage',
  'mf_cart/CheckoutPage',
  'mf_cart/OrderPage',
  'mf_cart/CartOverlay',
] as const satisfies readonly RemoteModuleId[];
type Missing = Exclude<RemoteModuleId, (typeof EXPOSED_MODULES)[number]>;
export const EXPOSED_MODULES_COMPLETE: Missing extends never ? true : Missing = true;
