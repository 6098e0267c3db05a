import { Photo } from '@shop/mf-shared';
import { Link } from 'react-router-dom';
import type { VariantData } from '../product/product-data.ts';
import styles from './variant-swatches.module.css';

/**
 * The model's colours: each swatch links to its variant's page; the one shown is marked; a colour
 * with no size in stock is faded and struck through and says «нет в наличии».
 */
export function VariantSwatches({ variants, currentId, colorName }: { variants: VariantData[]; currentId: string; colorName: string }) {
  return (
    <div className={styles.colours}>
      <p className={styles.label}>
        Цвет: <span className={styles.name}>{colorName}</span>
      </p>
      {variants.length > 1 && (
        <ul className={styles.list} aria-label="Другие цвета">
          {variants.map((variant) => {
            const current = variant.id === currentId;
            const label = variant.inStock ? variant.colorName : `${variant.colorName}, нет в наличии`;
            return (
              <li key={variant.id}>
                <Link
                  to={variant.webPath}
                  className={variant.inStock ? styles.swatch : `${styles.swatch} ${styles.soldOut}`}
                  aria-label={`Цвет: ${label}`}
                  aria-current={current ? 'page' : undefined}
                  title={label}
                >
                  {variant.thumbnail ? (
                    <Photo
                      image={{ fullpath: variant.thumbnail.src, width: variant.thumbnail.width, height: variant.thumbnail.height }}
                      sizes="64px"
                    />
                  ) : null}
                  <span className={styles.dot} data-color={variant.color} aria-hidden="true" />
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
