import { useShell } from '@shop/mf-shared';
import { useEffect, useRef, useState } from 'react';
import type { ProductData } from '../product/product-data.ts';

/** Share of the price either side that still counts as «similar» for recommendations. */
const PRICE_BAND = 0.3;

/** How far below the screen the slider starts loading, so it is there when the shopper scrolls to it. */
const LOAD_AHEAD = '400px 0px';

/**
 * «Вам может понравиться»: the catalogue's slider (through the host), same category, similar
 * price, this model left out. It sits below the fold, so the catalogue remote (its entry, the
 * slider and swiper) is loaded only when the shopper scrolls near it, not with the page.
 * A plain IntersectionObserver: one observer, no library needed for it.
 */
export function RecommendedProducts({ product }: { product: ProductData }) {
  const { RemoteSlot } = useShell();
  // Not near on the server and in the hydration render alike (the same markup: the placeholder);
  // a browser without IntersectionObserver loads the slider right after.
  const [near, setNear] = useState(false);
  const spot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = spot.current;
    if (near || !el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: LOAD_AHEAD,
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  if (!near) return <div ref={spot} style={{ minHeight: 320 }} data-testid="recommended-pending" />;
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
