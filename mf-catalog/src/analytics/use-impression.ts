import type { AnalyticsProduct } from '@shop/contracts/analytics';
import { analytics } from '@shop/mf-shared';
import { type RefObject, useEffect } from 'react';
import { ImpressionBatcher } from './impression-batcher.ts';

const batcher = new ImpressionBatcher((products) => analytics.impressions(products));
const payloads = new WeakMap<Element, AnalyticsProduct>();
let observer: IntersectionObserver | undefined;

/** One observer for every card on the page: at least half visible, the bottom 15 % of the viewport not counted. */
function sharedObserver(): IntersectionObserver | undefined {
  if (typeof IntersectionObserver === 'undefined') return undefined;
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const payload = payloads.get(entry.target);
        if (payload) batcher.add(payload);
        observer?.unobserve(entry.target);
      }
    },
    { threshold: 0.5, rootMargin: '0px 0px -15% 0px' },
  );
  return observer;
}

/** Reports the element's product as an impression of its list once it has been seen. */
export function useImpression(ref: RefObject<Element | null>, product: AnalyticsProduct | null): void {
  const key = product ? `${product.list}:${product.id}:${product.position}` : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the payload is keyed by list, id and position
  useEffect(() => {
    const element = ref.current;
    const io = sharedObserver();
    if (!element || !product?.list || !io) return;
    payloads.set(element, product);
    io.observe(element);
    return () => io.unobserve(element);
  }, [key]);
}
