import { formatPrice } from '@shop/mf-shared';
import type { KeyboardEvent, PointerEvent } from 'react';
import { moveHandle, type PriceBounds, type PriceRange } from './price-range.ts';
import styles from './price-slider.module.css';

/**
 * Two-handle price slider. No range-slider library is installed (rc-slider or
 * @radix-ui/react-slider is asked for), so it is two native range inputs on one track:
 * each is a real `slider` for keyboards and screen readers; the rules (step 1, on the track,
 * handles never cross) live in price-range.ts. `onCommit` runs when a drag or key press ends.
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
  const span = Math.max(bounds.max - bounds.min, 1);
  const left = ((range.from - bounds.min) / span) * 100;
  const right = ((range.to - bounds.min) / span) * 100;
  const handle = (which: 'from' | 'to') => ({
    type: 'range' as const,
    min: bounds.min,
    max: bounds.max,
    step: 1,
    value: which === 'from' ? range.from : range.to,
    'aria-label': which === 'from' ? 'Цена от' : 'Цена до',
    'aria-valuetext': formatPrice(which === 'from' ? range.from : range.to),
    onChange: (event: { currentTarget: HTMLInputElement }) =>
      onChange(moveHandle(range, which, Number(event.currentTarget.value), bounds)),
    onPointerUp: (event: PointerEvent<HTMLInputElement>) =>
      onCommit?.(moveHandle(range, which, Number(event.currentTarget.value), bounds)),
    onKeyUp: (event: KeyboardEvent<HTMLInputElement>) => {
      if (['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown'].includes(event.key)) {
        onCommit?.(moveHandle(range, which, Number(event.currentTarget.value), bounds));
      }
    },
  });
  return (
    <div className={styles.slider}>
      <div className={styles.track}>
        <div className={styles.fill} style={{ left: `${left}%`, right: `${100 - right}%` }} />
        {/* At the top end the lower handle must stay reachable: it goes above the upper one. */}
        <input {...handle('from')} className={styles.input} style={{ zIndex: left > 50 ? 2 : 1 }} />
        <input {...handle('to')} className={styles.input} />
      </div>
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
