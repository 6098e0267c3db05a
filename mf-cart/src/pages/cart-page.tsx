import { analytics, buttonClassName, useCart, useHydrated } from '@shop/mf-shared';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { CartLine } from '../cart-lines/cart-line.tsx';
import { useCartToday } from '../cart-lines/use-cart-today.ts';
import { CartSummary } from '../cart-page/cart-summary.tsx';
import { EmptyCart } from '../cart-page/empty-cart.tsx';
import '../report.ts';
import { StoredCartPending } from './stored-cart-pending.tsx';
import styles from './page.module.css';

/** The cart page: lines with quantity and removal, totals, the way to checkout. */
export default function CartPage() {
  const items = useCart((state) => state.items);
  const today = useCartToday(items);
  useEffect(() => analytics.seeCart(), []);
  const hydrated = useHydrated();

  if (!hydrated) return <StoredCartPending title="Корзина" />;
  if (items.length === 0) {
    return (
      <section data-testid="cart-page" className={styles.page}>
        <EmptyCart />
      </section>
    );
  }
  return (
    <section data-testid="cart-page" className={styles.page}>
      <h1 className={styles.title}>Корзина</h1>
      <div className={styles.columns}>
        <ul className={styles.lines} aria-label="Товары в корзине">
          {today.lines.map((line) => (
            <CartLine key={line.id} line={line} />
          ))}
        </ul>
        <CartSummary items={today.counted}>
          <Link to="/checkout" className={buttonClassName('accent', styles.primary)}>
            Оформить заказ
          </Link>
          <Link to="/search" className={styles.back}>
            Продолжить покупки
          </Link>
        </CartSummary>
      </div>
    </section>
  );
}
