import * as Slider from '@radix-ui/react-slider';
import { formatPrice } from '@shop/mf-shared';
import { nextRange, type PriceBounds, type PriceRange } from './price-range.ts';
import styles from './price-slider.module.css';

/**
 * Two-handle price slider on @radix-ui/react-slider: each handle is a `slider` for keyboards and
 * screen readers; the rules (step 1, on the track, handles never cross) live in price-range.ts.
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
  return (
    <div className={styles.slider}>
      <Slider.Root
        className={styles.root}
        min={bounds.min}
        max={bounds.max}
        step={1}
        minStepsBetweenThumbs={0}
        value={[range.from, range.to]}
        onValueChange={(values) => onChange(nextRange(range, values, bounds))}
        onValueCommit={(values) => onCommit?.(nextRange(range, values, bounds))}
      >
        <Slider.Track className={styles.track}>
          <Slider.Range className={styles.fill} />
        </Slider.Track>
        <Slider.Thumb className={styles.thumb} aria-label="Цена от" aria-valuetext={formatPrice(range.from)} />
        <Slider.Thumb className={styles.thumb} aria-label="Цена до" aria-valuetext={formatPrice(range.to)} />
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
