import { useApolloClient } from '@apollo/client/react';
import type { PageComponent } from '@shop/contracts/remotes';
import { useEffect } from 'react';
import { loadRemoteModule } from '../federation/remotes.ts';
import { ResolvePageDocument } from '../graphql/generated.ts';
import { pageView } from './page-view.ts';

/**
 * When the shopper points at, focuses or touches a link inside the shop, asks the page
 * resolver about its path, warms the remote module that page needs (page-view.ts) and lets a
 * page that can (one with a `prefetch`, such as the product page) fetch its first data, so the
 * click finds all of it ready. Each path is asked once (the answer stays in Apollo's cache);
 * a failed prefetch costs nothing, the click asks again.
 */
export function usePrefetchOnIntent(): void {
  const client = useApolloClient();
  useEffect(() => {
    const asked = new Set<string>();
    const onIntent = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin || link.target === '_blank')
        return;
      const path = link.pathname;
      if (path === window.location.pathname || path.startsWith('/api/') || asked.has(path)) return;
      asked.add(path);
      client
        .query({ query: ResolvePageDocument, variables: { path, query: '' } })
        .then(async ({ data }) => {
          const page = data?.resolvePage;
          // Order pages are left out of the warming, as they always were.
          const view = page?.status === 200 && page.type !== 'ORDER' ? pageView(page) : null;
          if (!view) return;
          const component = (await loadRemoteModule(view.module)) as PageComponent<object>;
          // A page that says how to fetch its first data does it now, so the click renders from the cache.
          await component.prefetch?.(view.props, client);
        })
        .catch(() => asked.delete(path));
    };
    const options = { passive: true, capture: true };
    for (const type of ['pointerover', 'focusin', 'touchstart']) document.addEventListener(type, onIntent, options);
    return () => {
      for (const type of ['pointerover', 'focusin', 'touchstart'])
        document.removeEventListener(type, onIntent, options);
    };
  }, [client]);
}
