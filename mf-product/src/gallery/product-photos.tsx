import { PRODUCT_PHOTO_SIZES } from '@shop/contracts/photos';
import { Photo } from '@shop/mf-shared';
import { type Ref, useEffect, useRef } from 'react';
import type { PhotoData } from '../product/product-data.ts';
import { GalleryDialog } from './gallery-dialog.tsx';
import { PhotoViewer } from './photo-viewer.tsx';
import styles from './product-photos.module.css';
import { useGalleryHistory } from './use-photo-param.ts';
import { photoIndex } from './viewer-logic.ts';

interface ProductPhotosProps {
  photos: PhotoData[];
  name: string;
}

/** Closing the gallery gives focus back to the page photo it was opened from. */
function useFocusBackOnClose(open: boolean) {
  const list = useRef<HTMLUListElement>(null);
  const returnTo = useRef<string | null>(null);
  useEffect(() => {
    if (open || returnTo.current === null) return;
    const id = returnTo.current;
    returnTo.current = null;
    list.current?.querySelector<HTMLButtonElement>(`[data-photo-id="${CSS.escape(id)}"]`)?.focus();
  }, [open]);
  return { list, returnTo };
}

interface PagePhotoListProps extends ProductPhotosProps {
  ref: Ref<HTMLUListElement>;
  onOpen(id: string): void;
}

function PagePhotoList({ photos, name, ref, onOpen }: PagePhotoListProps) {
  return (
    <ul ref={ref} className={styles.list} aria-label="Фото товара">
      {photos.map((photo, i) => (
        <li key={photo.id} className={styles.cell}>
          <button
            type="button"
            className={styles.photo}
            data-photo-id={photo.id}
            aria-label={`Фото ${i + 1} из ${photos.length}: открыть галерею`}
            onClick={() => onOpen(photo.id)}
          >
            <Photo
              image={{ fullpath: photo.url, width: photo.width, height: photo.height, color: photo.color }}
              sizes={PRODUCT_PHOTO_SIZES}
              alt={`${name}, фото ${i + 1}`}
              // On a phone the second photo peeks in beside the first: it is on screen, so it is not lazy.
              priority={i === 0}
              loading={i < 2 ? 'eager' : 'lazy'}
              draggable={false}
            />
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The photos on the page; any of them opens the full-screen gallery, whose photos open the
 * viewer. The viewer's photo is the URL's `photoId`; the gallery stays open beneath it. Both
 * are history entries (use-photo-param.ts): Back closes them, closing adds no entry.
 */
export function ProductPhotos({ photos, name }: ProductPhotosProps) {
  // A link or reload straight to a photo opens the gallery under the viewer, for closing back to.
  const history = useGalleryHistory((id) => photoIndex(photos, id) >= 0);
  const { photoId } = history;
  const index = photoIndex(photos, photoId);
  const gallery = { open: history.gridOpen, from: history.from };

  const { list, returnTo } = useFocusBackOnClose(gallery.open);
  const closeGallery = () => {
    returnTo.current = gallery.from ?? photos[0]?.id ?? null;
    history.closeGrid();
  };

  if (photos.length === 0) {
    return (
      <div className={styles.empty} role="img" aria-label="Фото скоро появится">
        Фото скоро появится
      </div>
    );
  }

  return (
    <div className={styles.photos}>
      <PagePhotoList ref={list} photos={photos} name={name} onOpen={history.openGrid} />
      {gallery.open && (
        <GalleryDialog
          photos={photos}
          name={name}
          photoId={index >= 0 ? photoId : null}
          initialPhotoId={gallery.from}
          onOpenPhoto={history.showPhoto}
          onClose={closeGallery}
        />
      )}
      {index >= 0 && (
        <PhotoViewer
          photos={photos}
          index={index}
          name={name}
          onShow={(i) => {
            const id = photos[i]?.id;
            if (id) history.showPhoto(id);
          }}
          onClose={history.closeViewer}
        />
      )}
    </div>
  );
}
