import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type ListingState, parseListingState, type UrlScheme, writeListingState } from './url-state.ts';

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
  const resetAll = useCallback(() => {
    const keep = new URLSearchParams();
    const search = params.get('search');
    if (search != null) keep.set('search', search);
    setParams(keep, { preventScrollReset: true });
  }, [params, setParams]);
  const pageHref = useCallback(
    (page: number) => {
      const query = writeListingState({ ...state, page }, scheme, params).toString();
      return query ? `?${query}` : '?';
    },
    [params, scheme, state],
  );
  return { state, apply, resetAll, pageHref };
}
