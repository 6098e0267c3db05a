import { formatPrice } from '@shop/contracts/format';
import { chipClassName, fieldClassNames } from '@shop/mf-shared';
import type { OfferData } from '../product/product-data.ts';
import styles from './size-grid.module.css';
import { canChoose, sizePrices } from './size-selection.ts';

interface SizeGridProps {
  offers: OfferData[];
  chosenId: string | null;
  onChoose(offer: OfferData): void;
  /** «Выберите размер» after «В корзину» without a size. */
  error: string | null;
}

/**
 * The sizes as radio buttons, in size order; a sold-out size is shown (struck out) but cannot
 * be chosen. When the sizes in stock cost differently, each shows its price and the cheapest
 * are marked «дешевле всего».
 */
export function SizeGrid({ offers, chosenId, onChoose, error }: SizeGridProps) {
  const anySoldOut = offers.some((offer) => !canChoose(offer));
  const { perSize, cheapestIds } = sizePrices(offers);
  return (
    <fieldset className={fieldClassNames.group} aria-describedby={error ? 'size-error' : undefined}>
      <legend className={`${fieldClassNames.label} ${styles.legend}`}>Размер</legend>
      <div className={perSize ? `${styles.grid} ${styles.gridPriced}` : styles.grid}>
        {offers.map((offer) => {
          const soldOut = !canChoose(offer);
          const cheapest = cheapestIds.has(offer.id);
          return (
            <label
              key={offer.id}
              className={cheapest ? `${styles.size} ${styles.cheapest}` : styles.size}
              title={soldOut ? 'Этого размера нет в наличии' : cheapest ? 'Самая низкая цена' : undefined}
              data-testid="size-option"
            >
              <input
                type="radio"
                name="size"
                className={styles.input}
                value={offer.id}
                checked={offer.id === chosenId}
                disabled={soldOut}
                // named by its size alone; its price and mark are its description
                aria-label={offer.size}
                aria-describedby={soldOut ? 'size-sold-out' : perSize ? `size-price-${offer.id}` : undefined}
                onChange={() => onChoose(offer)}
              />
              <span className={chipClassName(styles.box)}>
                <span className={styles.sizeName}>{offer.size}</span>
                {perSize && !soldOut && (
                  <span id={`size-price-${offer.id}`} className={styles.sizePrice}>
                    {formatPrice(offer.priceInRUB)}
                    {cheapest && <span className={styles.cheapestMark}> дешевле всего</span>}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
      {perSize && <p className={styles.hint}>Цена зависит от размера</p>}
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
