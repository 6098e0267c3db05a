import { useShell } from '@shop/mf-shared';
import { useState } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import { Swiper, SwiperSlide } from 'swiper/react';
import { SectionHeading } from '../ui/section-heading.tsx';
import { SliderArrows } from '../ui/slider-arrows.tsx';
import '../ui/swiper-styles.ts';
import { CLIENT_REVIEWS, DEFAULT_REVIEWS_URL } from './client-reviews.ts';
import styles from './reviews-slider.module.css';

/** Reviews per view: 1.1 on phones, 2 from 768 px, 3 from 1024 px. */
export const REVIEWS_DEFAULT = { slidesPerView: 1.1, spaceBetween: 20 };
export const REVIEWS_BREAKPOINTS = { 768: { slidesPerView: 2, spaceBetween: 32 }, 1024: { slidesPerView: 3, spaceBetween: 32 } };

export function ReviewsSlider() {
  // The shell's configured reviews address; an older shell without it gets the default.
  const reviewsUrl = useShell().reviewsUrl ?? DEFAULT_REVIEWS_URL;
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [ends, setEnds] = useState({ start: true, end: false });
  const update = (s: SwiperInstance) => setEnds({ start: s.isBeginning, end: s.isEnd });
  return (
    <section className={styles.section} aria-labelledby="client-reviews" data-testid="client-reviews">
      <SectionHeading id="client-reviews" title="Отзывы наших клиентов">
        <SliderArrows swiper={swiper} atStart={ends.start} atEnd={ends.end} />
      </SectionHeading>
      <Swiper
        className={styles.swiper}
        wrapperTag="ul"
        {...REVIEWS_DEFAULT}
        breakpoints={REVIEWS_BREAKPOINTS}
        onSwiper={(s) => {
          setSwiper(s);
          update(s);
        }}
        onSlideChange={update}
        onResize={update}
      >
        {CLIENT_REVIEWS.map((review) => (
          <SwiperSlide key={review.id} tag="li" className={styles.slide}>
            <figure className={styles.review}>
              <blockquote className={styles.content}>{review.content}</blockquote>
              <figcaption className={styles.client}>{review.clientName}</figcaption>
            </figure>
          </SwiperSlide>
        ))}
      </Swiper>
      <a className={styles.more} href={reviewsUrl} target="_blank" rel="noopener noreferrer">
        Все отзывы на независимом сайте
      </a>
    </section>
  );
}
