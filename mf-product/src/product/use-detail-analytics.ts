import { pageProduct } from '@shop/contracts/analytics';
import { analytics } from '@shop/mf-shared';
import { useEffect, useRef } from 'react';
import type { ProductData } from './product-data.ts';

/** One detail view per product shown (not per render, not again when the cache refreshes it). */
export function useDetailAnalytics(product: ProductData): void {
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (reported.current === product.id) return;
    reported.current = product.id;
    analytics.detail(pageProduct(product));
  }, [product]);
}
