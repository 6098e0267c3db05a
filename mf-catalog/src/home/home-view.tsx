import { useQuery } from '@apollo/client/react';
import { HydrateOnView } from '@shop/mf-shared';
import { PAGES } from '@shop/contracts/pages';
import { type ReactNode, useDeferredValue } from 'react';
import { HomeCategoriesDocument, TopBrandsDocument } from '../graphql/generated.ts';
import { ProductSlider } from '../product-slider/product-slider.tsx';
import { SLIDER_BELOW_FOLD, useSliderProducts } from '../product-slider/use-slider-products.ts';
import { CategorySlider } from './category-slider.tsx';
import { HeroSlider } from './hero-slider.tsx';
import styles from './home-view.module.css';
import { ReviewsSlider } from './reviews-slider.tsx';
import { TopBrands } from './top-brands.tsx';

const settled = (query: { data?: unknown; error?: unknown }) => Boolean(query.data || query.error);

export function HomeView() {
  // The sections under the hero appear together once their data is in. Each answer arriving on its own would push
  // the sections under it down the screen (a layout shift the shopper sees as a jumping page). The queries run in
  // parallel from here; the sections then read the same answers from the Apollo cache. A failed one does not hold
  // the page: its section shows its own error.
  const brands = useQuery(TopBrandsDocument);
  const categories = useQuery(HomeCategoriesDocument);
  // (the sliders' first views, the same queries as the sliders': all three are under the first screen, so each
  // starts from one card and asks for the rest when it nears the screen)
  const recommended = useSliderProducts({ list: 'recommended' }, { limit: SLIDER_BELOW_FOLD });
  const popular = useSliderProducts({ list: 'popular' }, { limit: SLIDER_BELOW_FOLD });
  const newest = useSliderProducts({ list: 'newest' }, { limit: SLIDER_BELOW_FOLD });
  const lists = [recommended, popular, newest].map((list) => ({ data: list.products, error: list.error }));
  // Deferred: the sections' first render (three cards, five sliders) runs as a background render that React splits
  // into short slices, instead of one long task that would hold the main thread (Total Blocking Time).
  const ready = useDeferredValue([brands, categories, ...lists].every(settled));
  return (
    <div className={styles.page} data-testid="catalog-home">
      {/* the page's one h1 (the hero's slides are h2): what the shop is, for search engines and screen readers */}
      <h1 className={styles.title}>{PAGES.HOME.fixed.title}</h1>
      <HeroSlider />
      {ready ? (
        <>
          <Section>
            <TopBrands />
          </Section>
          <Section>
            <ProductSlider title="Рекомендуем" list="recommended" firstView={SLIDER_BELOW_FOLD} />
          </Section>
          <Section>
            <ProductSlider title="Популярное" list="popular" firstView={SLIDER_BELOW_FOLD} />
          </Section>
          <Section>
            <ProductSlider title="Новинки" list="newest" firstView={SLIDER_BELOW_FOLD} />
          </Section>
          <Section>
            <CategorySlider />
          </Section>
          <Section>
            <ReviewsSlider />
          </Section>
        </>
      ) : (
        <div className={styles.pending} aria-busy="true" />
      )}
    </div>
  );
}

/**
 * A section of a server-rendered home page hydrates on its own, when it comes near the screen or is
 * touched: the cards and sliders under the first screen (each Swiper measuring its slides when it
 * starts) are no work at all for a shopper who does not scroll to them, and each is a pass of its
 * own for one who does.
 */
function Section({ children }: { children: ReactNode }) {
  return <HydrateOnView>{children}</HydrateOnView>;
}
