import { Photo } from '@shop/mf-shared';
import { useEffect, useRef } from 'react';
import type { PhotoData } from '../product/product-data.ts';
import styles from './thumbnail-strip.module.css';
import { thumbnailWindow } from './viewer-logic.ts';

interface ThumbnailStripProps {
  photos: PhotoData[];
  index: number;
  onShow(index: number): void;
}

/** The viewer's strip of the photos near the current one (within 15). */
export function ThumbnailStrip({ photos, index, onShow }: ThumbnailStripProps) {
  const current = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the current thumbnail changes with index
  useEffect(() => {
    current.current?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [index]);
  if (photos.length < 2) return null;
  return (
    <ul className={styles.strip} aria-label="Миниатюры">
      {thumbnailWindow(photos, index).map(({ photo, index: i }) => (
        <li key={photo.id}>
          <button
            type="button"
            ref={i === index ? current : undefined}
            className={styles.thumb}
            aria-label={`Фото ${i + 1}`}
            aria-current={i === index || undefined}
            onClick={() => onShow(i)}
          >
            <Photo image={{ fullpath: photo.url, width: photo.width, height: photo.height, color: photo.color }} sizes="80px" draggable={false} />
          </button>
        </li>
      ))}
    </ul>
  );
}
