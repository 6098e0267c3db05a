import { cartCount, cartTotal, formatCount, formatPrice, GOODS, useCart } from '@shop/mf-shared';
import '../report.ts';

// Skeleton page of the cart team (issue 2): replaced by the real cart page in issue 7.
export default function CartPage() {
  const items = useCart((state) => state.items);
  const remove = useCart((state) => state.remove);
  return (
    <section data-testid="cart-page" style={{ padding: 24 }}>
      <h1>Корзина</h1>
      {items.length === 0 ? (
        <p>Корзина пуста</p>
      ) : (
        <>
          <ul>
            {items.map((line) => (
              <li key={line.id}>
                {line.name} × {line.quantity} — {formatPrice(line.price * line.quantity)}{' '}
                <button type="button" onClick={() => remove(line.id)}>
                  Удалить
                </button>
              </li>
            ))}
          </ul>
          <p data-testid="cart-total">
            {formatCount(cartCount(items), GOODS)} на сумму {formatPrice(cartTotal(items))}
          </p>
        </>
      )}
    </section>
  );
}
