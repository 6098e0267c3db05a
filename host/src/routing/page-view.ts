import type { RemoteModuleId, RemoteModules } from '@shop/mf-shared';
import type { ComponentProps } from 'react';

/** A remote module with the props it is mounted with (and its `prefetch`, if it has one, is called with). */
export type PageView = {
  [K in RemoteModuleId]: { module: K; props: ComponentProps<RemoteModules[K]>; key?: string };
}[RemoteModuleId];

/**
 * What a resolved page shows: the page type picks the remote's exposed module, the object id
 * becomes its props (and the key that remounts it for another object). One table for the
 * shell's PageRouter, the links prefetched on intent and the server's preloads; null for a
 * type no remote shows (NOT_FOUND, or one this host does not know).
 */
export function pageView(page: { type: string; id?: string | null }): PageView | null {
  const id = page.id ?? '';
  switch (page.type) {
    case 'HOME':
      return { module: 'mf_catalog/HomePage', props: {} };
    case 'SEARCH':
      return { module: 'mf_catalog/SearchPage', props: {} };
    case 'CATEGORY':
    case 'BRAND':
      return { module: 'mf_catalog/ListingPage', props: { type: page.type, id }, key: `${page.type}:${page.id}` };
    case 'PRODUCT':
      return { module: 'mf_product/ProductPage', props: { id }, key: page.id ?? undefined };
    case 'FAVOURITES':
      return { module: 'mf_catalog/FavouritesPage', props: {} };
    case 'CART':
      return { module: 'mf_cart/CartPage', props: {} };
    case 'CHECKOUT':
      return { module: 'mf_cart/CheckoutPage', props: {} };
    case 'ORDER':
      return { module: 'mf_cart/OrderPage', props: { id }, key: page.id ?? undefined };
    default:
      return null;
  }
}
