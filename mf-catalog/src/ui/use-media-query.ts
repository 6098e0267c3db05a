import { useSyncExternalStore } from 'react';

/** Whether a media query matches now, following changes (e.g. rotating a phone). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Desktop filters (chips) from 1024 px; below, the row of buttons and the «Фильтры» modal. */
export const DESKTOP_QUERY = '(min-width: 1024px)';

/**
 * Wide desktop screens from 1440 px: the filters become a sidebar beside the results. The layout
 * itself (the sidebar's column) is CSS at the same width, in listing/sidebar.module.css.
 */
export const WIDE_QUERY = '(min-width: 1440px)';
