import { formatCount, formatPrice, GOODS } from '@shop/contracts/format';
import { analytics, buttonClassName, cartCount, cartTotal, Dialog, DialogHeader, useCart } from '@shop/mf-shared';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { CartLine } from '../cart-lines/cart-line.tsx';
import { useCartToday } from '../cart-lines/use-cart-today.ts';
import styles from './quick-cart-panel.module.css';

/** «Перейти в каталог», «Перейти в корзину»: the kit's outlined box, sized like «Оформить заказ». */
const secondary = buttonClassName('outline', styles.action);

/**
 * The quick-cart panel: a modal side panel (the kit's Dialog) shown while the store's
 * `panelOpen` is true, so the host's header button (or anyone) shows, hides or toggles it. The
 * native modal dialog traps focus and gives the focus back to the button that opened it.
 */
export function QuickCartPanel() {
  const { items, panelOpen, hidePanel } = useCart();
  const { pathname } = useLocation();

  // A new page closes the panel (not the first render: the panel may be opened before this loads).
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current !== pathname) hidePanel();
    shownPath.current = pathname;
  }, [pathname, hidePanel]);

  // Seeing the cart is a step of the funnel however the shopper gets to it: each opening of the
  // panel counts, as the cart page does.
  useEffect(() => {
    if (panelOpen) analytics.seeCart();
  }, [panelOpen]);

  return (
    // Escape, «Закрыть» and a click on the backdrop hide it; a close by the browser itself too.
    <Dialog
      variant="sheet"
      shown={panelOpen}
      className={styles.panel}
      aria-labelledby="quick-cart-title"
      data-testid="quick-cart"
      onDismiss={hidePanel}
      dismissOnBackdrop
      onClose={hidePanel}
    >
      {panelOpen && (
        <div className={styles.body}>
          <DialogHeader
            as="header"
            titleId="quick-cart-title"
            title="Корзина"
            onClose={hidePanel}
            className={styles.head}
            closeClassName={styles.close}
          />
          {items.length === 0 ? (
            <div className={styles.empty}>
              <p>В корзине пока пусто.</p>
              <Link to="/search" className={secondary} onClick={hidePanel}>
                Перейти в каталог
              </Link>
            </div>
          ) : (
            <PanelLines />
          )}
        </div>
      )}
    </Dialog>
  );
}

/** The open panel's lines and totals, at today's prices (asked each time the panel opens). */
function PanelLines() {
  const { items, hidePanel } = useCart();
  const today = useCartToday(items);
  return (
    <>
      <ul className={styles.lines}>
        {today.lines.map((line) => (
          <CartLine key={line.id} line={line} compact onNavigate={hidePanel} />
        ))}
      </ul>
      <footer className={styles.foot}>
        <p className={styles.total}>
          <span>Итого: {formatCount(cartCount(today.counted), GOODS)}</span>
          <strong data-testid="quick-cart-total">{formatPrice(cartTotal(today.counted))}</strong>
        </p>
        <p className={styles.delivery}>Доставка по России бесплатно</p>
        <div className={styles.actions}>
          <Link to="/cart" className={secondary} onClick={hidePanel}>
            Перейти в корзину
          </Link>
          <Link to="/checkout" className={buttonClassName('accent', styles.action)} onClick={hidePanel}>
            Оформить заказ
          </Link>
        </div>
      </footer>
    </>
  );
}
