import { Photo } from '@shop/mf-shared';
import { Link } from 'react-router-dom';
import type { HomeCategoriesQuery } from '../graphql/generated.ts';
import styles from './category-slider.module.css';

type Category = HomeCategoriesQuery['categories'][number];

const SIZES = '(min-width: 1024px) 300px, (min-width: 640px) 40vw, 80vw';
/** The widest SIZES draws a card: 80vw of a 639 px screen. */
const WIDEST = 512;

export function CategoryCard({ category }: { category: Category }) {
  return (
    <Link to={category.webPath} className={styles.card}>
      {category.image && (
        <Photo className={styles.image} image={category.image} sizes={SIZES} widest={WIDEST} />
      )}
      <span className={styles.body}>
        <span className={styles.text}>{category.text}</span>
        <span className={styles.name}>{category.name}</span>
        <span className={styles.choose} aria-hidden="true">
          Выбрать
        </span>
      </span>
    </Link>
  );
}
