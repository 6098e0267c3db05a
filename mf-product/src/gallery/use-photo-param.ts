import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router-dom';

/** What this product page's history entries say about the gallery (react-router's location state). */
interface GalleryEntry {
  /** The grid is open on this entry (pushed when it opened). */
  grid?: boolean;
  /** How many viewer entries lead here from the grid's entry: 1 for the photo opened, +1 per step. */
  depth?: number;
  /** The page photo the grid was opened from (focus returns to it). */
  from?: string | null;
}

function entryOf(state: unknown): GalleryEntry {
  if (typeof state !== 'object' || state === null) return {};
  const { grid, depth, from } = state as Record<string, unknown>;
  return {
    grid: grid === true,
    depth: typeof depth === 'number' && Number.isInteger(depth) && depth > 0 ? depth : 0,
    from: typeof from === 'string' ? from : null,
  };
}

export interface GalleryHistory {
  /** The photo open in the viewer (the URL's `photoId`), or null. */
  photoId: string | null;
  /** The grid is open (an entry of its own, or under a photo). */
  gridOpen: boolean;
  from: string | null;
  openGrid(from: string | null): void;
  closeGrid(): void;
  /** Opens the viewer on a photo, or steps to another one: a new history entry each. */
  showPhoto(id: string): void;
  closeViewer(): void;
}

/**
 * The gallery in the browser's history. The open photo lives in the URL (`?photoId=`), so a
 * reload, a shared link and Back/Forward land on the same photo; the open grid is an entry of
 * its own (same URL, marked in the entry's state). Opening the grid, opening a photo and
 * stepping to another photo each add an entry; closing adds none: it goes back over the
 * entries the gallery added, so Back afterwards leaves the product rather than reopening the
 * viewer, and Back while the viewer or grid is open closes it before it leaves the product.
 * A link straight to a photo gets the same entries (page, grid, photo) on arrival.
 *
 * `photoId` valid tells whether the URL's photo exists (a stale link opens nothing).
 */
export function useGalleryHistory(photoIdValid: (id: string) => boolean): GalleryHistory {
  const location = useLocation();
  const navigate = useNavigate();
  const navigationType = useNavigationType();
  const photoId = new URLSearchParams(location.search).get('photoId');
  const entry = useMemo(() => entryOf(location.state), [location.state]);
  // The viewer's depth counts each step as it is asked for: quick key presses step again before
  // the router has rendered the entry the previous one pushed. So an entry rendered after a push
  // never lowers the count (a later step's entry may already be in the browser's history); Back
  // and Forward set it to the entry's own.
  const depth = useRef(0);
  const syncedKey = useRef<string | null>(null);
  if (syncedKey.current !== location.key) {
    syncedKey.current = location.key;
    const shown = photoId !== null ? (entry.depth ?? 0) : 0;
    depth.current = navigationType === 'PUSH' && shown > 0 ? Math.max(depth.current, shown) : shown;
  }

  const href = useCallback(
    (id: string | null) => {
      const next = new URLSearchParams(location.search);
      if (id === null) next.delete('photoId');
      else next.set('photoId', id);
      const query = next.toString();
      return `${location.pathname}${query ? `?${query}` : ''}${location.hash}`;
    },
    [location.pathname, location.search, location.hash],
  );
  const go = useCallback(
    (to: string, state: GalleryEntry | null, replace = false) => navigate(to, { state, replace, preventScrollReset: true }),
    [navigate],
  );

  const arrivedOnPhoto = photoId !== null && photoIdValid(photoId) && !entry.depth;
  useEffect(() => {
    if (!arrivedOnPhoto || photoId === null) return;
    go(href(null), null, true);
    go(href(null), { grid: true, from: null });
    go(href(photoId), { grid: true, depth: 1, from: null });
  }, [arrivedOnPhoto, photoId, go, href]);

  return {
    photoId,
    gridOpen: entry.grid === true || (photoId !== null && photoIdValid(photoId)),
    from: entry.from ?? null,
    openGrid: (from) => go(href(null), { grid: true, from }),
    closeGrid: () => {
      if (entry.grid && photoId === null) navigate(-1);
      else go(href(null), null, true);
    },
    showPhoto: (id) => {
      depth.current += 1;
      go(href(id), { grid: true, depth: depth.current, from: entry.from ?? null });
    },
    closeViewer: () => {
      if (depth.current > 0) navigate(-depth.current);
      else go(href(null), { grid: true, from: entry.from ?? null }, true);
    },
  };
}
