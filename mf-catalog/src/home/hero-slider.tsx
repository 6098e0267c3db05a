import { useShell } from '@shop/mf-shared';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Swiper as SwiperInstance } from 'swiper';
import { Autoplay } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import { SliderArrows } from '../ui/slider-arrows.tsx';
import '../ui/swiper-styles.ts';
import heroOriginal from './assets/hero-original.svg';
import heroRequest from './assets/hero-request.svg';
import styles from './hero-slider.module.css';

export const HERO_AUTOPLAY_MS = 8500;
export const HERO_RESUME_MS = 1000;

interface HeroSlide {
  key: string;
  image: string;
  eyebrow: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
}

function heroSlides(shopName: string): HeroSlide[] {
  return [
    {
      key: 'original',
      image: heroOriginal,
      eyebrow: (
        <p className={styles.eyebrow} data-testid="shell-name">
          Магазин «{shopName}»
        </p>
      ),
      title: 'Оригинальные товары с бесплатной доставкой',
      text: 'Кроссовки, кеды, ботинки и одежда мировых брендов. Доставим бесплатно по всей России.',
      action: (
        <Link to="/search" className={styles.button}>
          Перейти в каталог
        </Link>
      ),
    },
    {
      key: 'request',
      image: heroRequest,
      eyebrow: <p className={styles.eyebrow}>Под заказ</p>,
      title: 'Не нашли товар? Добавим',
      text: 'Напишите нам, какую модель вы ищете, — найдём оригинал и добавим в каталог.',
      action: (
        <a href="#contacts" className={styles.button}>
          Написать нам
        </a>
      ),
    },
  ];
}

/** Stops the autoplay after a manual move and starts it again HERO_RESUME_MS later. */
function usePauseAfterManualMove(swiper: SwiperInstance | null) {
  const resume = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(resume.current), []);
  return () => {
    if (!swiper || swiper.destroyed) return;
    swiper.autoplay.stop();
    clearTimeout(resume.current);
    resume.current = setTimeout(() => {
      if (!swiper.destroyed) swiper.autoplay.start();
    }, HERO_RESUME_MS);
  };
}

function HeroSlideContent({ slide, first }: { slide: HeroSlide; first: boolean }) {
  return (
    <>
      <img
        className={styles.image}
        src={slide.image}
        width={1200}
        height={640}
        alt=""
        loading={first ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : 'low'}
      />
      <div className={styles.content}>
        {slide.eyebrow}
        <h2 className={styles.title}>{slide.title}</h2>
        <p className={styles.text}>{slide.text}</p>
        {slide.action}
      </div>
    </>
  );
}

/** Two slides, auto-advancing every 8.5 s; any manual move pauses it for 1 s; the index wraps. */
export function HeroSlider() {
  const { shopName } = useShell();
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [index, setIndex] = useState(0);
  const pauseAfterManualMove = usePauseAfterManualMove(swiper);
  const slides = heroSlides(shopName);

  return (
    <section className={styles.hero} aria-roledescription="карусель" aria-label="Главное" data-testid="hero">
      <Swiper
        modules={[Autoplay]}
        className={styles.swiper}
        slidesPerView={1}
        rewind
        autoplay={{ delay: HERO_AUTOPLAY_MS, disableOnInteraction: false }}
        onSwiper={setSwiper}
        onSlideChange={(s) => setIndex(s.realIndex)}
        onTouchEnd={pauseAfterManualMove}
      >
        {slides.map((slide, i) => (
          <SwiperSlide
            key={slide.key}
            className={styles.slide}
            aria-roledescription="слайд"
            aria-label={`${i + 1} из ${slides.length}`}
            aria-hidden={i !== index}
            inert={i !== index}
          >
            <HeroSlideContent slide={slide} first={i === 0} />
          </SwiperSlide>
        ))}
      </Swiper>
      <div className={styles.controls}>
        <div className={styles.dots}>
          {slides.map((slide, i) => (
            <button
              key={slide.key}
              type="button"
              className={styles.dotButton}
              aria-label={`Слайд ${i + 1}`}
              aria-current={i === index}
              onClick={() => {
                swiper?.slideTo(i);
                pauseAfterManualMove();
              }}
            />
          ))}
        </div>
        <SliderArrows swiper={swiper} onMove={pauseAfterManualMove} className={styles.arrows} />
      </div>
    </section>
  );
}
