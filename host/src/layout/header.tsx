import { cartCount, formatCount, GOODS, useCart, useShell } from '@shop/mf-shared';
import { Link } from 'react-router-dom';
import styles from './header.module.css';

export function Header() {
  const { shopName } = useShell();
  const count = useCart((state) => cartCount(state.items));
  const togglePanel = useCart((state) => state.togglePanel);
  return (
    <header className={styles.header}>
      <Link to="/" className={styles.logo}>
        {shopName}
      </Link>
      <nav className={styles.nav} aria-label="Основное меню">
        <Link to="/search">Каталог</Link>
      </nav>
      <button
        type="button"
        className={styles.cart}
        aria-label={count > 0 ? `Корзина: ${formatCount(count, GOODS)}` : 'Корзина пуста'}
        // The panel opens only when there is something in it (spec §2).
        onClick={() => count > 0 && togglePanel()}
      >
        Корзина
        <span className={styles.count} data-testid="cart-count">
          {count}
        </span>
      </button>
    </header>
  );
}
