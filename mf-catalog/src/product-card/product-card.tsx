import { cardProduct } from '@shop/contracts/analytics';
import type { ProductCardData } from '@shop/contracts/remotes';
import { analytics, LikeButton, Photo } from '@shop/mf-shared';
import { memo, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useImpression } from '../analytics/use-impression.ts';
import { PriceBadge } from './price-badge.tsx';
import styles from './product-card.module.css';
import { VariantDots } from './variant-dots.tsx';

/** A card's width: two to a row on a phone, three on a tablet, four from 1024 px in a page at most 1440 px wide. */
const CARD_SIZES = '(min-width: 1440px) 340px, (min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw';
/** The widest CARD_SIZES draws a card: half of a 767 px screen. */
const CARD_WIDEST = 384;

export interface ProductCardProps {
  product: ProductCardData;
  /** Analytics: the list the card is shown in and its 1-based position there. */
  list?: string;
  position?: number;
  /** The first cards of a page load eagerly with high priority (LCP); the rest lazily. */
  priority?: boolean;
}

/**
 * Memoised: a slider re-renders when its Swiper starts and moves (the arrows' ends), right after a
 * server-rendered home page hydrates; its twenty cards, whose data has not changed, need not.
 */
export const ProductCard = memo(function ProductCard({ product, list, position, priority = false }: ProductCardProps) {
  const ref = useRef<HTMLElement>(null);
  const payload = list ? cardProduct(product, list, position) : null;
  useImpression(ref, payload);
  return (
    <article
      ref={ref}
      className={product.inStock === false ? `${styles.card} ${styles.cardSoldOut}` : styles.card}
      data-testid="product-card"
      data-sold-out={product.inStock === false || undefined}
    >
      {/* The photo's alt is empty: the link already says brand and name. */}
      <Link to={product.webPath} className={styles.link} onClick={() => payload && analytics.productClick(payload)}>
        <span className={styles.photo}>
          {product.photo && (
            <Photo image={product.photo} sizes={CARD_SIZES} widest={CARD_WIDEST} priority={priority} />
          )}
        </span>
        <span className={styles.brand}>{product.brand.name}</span> <span className={styles.name}>{product.name}</span>
      </Link>
      <div className={styles.bottom}>
        <PriceBadge
          priceInRUB={product.priceInRUB}
          minPriceInRUB={product.minPriceInRUB}
          inStock={product.inStock !== false}
        />
        <VariantDots product={product} />
      </div>
      <LikeButton productId={product.productId} name={product.name} className={styles.like} size={40} />
    </article>
  );
});
