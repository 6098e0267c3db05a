import { formatPrice } from '@shop/contracts/format';
import styles from './product-card.module.css';

/**
 * One price, or «от …» the lowest when the sizes cost differently. A product with no size in
 * stock keeps its price (it is sorted by it) in a muted badge, with «Нет в наличии» beside it.
 */
export function PriceBadge({ priceInRUB, minPriceInRUB, inStock = true }: { priceInRUB: number | null; minPriceInRUB: number; inStock?: boolean }) {
  const text = priceInRUB == null ? `от ${formatPrice(minPriceInRUB)}` : formatPrice(priceInRUB);
  if (inStock) return <span className={styles.price}>{text}</span>;
  return (
    <span className={styles.priceGroup}>
      <span className={`${styles.price} ${styles.priceSoldOut}`}>{text}</span>
      <span className={styles.soldOut}>Нет в наличии</span>
    </span>
  );
}
