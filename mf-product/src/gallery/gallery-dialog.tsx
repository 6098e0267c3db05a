import { CloseButton, Dialog, Photo } from '@shop/mf-shared';
import { CloseIcon } from './close-icon.tsx';
import { useEffect, useRef } from 'react';
import type { PhotoData } from '../product/product-data.ts';
import styles from './gallery-dialog.module.css';
import { usePageScrollLock } from './use-page-scroll-lock.ts';

interface GalleryDialogProps {
  photos: PhotoData[];
  name: string;
  /** The photo open in the viewer above, if any. */
  photoId: string | null;
  /** A photo to bring into view when the gallery opens (the one clicked on the page). */
  initialPhotoId: string | null;
  onOpenPhoto(id: string): void;
  onClose(): void;
}

/** The full-screen gallery: every photo in a 1/2/3-column grid; a photo opens the viewer. */
export function GalleryDialog({ photos, name, photoId, initialPhotoId, onOpenPhoto, onClose }: GalleryDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  usePageScrollLock();
  const lastPhotoId = useRef<string | null>(photoId);

  const reveal = (id: string, focus: boolean) => {
    const button = dialog.current?.querySelector<HTMLButtonElement>(`[data-photo-id="${CSS.escape(id)}"]`);
    if (!button) return;
    if (focus) button.focus({ preventScroll: true });
    button.scrollIntoView({ block: 'center' });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: only on opening
  useEffect(() => {
    if (initialPhotoId && !photoId) reveal(initialPhotoId, true);
  }, []);

  // When the viewer closes (its button, Escape or the browser's back), the grid scrolls back to the photo it showed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to photoId alone
  useEffect(() => {
    const closed = lastPhotoId.current;
    lastPhotoId.current = photoId;
    if (closed && photoId === null) reveal(closed, true);
  }, [photoId]);

  return (
    <Dialog
      ref={dialog}
      variant="sheet"
      shown
      className={styles.gallery}
      aria-label="Фотографии товара"
      onDismiss={onClose}
    >
      <div className={styles.bar}>
        <h2 className={styles.title}>{name}</h2>
        <CloseButton className={styles.close} label="Закрыть галерею" onClick={onClose}>
          <CloseIcon />
        </CloseButton>
      </div>
      <ul className={styles.grid}>
        {photos.map((photo, i) => (
          <li key={photo.id}>
            <button
              type="button"
              className={styles.item}
              data-photo-id={photo.id}
              aria-label={`Открыть фото ${i + 1} из ${photos.length}`}
              onClick={() => onOpenPhoto(photo.id)}
            >
              <Photo
                image={{ fullpath: photo.url, width: photo.width, height: photo.height, color: photo.color }}
                sizes="(min-width: 1024px) 33vw, 50vw"
                loading={i < 3 ? 'eager' : 'lazy'}
                draggable={false}
              />
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
