import { useCart, useShell } from '@shop/mf-shared';
import '../report.ts';

// Skeleton page of the catalogue team (issue 2): replaced by the real home page in issue 5.
export default function HomePage() {
  const { shopName } = useShell();
  const add = useCart((state) => state.add);
  return (
    <section data-testid="catalog-home" style={{ padding: 24 }}>
      <h1>Каталог</h1>
      <p data-testid="shell-name">Магазин «{shopName}»</p>
      <button
        type="button"
        onClick={() =>
          add({
            id: 'demo-offer-42',
            modelId: 'demo-model',
            sku: 'DEMO-42',
            name: 'Кроссовки Nike Air Max 90',
            price: 12990,
            brand: { name: 'Nike' },
            mainCategory: { name: 'Кроссовки' },
            size: '42',
          })
        }
      >
        В корзину
      </button>
    </section>
  );
}
