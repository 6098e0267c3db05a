import { ProductSlider } from '../product-slider/product-slider.tsx';
import { CategorySlider } from './category-slider.tsx';
import { HeroSlider } from './hero-slider.tsx';
import styles from './home-view.module.css';
import { ReviewsSlider } from './reviews-slider.tsx';
import { TopBrands } from './top-brands.tsx';

export function HomeView() {
  return (
    <div className={styles.page} data-testid="catalog-home">
      <HeroSlider />
      <TopBrands />
      <ProductSlider title="Рекомендуем" list="recommended" />
      <ProductSlider title="Популярное" list="popular" />
      <ProductSlider title="Новинки" list="newest" />
      <CategorySlider />
      <ReviewsSlider />
    </div>
  );
}
