import { formatPrice } from '@shop/contracts/format';
import { pictureAt } from '@shop/contracts/photos';
import { Button, MAX_QUANTITY, Photo } from '@shop/mf-shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styles from './cart-line.module.css';
import { NumberStepper } from './number-stepper.tsx';
import { useCartLineActions } from './use-cart-line-actions.ts';
import { stockLimit, stockNote, type TodayLine } from './use-cart-today.ts';

interface CartLineProps {
  /** The line as the shop sells it today (useCartToday): its price, stock and whether it is still sold. */
  line: TodayLine;
  /** A problem the API reported for this line (sold out, price changed), with a way to fix it. */
  problem?: ReactNode;
  compact?: boolean;
  onNavigate?: () => void;
  /** The most the shop can sell of this size, when known (the API's INSUFFICIENT_STOCK answer); else 99. */
  maxQuantity?: number | undefined;
}

/** One line of the cart: photo, name, size, price, quantity stepper and removal. */
export function CartLine({ line, problem, compact = false, onNavigate, maxQuantity }: CartLineProps) {
  const limits = [maxQuantity, stockLimit(line.stock)].filter((n): n is number => n !== undefined);
  const max = limits.length ? Math.min(MAX_QUANTITY, ...limits) : undefined;
  // the API's own answer (problem) says it better when there is one
  const note = problem ? null : stockNote(line);
  const { change, remove } = useCartLineActions(line);
  const size = compact ? 64 : 96;
  const label = line.size ? `${line.name}, размер ${line.size}` : line.name;
  return (
    <li className={`${styles.line} ${compact ? styles.compact : ''}`} data-invalid={problem ? true : undefined}>
      {line.image ? (
        <Photo className={styles.photo} image={pictureAt(line.image)} sizes={`${size}px`} width={size} height={size} />
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
        {line.was === undefined ? (
          <p className={styles.unit}>{formatPrice(line.price)}</p>
        ) : (
          <p className={styles.unit} data-testid="price-changed">
            <span className={styles.changed}>Цена изменилась:</span> было <s>{formatPrice(line.was)}</s>, теперь{' '}
            <strong className={styles.today}>{formatPrice(line.price)}</strong>
          </p>
        )}
        {problem && (
          <div className={styles.problem} role="alert">
            {problem}
          </div>
        )}
        {note && (
          <p className={styles.problem} data-testid="stock-note">
            {note}
          </p>
        )}
      </div>
      <div className={styles.controls}>
        <NumberStepper value={line.quantity} onChange={change} label={label} {...(max ? { max } : {})} />
        <p className={styles.sum}>{formatPrice(line.price * line.quantity)}</p>
        <Button variant="link" className={styles.remove} onClick={remove} aria-label={`Удалить: ${label}`}>
          Удалить
        </Button>
      </div>
    </li>
  );
}
