import { type CartItem, formatPrice } from '@shop/mf-shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { NumberStepper } from './number-stepper.tsx';
import { useCartLineActions } from './use-cart-line-actions.ts';
import styles from './cart-line.module.css';

interface CartLineProps {
  line: CartItem;
  /** A problem the API reported for this line (sold out, price changed), with a way to fix it. */
  problem?: ReactNode;
  compact?: boolean;
  onNavigate?: () => void;
  /** The most the shop can sell of this size, when known (the API's INSUFFICIENT_STOCK answer); else 99. */
  maxQuantity?: number | undefined;
}

/** One line of the cart: photo, name, size, price, quantity stepper and removal. */
export function CartLine({ line, problem, compact = false, onNavigate, maxQuantity }: CartLineProps) {
  const { change, remove } = useCartLineActions(line);
  const size = compact ? 64 : 96;
  const label = line.size ? `${line.name}, размер ${line.size}` : line.name;
  return (
    <li className={`${styles.line} ${compact ? styles.compact : ''}`} data-invalid={problem ? true : undefined}>
      {line.image ? (
        <img
          className={styles.photo}
          src={line.image}
          alt=""
          width={size}
          height={size}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span className={styles.photo} style={{ width: size, height: size }} aria-hidden="true" />
      )}
      <div className={styles.info}>
        <p className={styles.name}>
          {line.webPath ? (
            <Link to={line.webPath} onClick={onNavigate}>
              {line.name}
            </Link>
          ) : (
            line.name
          )}
        </p>
        {line.size && <p className={styles.meta}>Размер: {line.size}</p>}
        <p className={styles.unit}>{formatPrice(line.price)}</p>
        {problem && (
          <div className={styles.problem} role="alert">
            {problem}
          </div>
        )}
      </div>
      <div className={styles.controls}>
        <NumberStepper value={line.quantity} onChange={change} label={label} {...(maxQuantity ? { max: maxQuantity } : {})} />
        <p className={styles.sum}>{formatPrice(line.price * line.quantity)}</p>
        <button type="button" className={styles.remove} onClick={remove} aria-label={`Удалить: ${label}`}>
          Удалить
        </button>
      </div>
    </li>
  );
}
