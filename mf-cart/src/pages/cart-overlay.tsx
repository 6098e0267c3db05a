import { cartTotal, formatPrice, useCart } from '@shop/mf-shared';
import { Link } from 'react-router-dom';
import '../report.ts';

// Skeleton quick-cart panel (issue 2): the real panel and toast come in issue 7.
export default function CartOverlay() {
  const { items, panelOpen, hidePanel } = useCart();
  if (!panelOpen) return null;
  return (
    <aside
      aria-label="Корзина"
      data-testid="quick-cart"
      style={{ position: 'fixed', top: 64, right: 0, width: 360, maxWidth: '100%', padding: 16, background: 'var(--shop-surface)', borderLeft: '1px solid var(--shop-border)', zIndex: 60 }}
    >
      <ul>
        {items.map((line) => (
          <li key={line.id}>
            {line.name} × {line.quantity}
          </li>
        ))}
      </ul>
      <p>Итого: {formatPrice(cartTotal(items))}</p>
      <Link to="/cart" onClick={hidePanel}>
        Перейти в корзину
      </Link>{' '}
      <button type="button" onClick={hidePanel}>
        Закрыть
      </button>
    </aside>
  );
}
