import { formatCount, formatPrice, GOODS } from '@shop/contracts/format';
import { type CartItem, cartCount, cartTotal } from '@shop/mf-shared';
import type { ReactNode } from 'react';
import styles from './cart-summary.module.css';

/** Totals: the number of goods with its Russian plural, free delivery, the sum. */
export function CartSummary({
  items,
  lines,
  children,
}: {
  items: CartItem[];
  lines?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className={styles.summary} aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title" className={styles.title}>
        Ваш заказ
      </h2>
      {lines}
      <dl className={styles.rows}>
        <div className={styles.row}>
          <dt>Товары</dt>
          <dd data-testid="cart-count-text">{formatCount(cartCount(items), GOODS)}</dd>
        </div>
        <div className={styles.row}>
          <dt>Доставка</dt>
          <dd>бесплатно</dd>
        </div>
        <div className={`${styles.row} ${styles.total}`}>
          <dt>Итого</dt>
          <dd data-testid="cart-total">{formatPrice(cartTotal(items))}</dd>
        </div>
      </dl>
      {children}
    </section>
  );
}
