import type { ProductCardData } from '@shop/contracts/remotes';
import { HydrateOnView } from '@shop/mf-shared';
import { memo } from 'react';
import { ProductCard } from '../product-card/product-card.tsx';
import styles from './listing.module.css';

/**
 * The first row loads eagerly (it is the page's largest paint) and hydrates with the page; each
 * card under it hydrates when it comes near the screen or is touched: a phone's first screen
 * shows two to four of a listing's 24 cards, and the rest are no work for a shopper who does
 * not scroll to them.
 */
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
          {index < EAGER_CARDS ? (
            <ProductCard product={product} list={listName} position={offset + index + 1} priority />
          ) : (
            <DeferredCard product={product} list={listName} position={offset + index + 1} />
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * Memoised: the listing renders again as it hydrates (the screen's width, the stores), and a card
 * handed new children hydrates at once. Only new data (a new answer, new objects) renders it again.
 */
const DeferredCard = memo(function DeferredCard(props: { product: ProductCardData; list: string; position: number }) {
  return (
    <HydrateOnView className={styles.deferredCard}>
      <ProductCard {...props} />
    </HydrateOnView>
  );
});
