import { type ComponentProps, lazy, Suspense } from 'react';
import type { PriceSlider as EagerPriceSlider } from './price-slider.tsx';
import styles from './price-slider.module.css';

// The slider (and @radix-ui/react-slider, ~9.5 KB gzip) loads when «Цена» is opened, not with the listing.
const Slider = lazy(() => import('./price-slider.tsx').then((module) => ({ default: module.PriceSlider })));

/** The price slider, loaded on first show; its place is kept meanwhile (no layout shift). */
export function PriceSlider(props: ComponentProps<typeof EagerPriceSlider>) {
  return (
    <Suspense fallback={<div className={styles.placeholder} aria-busy="true" />}>
      <Slider {...props} />
    </Suspense>
  );
}
