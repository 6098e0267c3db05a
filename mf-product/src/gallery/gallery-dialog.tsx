import { Button, Dialog } from '@shop/mf-shared';
import { useEffect, useRef } from 'react';
import type { PhotoData } from '../product/product-data.ts';
import styles from './gallery-dialog.module.css';
import { useModalDialog } from './use-modal-dialog.ts';

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
  const dialog = useModalDialog();
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
    <Dialog ref={dialog} variant="sheet" className={styles.gallery} aria-label="Фотографии товара" onDismiss={onClose}>
      <div className={styles.bar}>
        <h2 className={styles.title}>{name}</h2>
        <Button variant="plain" className={styles.close} aria-label="Закрыть галерею" onClick={onClose}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </Button>
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
              <img
                src={photo.url}
                width={photo.width}
                height={photo.height}
                alt=""
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
