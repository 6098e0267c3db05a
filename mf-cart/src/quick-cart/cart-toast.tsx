import { formatPrice } from '@shop/contracts/format';
import { pictureAt } from '@shop/contracts/photos';
import { Button, type CartItem, CloseButton, Photo, useCart } from '@shop/mf-shared';
import { useEffect, useState } from 'react';
import styles from './cart-toast.module.css';

export const TOAST_MS = 4000;

/**
 * «Товар в корзине!»: shown for each add (the store's `lastAdded`), with the
 * photo, name, price and size, and «Показать корзину» opening the panel. It goes by itself.
 */
export function CartToast() {
  const lastAdded = useCart((state) => state.lastAdded);
  const showPanel = useCart((state) => state.showPanel);
  const [shown, setShown] = useState<CartItem | null>(null);

  useEffect(() => {
    // An add older than the toast's life (before this remote loaded) is not announced late.
    if (!lastAdded || Date.now() - lastAdded.at > TOAST_MS) return;
    setShown(lastAdded.item);
    const timer = setTimeout(() => setShown(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [lastAdded]);

  return (
    <div className={styles.region} role="status" aria-live="polite">
      {shown && (
        <div className={styles.toast} data-testid="cart-toast" data-overlay="toast">
          {shown.image ? (
            <Photo className={styles.photo} image={pictureAt(shown.image)} sizes="64px" width={64} height={64} loading="eager" />
          ) : (
            <span className={styles.photo} aria-hidden="true" />
          )}
          <div className={styles.text}>
            <p className={styles.title}>Товар в корзине!</p>
            <p className={styles.name}>{shown.name}</p>
            <p className={styles.meta}>
              <span className={styles.price}>{formatPrice(shown.price)}</span>
              {shown.size && <span>размер: {shown.size}</span>}
            </p>
            <Button
              className={styles.show}
              onClick={() => {
                setShown(null);
                showPanel();
              }}
            >
              Показать корзину
            </Button>
          </div>
          <CloseButton className={styles.close} label="Скрыть уведомление" onClick={() => setShown(null)} />
        </div>
      )}
    </div>
  );
}
