import type { Swiper as SwiperInstance } from 'swiper';
import styles from './slider-arrows.module.css';

/** Previous/next buttons for a swiper, with Russian labels; disabled at the ends unless the slider wraps. */
export function SliderArrows({
  swiper,
  atStart,
  atEnd,
  onMove,
  className,
}: {
  swiper: SwiperInstance | null;
  atStart?: boolean;
  atEnd?: boolean;
  onMove?: () => void;
  className?: string | undefined;
}) {
  return (
    <div className={`${styles.arrows} ${className ?? ''}`}>
      <button
        type="button"
        className={styles.arrow}
        aria-label="Назад"
        disabled={!swiper || atStart}
        onClick={() => {
          swiper?.slidePrev();
          onMove?.();
        }}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <button
        type="button"
        className={styles.arrow}
        aria-label="Вперёд"
        disabled={!swiper || atEnd}
        onClick={() => {
          swiper?.slideNext();
          onMove?.();
        }}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
    </div>
  );
}
