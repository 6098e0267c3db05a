import { Link } from 'react-router-dom';
import type { ProductData } from './product-data.ts';
import styles from './breadcrumbs.module.css';

/** Главная › parent category › category › this product. */
export function Breadcrumbs({ product }: { product: ProductData }) {
  const category = product.mainCategory;
  const trail = [
    { name: 'Главная', href: '/' },
    ...(category.parent ? [{ name: category.parent.name, href: category.parent.webPath }] : []),
    { name: category.name, href: category.webPath },
  ];
  return (
    <nav className={styles.crumbs} aria-label="Навигационная цепочка">
      <ol className={styles.list}>
        {trail.map((crumb) => (
          <li key={crumb.href} className={styles.item}>
            <Link to={crumb.href}>{crumb.name}</Link>
          </li>
        ))}
        <li className={styles.item}>
          <span aria-current="page">{product.name}</span>
        </li>
      </ol>
    </nav>
  );
}
