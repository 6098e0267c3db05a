import { useQuery } from '@apollo/client/react';
import { pageHit } from '@shop/mf-shared';
import { useEffect } from 'react';
import { type Location, useLocation } from 'react-router-dom';
import { PageMetaDocument, type PageType } from '../graphql/generated.ts';
import { applyMeta } from './apply-meta.ts';

// The first page's meta is already in the server's HTML. The counter is started with
// `defer: true` (counter-script.ts), so it sends no hit of its own: the landing page's hit is
// sent here, once per page load. After that every route change updates the head and reports
// a page hit (spec §7), Back and Forward included.
//
// "The first page" is the location object the router started with, not its key: the first
// history entry keeps its key ("default"), so Back to it must not count as the first page
// again (it would keep the previous page's title, canonical and JSON-LD and send no hit).
let firstLocation: Location | null = null;
let landingHitSent = false;
let previousUrl = typeof document === 'undefined' ? '' : document.referrer;

export function PageMeta({ type, id }: { type: PageType; id?: string | null | undefined }) {
  const location = useLocation();
  firstLocation ??= location;
  const isFirst = location === firstLocation;
  const query = location.search.replace(/^\?/, '');
  const { data, error } = useQuery(PageMetaDocument, {
    variables: { type, id: id ?? null, query },
    skip: isFirst,
  });
  useEffect(() => {
    if (isFirst || (!data && !error)) return;
    if (data?.pageMeta) applyMeta(data.pageMeta);
    const url = location.pathname + location.search;
    void pageHit(url, { title: document.title, referer: previousUrl });
    previousUrl = window.location.href;
  }, [isFirst, data, error, location.pathname, location.search]);
  useEffect(() => {
    if (!isFirst || landingHitSent) return;
    landingHitSent = true;
    void pageHit(location.pathname + location.search, { title: document.title, referer: previousUrl });
    previousUrl = window.location.href;
  }, [isFirst, location.pathname, location.search]);
  return null;
}
