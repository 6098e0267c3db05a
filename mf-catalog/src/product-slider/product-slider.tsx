import { messageFor } from '@shop/contracts/errors';
import type { ProductSliderProps } from '@shop/contracts/remotes';
import { SectionError } from '@shop/mf-shared';
import { useId, useState } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import { Swiper, SwiperSlide } from 'swiper/react';
import { ProductCard } from '../product-card/product-card.tsx';
import { SectionHeading } from '../ui/section-heading.tsx';
import { SliderArrows } from '../ui/slider-arrows.tsx';
import '../ui/swiper-styles.ts';
import styles from './product-slider.module.css';
import { useSliderProducts } from './use-slider-products.ts';

/** Items per view at the spec's breakpoints (1280/1024/768/640/500): 4, 3, 2, 1.5, 1.3; gap 32, 20 on narrow screens. */
export const PRODUCT_SLIDER_DEFAULT = { slidesPerView: 1.3, spaceBetween: 20 };
export const PRODUCT_SLIDER_BREAKPOINTS = {
  500: { slidesPerView: 1.3, spaceBetween: 20 },
  640: { slidesPerView: 1.5, spaceBetween: 20 },
  768: { slidesPerView: 2, spaceBetween: 32 },
  1024: { slidesPerView: 3, spaceBetween: 32 },
  1280: { slidesPerView: 4, spaceBetween: 32 },
};

export function ProductSlider({ title, ...query }: ProductSliderProps) {
  const headingId = useId();
  const { products, error, refetch } = useSliderProducts(query);
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [ends, setEnds] = useState({ start: true, end: false });
  const update = (s: SwiperInstance) => setEnds({ start: s.isBeginning, end: s.isEnd });

  if (error && !products) {
    return (
      <section className={styles.section} aria-labelledby={headingId}>
        <SectionHeading id={headingId} title={title} />
        <SectionError message={messageFor(error)} onRetry={() => void refetch()} />
      </section>
    );
  }
  if (products && products.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby={headingId} data-testid="product-slider">
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
