import { type ProductPageProps, useCart } from '@shop/mf-shared';
import '../report.ts';

// Skeleton page of the product team (issue 2): replaced by the real product page in issue 6.
export default function ProductPage({ id }: ProductPageProps) {
  const add = useCart((state) => state.add);
  return (
    <section data-testid="product-page" style={{ padding: 24 }}>
      <h1>Товар {id}</h1>
      <button
        type="button"
        onClick={() =>
          add({
            id: `offer-${id}`,
            modelId: id,
            sku: `SKU-${id}`,
            name: `Товар ${id}`,
            price: 9990,
            brand: { name: 'Adidas' },
            mainCategory: { name: 'Кеды' },
          })
        }
      >
        В корзину
      </button>
    </section>
  );
}
