import { useQuery } from '@apollo/client/react';
import { analytics } from '@shop/mf-shared';
import { Link } from 'react-router-dom';
import { TopBrandsDocument } from '../graphql/generated.ts';
import { SectionHeading } from '../ui/section-heading.tsx';
import styles from './top-brands.module.css';

export const TOP_BRANDS_PROMO = { id: 'BASE', name: 'Топ бренды' } as const;

/** Logos loaded at once: the first rows (a phone shows two per row, a desktop six). */
const EAGER_LOGOS = 6;

/** Brands shown on the home page: the logo, or the name when there is none; a click counts as a promotion. */
export function TopBrands() {
  const { data } = useQuery(TopBrandsDocument);
  const brands = data?.topBrands ?? [];
  if (data && brands.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="top-brands">
      <SectionHeading id="top-brands" title="Топ бренды" />
      <ul className={styles.grid}>
        {brands.map((brand, index) => (
          <li key={brand.id}>
            <Link
              to={brand.webPath}
              className={styles.tile}
              onClick={() => analytics.promoClick({ ...TOP_BRANDS_PROMO, creative: brand.name, position: index + 1 })}
            >
              {brand.logo ? (
                <img
                  src={brand.logo.fullpath}
                  width={brand.logo.width}
                  height={brand.logo.height}
                  alt={brand.name}
                  // the first rows are in a phone's first screen (the page's largest paint there): not lazy
                  loading={index < EAGER_LOGOS ? 'eager' : 'lazy'}
                />
              ) : (
                <span className={styles.name}>{brand.name}</span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
