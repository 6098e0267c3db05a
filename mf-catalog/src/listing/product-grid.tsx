import type { ProductCardData } from '@shop/contracts/remotes';
import { ProductCard } from '../product-card/product-card.tsx';
import styles from './listing.module.css';

/** The first row loads eagerly (it is the page's largest paint); the rest lazily. */
const EAGER_CARDS = 4;

export function ProductGrid({
  products,
  listName,
  offset,
}: {
  products: ProductCardData[];
  listName: string;
  offset: number;
}) {
  return (
    <ul className={styles.grid}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} list={listName} position={offset + index + 1} priority={index < EAGER_CARDS} />
        </li>
      ))}
    </ul>
  );
}
