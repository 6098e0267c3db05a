import { CloseButton, Dialog, Photo } from '@shop/mf-shared';
import { CloseIcon } from './close-icon.tsx';
import { type PointerEvent, useEffect, useEffectEvent, useLayoutEffect, useRef } from 'react';
import type { PhotoData } from '../product/product-data.ts';
import styles from './photo-viewer.module.css';
import { ThumbnailStrip } from './thumbnail-strip.tsx';
import { usePageScrollLock } from './use-page-scroll-lock.ts';
import { useSlideDirection } from './use-slide-direction.ts';
import { hasNext, hasPrevious, keyStep, stepIndex, swipeStep } from './viewer-logic.ts';

interface PhotoViewerProps {
  photos: PhotoData[];
  index: number;
  name: string;
  onShow(index: number): void;
  onClose(): void;
}

/**
 * Steps through the photos with the arrow keys and returns the step for the buttons and swipes.
 * Steps count from the last photo asked for, so quick key presses are not lost before the URL
 * catches up: a photo the router shows on its way to the last one asked for (a step's entry
 * rendered after the next key press) does not take the count back. Any other photo shown (Back,
 * a thumbnail) is where the next step starts.
 */
function usePhotoSteps(index: number, count: number, onShow: (index: number) => void) {
  const shown = useRef(index);
  // the photos asked for whose entries the router has not shown yet, oldest first
  const pending = useRef<number[]>([]);
  useLayoutEffect(() => {
    const at = pending.current.indexOf(index);
    pending.current = at >= 0 ? pending.current.slice(at + 1) : [];
    shown.current = pending.current.at(-1) ?? index;
  }, [index]);
  const step = (by: -1 | 1) => {
    const target = stepIndex(shown.current, by, count);
    if (target === null) return;
    shown.current = target;
    pending.current.push(target);
    onShow(target);
  };

  // Keys are read on the document: the focused button may just have gone (no «next» on the last photo).
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    const by = keyStep(event.key);
    if (by === 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    step(by);
  });
  // Attached before paint: a viewer on screen already answers the keys.
  useLayoutEffect(() => {
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return step;
}

/** A horizontal swipe on the stage steps to the previous or next photo. */
function useSwipe(step: (by: -1 | 1) => void) {
  const pointer = useRef<{ x: number; y: number } | null>(null);
  return {
    onPointerDown: (event: PointerEvent) => {
      pointer.current = { x: event.clientX, y: event.clientY };
    },
    onPointerUp: (event: PointerEvent) => {
      const start = pointer.current;
      pointer.current = null;
      if (!start) return;
      const by = swipeStep(event.clientX - start.x, event.clientY - start.y);
      if (by !== 0) step(by);
    },
    onPointerCancel: () => {
      pointer.current = null;
    },
  };
}

interface StageProps {
  photos: PhotoData[];
  index: number;
  name: string;
  step: (by: -1 | 1) => void;
}

/** The photo with its previous/next arrows; swipe anywhere on it. */
function PhotoStage({ photos, index, name, step }: StageProps) {
  const direction = useSlideDirection(index);
  const swipe = useSwipe(step);
  const photo = photos[index] as PhotoData;
  const count = photos.length;
  return (
    <div className={styles.stage} {...swipe}>
      {hasPrevious(index) && (
        <button
          type="button"
          className={`${styles.arrow} ${styles.previous}`}
          aria-label="Предыдущее фото"
          onClick={() => step(-1)}
        >
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
      )}
      <Photo
        key={photo.id}
        className={styles.photo}
        data-direction={direction}
        image={{ fullpath: photo.url, width: photo.width, height: photo.height, color: photo.color }}
        sizes="100vw"
        alt={`${name}, фото ${index + 1} из ${count}`}
        loading="eager"
        draggable={false}
      />
      {hasNext(index, count) && (
        <button
          type="button"
          className={`${styles.arrow} ${styles.next}`}
          aria-label="Следующее фото"
          onClick={() => step(1)}
        >
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
            <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
      )}
    </div>
  );
}

/** The full-screen viewer over the gallery: one photo, previous/next, arrow keys, swipe, thumbnails. */
export function PhotoViewer({ photos, index, name, onShow, onClose }: PhotoViewerProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  usePageScrollLock();
  const count = photos.length;
  const step = usePhotoSteps(index, count, onShow);

  // A focused control that disappeared (previous on the first photo) would leave focus nowhere.
  useEffect(() => {
    const box = dialog.current;
    if (box && index >= 0 && !box.contains(document.activeElement)) box.focus();
  }, [index]);

  return (
    <Dialog
      ref={dialog}
      variant="sheet"
      shown
      className={styles.viewer}
      aria-label="Просмотр фото"
      tabIndex={-1}
      onDismiss={onClose}
    >
      <div className={styles.bar}>
        <p className={styles.counter} aria-live="polite">
          Фото {index + 1} из {count}
        </p>
        <CloseButton className={styles.close} label="Закрыть просмотр" onClick={onClose}>
          <CloseIcon />
        </CloseButton>
      </div>
      <PhotoStage photos={photos} index={index} name={name} step={step} />
      <ThumbnailStrip photos={photos} index={index} onShow={onShow} />
    </Dialog>
  );
}
