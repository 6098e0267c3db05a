import { useApolloClient } from '@apollo/client/react';
import type { RemoteModuleId, RemoteModules } from '@shop/mf-shared';
import { useEffect } from 'react';
import { loadRemoteModule } from '../federation/remotes.ts';
import { ResolvePageDocument } from '../graphql/generated.ts';

/** The exposed module each page type shows (the same choice PageRouter makes). */
const PAGE_MODULES: Partial<Record<string, RemoteModuleId>> = {
  HOME: 'mf_catalog/HomePage',
  SEARCH: 'mf_catalog/SearchPage',
  CATEGORY: 'mf_catalog/ListingPage',
  BRAND: 'mf_catalog/ListingPage',
  PRODUCT: 'mf_product/ProductPage',
  CART: 'mf_cart/CartPage',
  CHECKOUT: 'mf_cart/CheckoutPage',
};

/**
 * When the shopper points at, focuses or touches a link inside the shop, asks the page
 * resolver about its path, warms the remote module that page needs and lets a page that can
 * (a product) fetch its first data, so the click finds all of it ready. Each path is asked once
 * (the answer stays in Apollo's cache); a failed prefetch costs nothing, the click asks again.
 */
export function usePrefetchOnIntent(): void {
  const client = useApolloClient();
  useEffect(() => {
    const asked = new Set<string>();
    const onIntent = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin || link.target === '_blank') return;
      const path = link.pathname;
      if (path === window.location.pathname || path.startsWith('/api/') || asked.has(path)) return;
      asked.add(path);
      client
        .query({ query: ResolvePageDocument, variables: { path, query: '' } })
        .then(async ({ data }) => {
          const page = data?.resolvePage;
          const module = page && PAGE_MODULES[page.type];
          if (!page || !module || page.status !== 200) return;
          const component = await loadRemoteModule(module);
          // A page that says how to fetch its first data does it now, so the click renders from the cache.
          if (module === 'mf_product/ProductPage' && page.id && 'prefetch' in component) {
            await (component as RemoteModules['mf_product/ProductPage']).prefetch?.({ id: page.id }, client);
          }
        })
        .catch(() => asked.delete(path));
    };
    const options = { passive: true, capture: true };
    for (const type of ['pointerover', 'focusin', 'touchstart']) document.addEventListener(type, onIntent, options);
    return () => {
      for (const type of ['pointerover', 'focusin', 'touchstart']) document.removeEventListener(type, onIntent, options);
    };
  }, [client]);
}
