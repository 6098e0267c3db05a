import type { ProductCardData } from '@shop/contracts/remotes';
import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import styles from './product-card.module.css';

/** Swatch colours for the API's colour class names; an unknown one shows as a neutral dot. */
const SWATCHES: Record<string, string> = {
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

export function VariantDots({ product }: { product: ProductCardData }) {
  if (product.variants.length < 2) return null;
  return (
    <ul className={styles.variants} aria-label="Цвета">
      {product.variants.map((variant) => (
        <li key={variant.id}>
          <Link
            to={variant.webPath}
            className={styles.dot}
            data-current={variant.id === product.productId || undefined}
            style={{ '--swatch': SWATCHES[variant.color] ?? 'var(--shop-muted)' } as CSSProperties}
            aria-label={`Цвет: ${variant.colorName}`}
            title={variant.colorName}
          />
        </li>
      ))}
    </ul>
  );
}
