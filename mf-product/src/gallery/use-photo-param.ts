import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The open photo lives in the URL (`?photoId=`), so a reload, a shared link and the
 * browser's back and forward land on the same photo. Every change is a new history entry.
 */
export function usePhotoParam(): [photoId: string | null, setPhotoId: (id: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const setPhotoId = useCallback(
    (id: string | null) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (id === null) next.delete('photoId');
          else next.set('photoId', id);
          return next;
        },
        { preventScrollReset: true },
      ),
    [setParams],
  );
  return [params.get('photoId'), setPhotoId];
}
