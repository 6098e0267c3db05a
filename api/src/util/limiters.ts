import { createRateLimit, memoryStore, type RateLimit, type RateLimitStore } from '@shop/server-kit';

/** Every per-client budget of the API, keyed by `rateLimitKey(clientIp)` (IPv6: per /64). */
export interface Limiters {
  /** createOrder calls per minute. */
  orders: RateLimit;
  /** `order` and `paymentInfo` look-ups per minute: each alias in a request counts. */
  lookups: RateLimit;
  /** Sandbox payment page requests (view and pay) per minute. */
  sandbox: RateLimit;
  /** Delivery terms and pickup-point look-ups per minute (each may ask СДЭК): each alias counts. */
  delivery: RateLimit;
  /** Wrong ops tokens per 15 minutes; at the limit the client is refused until the window ends. */
  opsFailures: RateLimit;
  /** Where these counts live, for the budgets other parts keep (the desk's sign-ins, ЮKassa's notifications). */
  store: RateLimitStore;
}

/** `store` is where the counts live: this process's memory, or Redis shared by every replica. */
export function createLimiters(
  config: { orderRateLimit: number; orderLookupRateLimit: number; sandboxRateLimit: number; deliveryRateLimit: number; opsTokenFailureLimit: number },
  store: RateLimitStore = memoryStore(),
): Limiters {
  return {
    store,
    orders: createRateLimit({ name: 'orders', limit: config.orderRateLimit, store }),
    lookups: createRateLimit({ name: 'lookups', limit: config.orderLookupRateLimit, store }),
    sandbox: createRateLimit({ name: 'sandbox', limit: config.sandboxRateLimit, store }),
    delivery: createRateLimit({ name: 'delivery', limit: config.deliveryRateLimit, store }),
    opsFailures: createRateLimit({ name: 'ops-failures', limit: config.opsTokenFailureLimit, windowMs: 15 * 60_000, store }),
  };
}
