import { useShell } from '@shop/mf-shared';
import type { ProductData } from '../product/product-data.ts';

/** Share of the price either side that still counts as «similar» for recommendations. */
const PRICE_BAND = 0.3;

/** «Вам может понравиться»: the catalogue's slider (through the host), same category, similar price, this model left out. */
export function RecommendedProducts({ product }: { product: ProductData }) {
  const { RemoteSlot } = useShell();
  const price = product.minPriceInRUB;
  return (
    <RemoteSlot
      id="mf_catalog/ProductSlider"
      skeleton="block"
      props={{
        title: 'Вам может понравиться',
        list: 'recommended',
        excludeIds: product.variants.map((variant) => variant.id),
        categoryIds: [product.mainCategory.id],
        priceFrom: Math.floor(price * (1 - PRICE_BAND)),
        priceTo: Math.ceil(price * (1 + PRICE_BAND)),
      }}
    />
  );
}
