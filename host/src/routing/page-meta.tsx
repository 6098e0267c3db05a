import { useQuery } from '@apollo/client/react';
import { pageHit } from '@shop/mf-shared';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { PageMetaDocument, type PageType } from '../graphql/generated.ts';
import { applyMeta } from './apply-meta.ts';

// The first page's meta is already in the server's HTML and its hit is the counter's own;
// after that, every route change updates the head and reports a page hit (spec §7).
let firstLocationKey: string | null = null;
let previousUrl = typeof document === 'undefined' ? '' : document.referrer;

export function PageMeta({ type, id }: { type: PageType; id?: string | null | undefined }) {
  const location = useLocation();
  firstLocationKey ??= location.key;
  const isFirst = location.key === firstLocationKey;
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
    if (isFirst) previousUrl = window.location.href;
  }, [isFirst]);
  return null;
}
