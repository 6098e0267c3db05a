import { messageFor } from '@shop/contracts/errors';
import type { ProductSliderProps } from '@shop/contracts/remotes';
import { SectionError } from '@shop/mf-shared';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import { Swiper, SwiperSlide } from 'swiper/react';
import { ProductCard } from '../product-card/product-card.tsx';
import { SectionHeading } from '../ui/section-heading.tsx';
import { SliderArrows } from '../ui/slider-arrows.tsx';
import '../ui/swiper-styles.ts';
import styles from './product-slider.module.css';
import { SLIDER_ALL, SLIDER_FIRST_VIEW, useSliderProducts } from './use-slider-products.ts';

/** Items per view at the spec's breakpoints (1280/1024/768/640/500): 4, 3, 2, 1.5, 1.3; gap 32, 20 on narrow screens. */
export const PRODUCT_SLIDER_DEFAULT = { slidesPerView: 1.3, spaceBetween: 20 };
export const PRODUCT_SLIDER_BREAKPOINTS = {
  500: { slidesPerView: 1.3, spaceBetween: 20 },
  640: { slidesPerView: 1.5, spaceBetween: 20 },
  768: { slidesPerView: 2, spaceBetween: 32 },
  1024: { slidesPerView: 3, spaceBetween: 32 },
  1280: { slidesPerView: 4, spaceBetween: 32 },
};

export function ProductSlider({
  title,
  firstView = SLIDER_FIRST_VIEW,
  ...query
}: ProductSliderProps & {
  /** How many cards it renders before it nears the screen: SLIDER_BELOW_FOLD for a slider under the first screen. */
  firstView?: number;
}) {
  const headingId = useId();
  const ref = useRef<HTMLElement>(null);
  // The first view's cards, then all of them once the slider comes near the screen or is touched:
  // a server-rendered page carries (and hydrates) at most four cards per slider, not twenty.
  const near = useNearOrTouched(ref);
  const first = useSliderProducts(query, { limit: firstView });
  const all = useSliderProducts(query, { limit: SLIDER_ALL, skip: !near });
  const products = all.products ?? first.products;
  const error = first.error ?? (all.products ? undefined : all.error);
  const refetch = first.error ? first.refetch : all.refetch;
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [ends, setEnds] = useState({ start: true, end: false });
  const update = (s: SwiperInstance) => setEnds({ start: s.isBeginning, end: s.isEnd });

  if (error && !products) {
    return (
      <section ref={ref} className={styles.section} aria-labelledby={headingId}>
        <SectionHeading id={headingId} title={title} />
        <SectionError message={messageFor(error)} onRetry={() => void refetch()} />
      </section>
    );
  }
  if (products && products.length === 0) return null;
  return (
    <section ref={ref} className={styles.section} aria-labelledby={headingId} data-testid="product-slider">
      <SectionHeading id={headingId} title={title}>
        <SliderArrows swiper={swiper} atStart={ends.start} atEnd={ends.end} className={styles.arrows} />
      </SectionHeading>
      {products ? (
        <Swiper
          className={styles.swiper}
          wrapperTag="ul"
          {...PRODUCT_SLIDER_DEFAULT}
          breakpoints={PRODUCT_SLIDER_BREAKPOINTS}
          watchSlidesProgress
          onSwiper={(s) => {
            setSwiper(s);
            update(s);
          }}
          onSlideChange={update}
          onSlidesLengthChange={update}
          onResize={update}
          onBreakpoint={update}
        >
          {products.map((product, index) => (
            <SwiperSlide key={product.id} tag="li" className={styles.slide}>
              <ProductCard product={product} list={title} position={index + 1} />
            </SwiperSlide>
          ))}
        </Swiper>
      ) : (
        <div className={styles.placeholder} aria-busy="true" />
      )}
    </section>
  );
}

/** How far below (or above) the screen a slider starts loading the rest of its cards. */
const NEAR_MARGIN = '400px 0px';

/**
 * True once the element has come within NEAR_MARGIN of the viewport, or the shopper has touched,
 * pointed at or focused into it (a swipe or the keyboard's Tab reaches the rest at once). Always
 * false in the server's render and in hydration's, so both draw the same first-view cards; set in an
 * effect after hydration. Without IntersectionObserver it is true at once.
 */
function useNearOrTouched(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const show = () => setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), {
      rootMargin: NEAR_MARGIN,
    });
    observer.observe(element);
    const events = ['pointerenter', 'touchstart', 'focusin'] as const;
    for (const type of events) element.addEventListener(type, show, { passive: true });
    return () => {
      observer.disconnect();
      for (const type of events) element.removeEventListener(type, show);
    };
  }, [near, ref]);
  return near;
}
