import * as Slider from '@radix-ui/react-slider';
import { formatPrice } from '@shop/contracts/format';
import type { KeyboardEvent } from 'react';
import { moveHandle, nextRange, type PriceBounds, type PriceRange } from './price-range.ts';
import styles from './price-slider.module.css';

/**
 * Two-handle price slider on @radix-ui/react-slider: each handle is a `slider` for keyboards and
 * screen readers. Radix keeps the handles in order (`preserveThumbOrder`: a handle pushed past the
 * other stops at it); the rules (step 1, on the track, never crossing) are price-range.ts's.
 * `onCommit` is Radix's `onValueCommit`: when a drag ends or a key press moved a handle.
 */
export function PriceSlider({
  bounds,
  range,
  onChange,
  onCommit,
}: {
  bounds: PriceBounds;
  range: PriceRange;
  onChange: (range: PriceRange) => void;
  onCommit?: (range: PriceRange) => void;
}) {
  // Radix's Home moves the first handle and End the last, whichever has focus; here they move the
  // focused handle to its end of the track (stopping at the other handle), as each slider's own keys.
  const ends = (which: 'from' | 'to') => (event: KeyboardEvent<HTMLSpanElement>) => {
    if (event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    event.stopPropagation();
    const next = moveHandle(range, which, event.key === 'Home' ? bounds.min : bounds.max, bounds);
    if (next.from === range.from && next.to === range.to) return;
    onChange(next);
    onCommit?.(next);
  };
  return (
    <div className={styles.slider}>
      <Slider.Root
        className={styles.root}
        min={bounds.min}
        max={bounds.max}
        step={1}
        minStepsBetweenThumbs={0}
        preserveThumbOrder
        value={[range.from, range.to]}
        onValueChange={(values) => onChange(nextRange(range, values, bounds))}
        onValueCommit={(values) => onCommit?.(nextRange(range, values, bounds))}
      >
        <Slider.Track className={styles.track}>
          <Slider.Range className={styles.fill} />
        </Slider.Track>
        <Slider.Thumb
          className={styles.thumb}
          aria-label="Цена от"
          aria-valuetext={formatPrice(range.from)}
          onKeyDown={ends('from')}
        />
        <Slider.Thumb
          className={styles.thumb}
          aria-label="Цена до"
          aria-valuetext={formatPrice(range.to)}
          onKeyDown={ends('to')}
        />
      </Slider.Root>
      <div className={styles.boxes}>
        <label className={styles.box}>
          <span>от</span>
          <input readOnly value={formatPrice(range.from)} aria-label="Минимальная цена" />
        </label>
        <label className={styles.box}>
          <span>до</span>
          <input readOnly value={formatPrice(range.to)} aria-label="Максимальная цена" />
        </label>
      </div>
    </div>
  );
}
