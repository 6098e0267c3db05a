import { useBrowserSnapshot } from '@shop/mf-shared';
import { useCallback } from 'react';

const unknown = () => false;

/** Whether a media query matches now, following changes (e.g. rotating a phone); false while hydrating. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const matches = useCallback(() => window.matchMedia(query).matches, [query]);
  return useBrowserSnapshot(subscribe, matches, unknown);
}

/** Desktop filters (chips) from 1024 px; below, the row of buttons and the «Фильтры» modal. */
export const DESKTOP_QUERY = '(min-width: 1024px)';

/**
 * Wide desktop screens from 1440 px: the filters become a sidebar beside the results. The layout
 * itself (the sidebar's column) is CSS at the same width, in listing/sidebar.module.css.
 */
export const WIDE_QUERY = '(min-width: 1440px)';
