import { Link } from 'react-router-dom';
import type { HomeCategoriesQuery } from '../graphql/generated.ts';
import styles from './category-slider.module.css';

type Category = HomeCategoriesQuery['categories'][number];

export function CategoryCard({ category }: { category: Category }) {
  return (
    <Link to={category.webPath} className={styles.card}>
      {category.image && (
        <img
          className={styles.image}
          src={category.image.fullpath}
          width={category.image.width}
          height={category.image.height}
          alt=""
          loading="lazy"
        />
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
