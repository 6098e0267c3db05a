import { formatCount, formatPrice, GOODS } from '@shop/contracts/format';
import { type CartItem, cartCount, cartTotal } from '@shop/mf-shared';
import { RETURNS_PATH } from '@shop/contracts/pages';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styles from './cart-summary.module.css';

/** Totals: the number of goods with its Russian plural, free delivery, the sum; and where the returns are told. */
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
      <p className={styles.returns}>
        <Link to={RETURNS_PATH}>Возврат и обмен</Link>: 7 дней после получения
      </p>
    </section>
  );
}
