import { useQuery } from '@apollo/client/react';
import { useHydrated } from '@shop/mf-shared';
import { useState } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import { Swiper, SwiperSlide } from 'swiper/react';
import { HomeCategoriesDocument } from '../graphql/generated.ts';
import { SectionHeading } from '../ui/section-heading.tsx';
import { SliderArrows } from '../ui/slider-arrows.tsx';
import { useMediaQuery } from '../ui/use-media-query.ts';
import '../ui/swiper-styles.ts';
import { CategoryCard } from './category-card.tsx';
import styles from './category-slider.module.css';

/** A carousel from 640 px (1.2 → 2.8 cards per view), a plain vertical list below. */
export const CATEGORY_BREAKPOINTS = {
  640: { slidesPerView: 1.2, spaceBetween: 20 },
  769: { slidesPerView: 1.6, spaceBetween: 20 },
  1024: { slidesPerView: 2.15, spaceBetween: 20 },
  1280: { slidesPerView: 2.5, spaceBetween: 28 },
  1281: { slidesPerView: 2.8, spaceBetween: 32 },
};
export const CATEGORY_CAROUSEL_QUERY = '(min-width: 640px)';

/**
 * Server rendering: the server knows no screen width, so its HTML (and the hydration render) has
 * the list, which the stylesheet lays out from 640 px as the carousel's first view, its slides at
 * the widths its breakpoints give them (category-slider.module.css). One form, not two: each card
 * is in the HTML once. After hydration a phone keeps the list as it is; a wider screen swaps it
 * for the carousel, which starts where the list was drawn.
 */
export function CategorySlider({ mobileSliding = false }: { mobileSliding?: boolean }) {
  const { data } = useQuery(HomeCategoriesDocument);
  const wide = useMediaQuery(CATEGORY_CAROUSEL_QUERY);
  const hydrated = useHydrated();
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [ends, setEnds] = useState({ start: true, end: false });
  const categories = data?.categories ?? [];
  if (data && categories.length === 0) return null;
  const carousel = mobileSliding || (hydrated && wide);
  const update = (s: SwiperInstance) => setEnds({ start: s.isBeginning, end: s.isEnd });
  return (
    <section className={styles.section} aria-labelledby="home-categories" data-testid="home-categories">
      <SectionHeading id="home-categories" title="Категории" subtitle="Обувь и одежда на каждый день и для спорта">
        {carousel && <SliderArrows swiper={swiper} atStart={ends.start} atEnd={ends.end} />}
      </SectionHeading>
      {carousel ? (
        <Swiper
          className={styles.swiper}
          wrapperTag="ul"
          slidesPerView={1}
          spaceBetween={20}
          breakpoints={CATEGORY_BREAKPOINTS}
          onSwiper={(s) => {
            setSwiper(s);
            update(s);
          }}
          onSlideChange={update}
          onResize={update}
        >
          {categories.map((category) => (
            <SwiperSlide key={category.id} tag="li" className={styles.slide}>
              <CategoryCard category={category} />
            </SwiperSlide>
          ))}
        </Swiper>
      ) : (
        <ul className={styles.list}>
          {categories.map((category) => (
            <li key={category.id}>
              <CategoryCard category={category} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
