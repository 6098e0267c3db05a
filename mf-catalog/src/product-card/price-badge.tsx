import { formatPrice } from '@shop/mf-shared';
import styles from './product-card.module.css';

/** One price, or «от …» the lowest when the sizes cost differently. */
export function PriceBadge({ priceInRUB, minPriceInRUB }: { priceInRUB: number | null; minPriceInRUB: number }) {
  const text = priceInRUB == null ? `от ${formatPrice(minPriceInRUB)}` : formatPrice(priceInRUB);
  return <span className={styles.price}>{text}</span>;
}
