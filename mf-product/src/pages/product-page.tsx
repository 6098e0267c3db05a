import { useQuery } from '@apollo/client/react';
import { type ProductPageProps, SectionError } from '@shop/mf-shared';
import '../report.ts';
import { ProductPageDocument } from '../graphql/generated.ts';
import { ProductView } from '../product/product-view.tsx';
import styles from './product-page.module.css';
import { ProductSkeleton } from './product-skeleton.tsx';

/** The product page (exposed as mf_product/ProductPage): `id` is the colour variant the resolver found. */
export default function ProductPage({ id }: ProductPageProps) {
  const { data, error, loading, refetch } = useQuery(ProductPageDocument, { variables: { id } });
  const product = data?.product;
  return (
    <section data-testid="product-page" className={styles.page} aria-busy={loading || undefined}>
      {product ? (
        <ProductView product={product} />
      ) : error ? (
        <SectionError title="Не удалось загрузить. Проверьте соединение" onRetry={() => void refetch()} />
      ) : loading ? (
        <ProductSkeleton />
      ) : (
        <h1 className={styles.missing}>Товар не найден</h1>
      )}
    </section>
  );
}
