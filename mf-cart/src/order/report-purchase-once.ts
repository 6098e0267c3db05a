import type { AnalyticsProduct } from '@shop/contracts/analytics';
import { analytics } from '@shop/mf-shared';
import { safeSession } from '../checkout/idempotency-key.ts';

export const REPORTED_ORDERS_STORAGE = 'shop-reported-orders';

function reported(storage: Storage | null): string[] {
  try {
    const value: unknown = JSON.parse(storage?.getItem(REPORTED_ORDERS_STORAGE) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The purchase is reported once per order per session: the order page is reloaded,
 * revisited from the payment page or opened in a second tab of the session, and counts once.
 */
export function reportPurchaseOnce(
  order: { ordernumber: string; totalPrice: number },
  products: AnalyticsProduct[],
  storage: Storage | null = safeSession(),
): boolean {
  const ids = reported(storage);
  if (ids.includes(order.ordernumber)) return false;
  try {
    storage?.setItem(REPORTED_ORDERS_STORAGE, JSON.stringify([...ids, order.ordernumber].slice(-50)));
  } catch {
    // storage full or unavailable: still report, once per page at least
  }
  analytics.purchase({ id: order.ordernumber, revenue: order.totalPrice }, products);
  return true;
}
