import { useQuery } from '@apollo/client/react';
import { messageFor } from '@shop/contracts/errors';
import type { PageComponent, ProductPageProps } from '@shop/contracts/remotes';
import { SectionError } from '@shop/mf-shared';
import '../report.ts';
import { ProductPageDocument } from '../graphql/generated.ts';
import { ProductView } from '../product/product-view.tsx';
import styles from './product-page.module.css';
import { ProductSkeleton } from './product-skeleton.tsx';

/** The product page (exposed as mf_product/ProductPage): `id` is the colour variant the resolver found. */
function ProductPage({ id }: ProductPageProps) {
  const { data, error, loading, refetch } = useQuery(ProductPageDocument, { variables: { id } });
  const product = data?.product;
  return (
    <section data-testid="product-page" className={styles.page} aria-busy={loading || undefined}>
      {product ? (
        <ProductView product={product} />
      ) : error ? (
        <SectionError message={messageFor(error)} onRetry={() => void refetch()} />
      ) : loading ? (
        <ProductSkeleton />
      ) : (
        <h1 className={styles.missing}>Товар не найден</h1>
      )}
    </section>
  );
}

/** The page's one query, asked ahead when the shopper points at a link to the product (the host calls it). */
const prefetch: PageComponent<ProductPageProps>['prefetch'] = ({ id }, client) =>
  client.query({ query: ProductPageDocument, variables: { id } });

export default Object.assign(ProductPage, { prefetch }) satisfies PageComponent<ProductPageProps>;
