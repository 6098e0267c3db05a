import { Link } from 'react-router-dom';
import type { VariantData } from '../product/product-data.ts';
import styles from './variant-swatches.module.css';

/** The model's colours: each swatch links to its variant's page; the one shown is marked. */
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
            return (
              <li key={variant.id}>
                <Link
                  to={variant.webPath}
                  className={styles.swatch}
                  aria-label={`Цвет: ${variant.colorName}`}
                  aria-current={current ? 'page' : undefined}
                  title={variant.colorName}
                >
                  {variant.thumbnail ? (
                    <img
                      src={variant.thumbnail.src}
                      width={variant.thumbnail.width}
                      height={variant.thumbnail.height}
                      alt=""
                      loading="lazy"
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
