import { useQuery } from '@apollo/client/react';
import { pageHit } from '@shop/mf-shared';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { PageMetaDocument, type PageType } from '../graphql/generated.ts';
import { applyMeta } from './apply-meta.ts';
import { withoutOrderKey } from './order-key.ts';

// The head (title, canonical, JSON-LD…) belongs to one address: at start the server's HTML
// has the landing page's; every other address, Back and Forward to the landing page included,
// gets its own from `pageMeta`. Each address shown is reported as one page hit: the
// counter starts with `defer: true` (counter-script.ts) and so sends none of its own, and the
// landing page's hit is sent here. The server writes the landing page's head itself: its render
// asks no `pageMeta`, so none is serialized into the page's state. A history entry that keeps the address (the product
// gallery's grid, a link to the page already shown) is not a new page view.
const urlOf = (l: { pathname: string; search: string }) => l.pathname + l.search;
let headUrl: string | null = typeof window === 'undefined' ? null : urlOf(window.location);
let lastHitUrl: string | null = null;
let previousUrl = typeof document === 'undefined' ? '' : withoutOrderKey(document.referrer);

export function PageMeta({ type, id }: { type: PageType; id?: string | null | undefined }) {
  const location = useLocation();
  const url = urlOf(location);
  const headIsRight = url === headUrl;
  // an order page's meta needs no query, and its query holds the order's access key
  const query = type === 'ORDER' ? '' : location.search.replace(/^\?/, '');
  const { data, error } = useQuery(PageMetaDocument, {
    variables: { type, id: id ?? null, query },
    skip: headIsRight || typeof window === 'undefined',
  });
  useEffect(() => {
    if (url === lastHitUrl) return;
    if (!headIsRight) {
      if (!data && !error) return;
      if (data?.pageMeta) applyMeta(data.pageMeta);
      headUrl = url;
    }
    lastHitUrl = url;
    void pageHit(withoutOrderKey(url), { title: document.title, referer: previousUrl });
    previousUrl = withoutOrderKey(window.location.href);
  }, [url, headIsRight, data, error]);
  return null;
}
