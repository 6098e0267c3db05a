import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type ListingState, parseListingState, queryHref, resetParams, type UrlScheme, writeListingState } from './url-state.ts';

/**
 * The listing's state read from and written to the URL. Every change is a navigation to the
 * same path with the new query (history entry, no scroll), so back/forward and shared links
 * restore the exact listing.
 */
export function useListingUrl(scheme: UrlScheme) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseListingState(params, scheme), [params, scheme]);
  const apply = useCallback(
    (next: ListingState) => setParams(writeListingState(next, scheme, params), { preventScrollReset: true }),
    [params, scheme, setParams],
  );
  /** Reset all: the bare path; search results keep only their search text. */
  const resetAll = useCallback(() => setParams(resetParams(params), { preventScrollReset: true }), [params, setParams]);
  /** The same as a link («Сбросить все фильтры» in the sidebar). */
  const resetHref = useMemo(() => queryHref(resetParams(params)), [params]);
  const pageHref = useCallback(
    (page: number) => queryHref(writeListingState({ ...state, page }, scheme, params)),
    [params, scheme, state],
  );
  return { state, apply, resetAll, resetHref, pageHref };
}
