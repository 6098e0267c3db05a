import { useQuery } from '@apollo/client/react';
import { analytics, Photo } from '@shop/mf-shared';
import { Link } from 'react-router-dom';
import { TopBrandsDocument } from '../graphql/generated.ts';
import { SectionHeading } from '../ui/section-heading.tsx';
import styles from './top-brands.module.css';

export const TOP_BRANDS_PROMO = { id: 'BASE', name: 'Топ бренды' } as const;

/** Logos loaded at once: the first rows (a phone shows two per row, a desktop six). */
const EAGER_LOGOS = 6;
/**
 * How wide a logo's tile is drawn (top-brands.module.css: two a row, three from 640 px, six from
 * 1024 px): an owner's photographed logo then comes in the width that fills it. An SVG logo is
 * shown as it is.
 */
const LOGO_SIZES = '(min-width: 1280px) 200px, (min-width: 1024px) 16vw, (min-width: 640px) 33vw, 50vw';
const LOGO_WIDEST = 340;

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
                <Photo
                  image={brand.logo}
                  sizes={LOGO_SIZES}
                  widest={LOGO_WIDEST}
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
