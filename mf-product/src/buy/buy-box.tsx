import { pageProduct } from '@shop/contracts/analytics';
import { formatPrice } from '@shop/contracts/format';
import { analytics, Button, useCart } from '@shop/mf-shared';
import { RETURNS_PATH } from '@shop/contracts/pages';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ProductData } from '../product/product-data.ts';
import styles from './buy-box.module.css';
import { toCartItem } from './cart-line.ts';
import { SizeChartButton } from './size-chart.tsx';
import { SizeGrid } from './size-grid.tsx';
import { addToCartAction, chooseSize, type PriceLabel, priceLabel, sortOffers } from './size-selection.ts';

/** Price, sizes and «В корзину»: the chosen size goes to the shared cart, whose remote shows the toast. */
export function BuyBox({ product }: { product: ProductData }) {
  const offers = useMemo(() => sortOffers(product.offers), [product.offers]);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const add = useCart((state) => state.add);
  const chosen = offers.find((offer) => offer.id === chosenId) ?? null;
  const price = priceLabel(offers, chosen);

  const onAdd = () => {
    const action = addToCartAction(chosen);
    if ('ask' in action) {
      setError(action.ask);
      return;
    }
    add(toCartItem(product, action.add));
    analytics.add(pageProduct(product, action.add));
  };

  return (
    <div className={styles.buy}>
      <p className={price.kind === 'sold-out' ? `${styles.price} ${styles.soldOut}` : styles.price} data-testid="product-price" aria-live="polite">
        <PriceText price={price} />
      </p>
      {offers.length > 0 && (
        <SizeGrid
          offers={offers}
          chosenId={chosenId}
          error={error}
          onChoose={(offer) => {
            const next = chooseSize(chosen, offer);
            setChosenId(next?.id ?? null);
            if (next) setError(null);
          }}
        />
      )}
      {offers.length > 0 && product.sizeChart && <SizeChartButton productId={product.id} sizes={offers.map((o) => o.size)} />}
      <Button className={styles.add} onClick={onAdd} disabled={price.kind === 'sold-out'}>
        В корзину
      </Button>
      <p className={styles.delivery}>
        Бесплатная доставка по всей России. <Link to={RETURNS_PATH}>Возврат в течение 7 дней</Link>
      </p>
    </div>
  );
}

function PriceText({ price }: { price: PriceLabel }) {
  if (price.kind === 'sold-out') return <>Нет в наличии</>;
  return <>{price.kind === 'from' ? `от ${formatPrice(price.price)}` : formatPrice(price.price)}</>;
}
