import { useQuery } from '@apollo/client/react';
import { SectionError } from '@shop/mf-shared';
import { Navigate, useLocation } from 'react-router-dom';
import { PendingLoad } from '../federation/load-progress.tsx';
import { RemoteSlot } from '../federation/remote-slot.tsx';
import { ResolvePageDocument } from '../graphql/generated.ts';
import { NotFoundPage } from '../layout/not-found-page.tsx';
import { PageMeta } from './page-meta.tsx';

/**
 * Every URL is what the API's page resolver says it is: the page type picks the remote and
 * its exposed module, the object id is passed in, redirects are followed with `replace`.
 * The first page's answer arrives with the HTML (seeded into Apollo's cache at start).
 */
export function PageRouter() {
  const location = useLocation();
  // What a URL shows depends on its path; the query (filters, sort, page, photoId) is the
  // page's own state, so changing it never re-resolves or remounts the page.
  const { data, error, refetch } = useQuery(ResolvePageDocument, { variables: { path: location.pathname, query: '' } });
  if (error && !data) {
    return <SectionError title="Не удалось загрузить. Проверьте соединение" onRetry={() => void refetch()} />;
  }
  if (!data) return <PendingLoad />;
  const page = data.resolvePage;
  if ((page.status === 301 || page.status === 302) && page.location) {
    const target = page.location.includes('?') ? page.location : page.location + location.search;
    return <Navigate to={target} replace />;
  }
  const meta = <PageMeta type={page.type} id={page.id} />;
  switch (page.status === 404 ? 'NOT_FOUND' : page.type) {
    case 'HOME':
      return (
        <>
          {meta}
          <RemoteSlot id="mf_catalog/HomePage" />
        </>
      );
    case 'SEARCH':
      return (
        <>
          {meta}
          <RemoteSlot id="mf_catalog/SearchPage" />
        </>
      );
    case 'CATEGORY':
    case 'BRAND':
      return (
        <>
          {meta}
          <RemoteSlot
            key={`${page.type}:${page.id}`}
            id="mf_catalog/ListingPage"
            props={{ type: page.type as 'CATEGORY' | 'BRAND', id: page.id ?? '' }}
          />
        </>
      );
    case 'PRODUCT':
      return (
        <>
          {meta}
          <RemoteSlot key={page.id} id="mf_product/ProductPage" props={{ id: page.id ?? '' }} />
        </>
      );
    case 'CART':
      return (
        <>
          {meta}
          <RemoteSlot id="mf_cart/CartPage" />
        </>
      );
    case 'CHECKOUT':
      return (
        <>
          {meta}
          <RemoteSlot id="mf_cart/CheckoutPage" />
        </>
      );
    case 'ORDER':
      return (
        <>
          {meta}
          <RemoteSlot key={page.id} id="mf_cart/OrderPage" props={{ id: page.id ?? '' }} />
        </>
      );
    default:
      return (
        <>
          {meta}
          <NotFoundPage />
        </>
      );
  }
}
