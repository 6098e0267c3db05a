import { formatCount, type PluralForms } from '@shop/contracts/format';
import type { ProductCardData } from '@shop/contracts/remotes';
import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import styles from './product-card.module.css';

/** Swatch colours for the API's colour class names; an unknown one shows as a neutral dot. */
const SWATCHES_BY_CLASS: Record<string, string> = {
  white: '#fff',
  black: '#111',
  grey: '#9a9a9a',
  beige: '#e3d3b5',
  brown: '#7b4a2a',
  red: '#d23a2f',
  orange: '#f08a24',
  pink: '#f1a1c0',
  green: '#2f8f4e',
  olive: '#7a7d3a',
  blue: '#2450b5',
  'light-blue': '#8fc4ef',
};

/**
 * The most swatches a card draws: with «+N» they fit one row of a half-width card on a 320 px
 * phone (24 px each in a 138 px card). The card fragment asks the API for this many (`variants(limit: 4)`).
 */
export const SWATCHES = 4;

const COLOURS = { one: 'цвет', few: 'цвета', many: 'цветов' } as const satisfies PluralForms;

export function VariantDots({ product }: { product: ProductCardData }) {
  const count = Math.max(product.variantCount ?? 0, product.variants.length);
  if (count < 2) return null;
  // the API lists the product's own colour among the first SWATCHES; a caller's longer list is cut here
  const shown = product.variants.slice(0, SWATCHES);
  const more = count - shown.length;
  return (
    <ul className={styles.variants} aria-label="Цвета">
      {shown.map((variant) => (
        <li key={variant.id}>
          <Link
            to={variant.webPath}
            className={styles.dot}
            data-current={variant.id === product.productId || undefined}
            style={{ '--swatch': SWATCHES_BY_CLASS[variant.color] ?? 'var(--shop-muted)' } as CSSProperties}
            aria-label={`Цвет: ${variant.colorName}`}
            title={variant.colorName}
          />
        </li>
      ))}
      {more > 0 && (
        <li>
          <Link to={product.webPath} className={styles.more} aria-label={`Ещё ${formatCount(more, COLOURS)}`} title={`Ещё ${formatCount(more, COLOURS)}`}>
            +{more}
          </Link>
        </li>
      )}
    </ul>
  );
}
