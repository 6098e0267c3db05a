import type { AnalyticsProduct } from '@shop/contracts/analytics';

export const IMPRESSION_DEBOUNCE_MS = 250;

/**
 * Collects product impressions and sends them in one batch once none has arrived for
 * 250 ms; each product is counted once per list for the life of the page.
 */
export class ImpressionBatcher {
  private readonly seen = new Set<string>();
  private pending: AnalyticsProduct[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly send: (products: AnalyticsProduct[]) => void,
    private readonly delay = IMPRESSION_DEBOUNCE_MS,
  ) {}

  add(product: AnalyticsProduct): void {
    const key = `${product.list ?? ''}\u0000${product.id}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.pending.push(product);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), this.delay);
  }

  flush(): void {
    clearTimeout(this.timer);
    if (!this.pending.length) return;
    const batch = this.pending;
    this.pending = [];
    this.send(batch);
  }
}
