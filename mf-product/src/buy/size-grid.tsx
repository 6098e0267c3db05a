import type { OfferData } from '../product/product-data.ts';
import styles from './size-grid.module.css';
import { canChoose } from './size-selection.ts';

interface SizeGridProps {
  offers: OfferData[];
  chosenId: string | null;
  onChoose(offer: OfferData): void;
  /** «Выберите размер» after «В корзину» without a size. */
  error: string | null;
}

/** The sizes as radio buttons, sorted by price; a sold-out size is shown but cannot be chosen. */
export function SizeGrid({ offers, chosenId, onChoose, error }: SizeGridProps) {
  const anySoldOut = offers.some((offer) => !canChoose(offer));
  return (
    <fieldset className={styles.sizes} aria-describedby={error ? 'size-error' : undefined}>
      <legend className={styles.legend}>Размер</legend>
      <div className={styles.grid}>
        {offers.map((offer) => {
          const soldOut = !canChoose(offer);
          return (
            <label key={offer.id} className={styles.size} title={soldOut ? 'Этого размера нет в наличии' : undefined}>
              <input
                type="radio"
                name="size"
                className={styles.input}
                value={offer.id}
                checked={offer.id === chosenId}
                disabled={soldOut}
                aria-describedby={soldOut ? 'size-sold-out' : undefined}
                onChange={() => onChoose(offer)}
              />
              <span className={styles.box}>{offer.size}</span>
            </label>
          );
        })}
      </div>
      {anySoldOut && (
        <p id="size-sold-out" className={styles.hint}>
          Зачёркнутых размеров нет в наличии
        </p>
      )}
      {error && (
        <p id="size-error" className={styles.error} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
