import { LikeButton } from '@shop/mf-shared';
import { Link } from 'react-router-dom';
import { BuyBox } from '../buy/buy-box.tsx';
import { ProductPhotos } from '../gallery/product-photos.tsx';
import { RecommendedProducts } from '../recommended/recommended-products.tsx';
import { VariantSwatches } from '../variants/variant-swatches.tsx';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { ProductAttributes } from './product-attributes.tsx';
import type { ProductData } from './product-data.ts';
import styles from './product-view.module.css';
import { useDetailAnalytics } from './use-detail-analytics.ts';

/** The product page's layout: photos beside the summary and buy box, then description, attributes and recommendations. */
export function ProductView({ product }: { product: ProductData }) {
  useDetailAnalytics(product);
  return (
    <>
      <Breadcrumbs product={product} />
      <div className={styles.main}>
        <ProductPhotos photos={product.gallery} name={product.name} />
        <div className={styles.summary}>
          <div className={styles.titleRow}>
            <div className={styles.titles}>
              <Link to={product.brand.webPath} className={styles.brand}>
                {product.brand.name}
              </Link>
              <h1 className={styles.name}>{product.name}</h1>
            </div>
            <LikeButton productId={product.id} name={product.name} />
          </div>
          <dl className={styles.facts}>
            <div>
              <dt>Артикул</dt>
              <dd>{product.sku}</dd>
            </div>
            <div>
              <dt>Категория</dt>
              <dd>
                <Link to={product.mainCategory.webPath}>{product.mainCategory.name}</Link>
              </dd>
            </div>
          </dl>
          <VariantSwatches variants={product.variants} currentId={product.id} colorName={product.colorName} />
          <BuyBox product={product} />
          {product.text && <p className={styles.text}>{product.text}</p>}
        </div>
      </div>
      <div className={styles.details}>
        {product.description && (
          <section aria-labelledby="product-description">
            <h2 id="product-description" className={styles.heading}>
              Описание
            </h2>
            <p className={styles.description}>{product.description}</p>
          </section>
        )}
        <ProductAttributes attributes={product.technicalAttributes} />
      </div>
      <div className={styles.recommended}>
        <RecommendedProducts product={product} />
      </div>
    </>
  );
}
