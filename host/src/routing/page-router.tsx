import { useQuery } from '@apollo/client/react';
import { messageFor } from '@shop/contracts/errors';
import { SectionError } from '@shop/mf-shared';
import { Navigate, useLocation } from 'react-router-dom';
import { PendingLoad } from '../federation/load-progress.tsx';
import { setHealthPage } from '../federation/health-report.ts';
import { RemoteSlot } from '../federation/remote-slot.tsx';
import { ResolvePageDocument } from '../graphql/generated.ts';
import { NotFoundPage } from '../layout/not-found-page.tsx';
import { PageMeta } from './page-meta.tsx';
import { pageView } from './page-view.ts';

/**
 * Every URL is what the API's page resolver says it is: the page type picks the remote and
 * its exposed module (page-view.ts), the object id is passed in, redirects are followed with
 * `replace`. The first page's answer arrives with the HTML (seeded into Apollo's cache at start).
 */
export function PageRouter() {
  const location = useLocation();
  // What a URL shows depends on its path; the query (filters, sort, page, photoId) is the
  // page's own state, so changing it never re-resolves or remounts the page.
  const { data, error, refetch } = useQuery(ResolvePageDocument, { variables: { path: location.pathname, query: '' } });
  if (error && !data) {
    return <SectionError message={messageFor(error)} onRetry={() => void refetch()} />;
  }
  if (!data) return <PendingLoad />;
  const page = data.resolvePage;
  // health reports of the remotes mounted from here on carry this page type
  setHealthPage(page.type);
  if ((page.status === 301 || page.status === 302) && page.location) {
    const target = page.location.includes('?') ? page.location : page.location + location.search;
    return <Navigate to={target} replace />;
  }
  // An order page answers 404 without its key (or with a wrong one): the order page itself says
  // «Заказ не найден» and what to do. Here the path alone is resolved (no key), so an order page is
  // always shown as one, and it looks the order up with the key from the address.
  const view = page.status === 404 && page.type !== 'ORDER' ? null : pageView(page);
  return (
    <>
      <PageMeta type={page.type} id={page.id} />
      {view ? (
        <RemoteSlot key={view.key} id={view.module} props={view.props} />
      ) : (
        <NotFoundPage />
      )}
    </>
  );
}
