import { formatCount, formatPrice, GOODS } from '@shop/contracts/format';
import { cartCount, cartTotal, useCart } from '@shop/mf-shared';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { CartLine } from '../cart-lines/cart-line.tsx';
import styles from './quick-cart-panel.module.css';

/**
 * The quick-cart panel: a modal side panel driven by the store's `panelOpen`,
 * so the host's header button (or anyone) shows, hides or toggles it. The native modal
 * dialog traps focus, closes on Escape and gives the focus back to the button that opened it.
 */
export function QuickCartPanel() {
  const { items, panelOpen, hidePanel } = useCart();
  const dialog = useRef<HTMLDialogElement>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (panelOpen && !el.open) el.showModal();
    if (!panelOpen && el.open) el.close();
  }, [panelOpen]);

  // A new page closes the panel (not the first render: the panel may be opened before this loads).
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current !== pathname) hidePanel();
    shownPath.current = pathname;
  }, [pathname, hidePanel]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click is a mouse shortcut; keyboards close with Escape (native) or «Закрыть»
    <dialog
      ref={dialog}
      className={styles.panel}
      aria-labelledby="quick-cart-title"
      data-testid="quick-cart"
      onClose={hidePanel}
      onClick={(event) => {
        // A click on the backdrop (outside the panel's box) closes it.
        if (event.target === event.currentTarget) hidePanel();
      }}
    >
      {panelOpen && (
        <div className={styles.body}>
          <header className={styles.head}>
            <h2 id="quick-cart-title" className={styles.title}>
              Корзина
            </h2>
            <button type="button" className={styles.close} onClick={hidePanel} aria-label="Закрыть">
              ×
            </button>
          </header>
          {items.length === 0 ? (
            <div className={styles.empty}>
              <p>В корзине пока пусто.</p>
              <Link to="/search" className={styles.secondary} onClick={hidePanel}>
                Перейти в каталог
              </Link>
            </div>
          ) : (
            <>
              <ul className={styles.lines}>
                {items.map((line) => (
                  <CartLine key={line.id} line={line} compact onNavigate={hidePanel} />
                ))}
              </ul>
              <footer className={styles.foot}>
                <p className={styles.total}>
                  <span>Итого: {formatCount(cartCount(items), GOODS)}</span>
                  <strong data-testid="quick-cart-total">{formatPrice(cartTotal(items))}</strong>
                </p>
                <p className={styles.delivery}>Доставка по России бесплатно</p>
                <div className={styles.actions}>
                  <Link to="/cart" className={styles.secondary} onClick={hidePanel}>
                    Перейти в корзину
                  </Link>
                  <Link to="/checkout" className={styles.primary} onClick={hidePanel}>
                    Оформить заказ
                  </Link>
                </div>
              </footer>
            </>
          )}
        </div>
      )}
    </dialog>
  );
}
