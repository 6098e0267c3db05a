import { formatPrice } from '@shop/contracts/format';
import { Button, type CartItem, useCart } from '@shop/mf-shared';
import styles from './checkout-form.module.css';
import type { LineProblem as Problem } from './order-problems.ts';

/** What the API said about a line, with the one-click fix where there is one. */
export function LineProblem({ line, problem }: { line: CartItem; problem: Problem }) {
  const updatePrice = useCart((state) => state.updatePrice);
  const setQuantity = useCart((state) => state.setQuantity);
  return (
    <>
      <p className={styles.problemText}>{problem.message}</p>
      {problem.code === 'PRICE_CHANGED' && problem.price !== null && (
        <Button variant="outline" className={styles.fix} onClick={() => updatePrice(line.id, problem.price as number)}>
          Согласиться с ценой {formatPrice(problem.price)}
        </Button>
      )}
      {problem.code === 'INSUFFICIENT_STOCK' && problem.available !== null && problem.available > 0 && (
        <Button
          variant="outline"
          className={styles.fix}
          onClick={() => setQuantity(line.id, problem.available as number)}
        >
          Оставить {problem.available} шт.
        </Button>
      )}
      {(problem.code === 'SOLD_OUT' || problem.code === 'UNKNOWN_OFFER') && (
        <p className={styles.problemText}>Удалите этот товар, чтобы оформить остальные.</p>
      )}
    </>
  );
}
