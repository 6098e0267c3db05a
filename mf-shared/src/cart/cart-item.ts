import type { CartItem } from '@shop/contracts/cart-storage';
import { MAX_QUANTITY } from '@shop/contracts/order';

export type { CartItem };

export type NewCartItem = Omit<CartItem, 'quantity'>;

/** The most of one line: the order's own limit (the API refuses more). */
export { MAX_QUANTITY };

/** A path on this site: `/…`, not `//other.host/…` or `/\other.host` (which browsers read as another site). */
function isSitePath(value: unknown): value is string {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Stored carts come from an older release, another tab or a hand-edited localStorage:
 * keep every line that is still a valid line and drop the rest, never throw.
 */
export function sanitizeCartItems(value: unknown): CartItem[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const items: CartItem[] = [];
  for (const raw of value) {
    if (!isObject(raw)) continue;
    const { id, productId, modelId, sku, name, price, quantity } = raw;
    if (typeof id !== 'string' && typeof id !== 'number') continue;
    if (typeof name !== 'string' || typeof price !== 'number' || !Number.isFinite(price) || price < 0) continue;
    const key = String(id);
    if (seen.has(key)) continue;
    seen.add(key);
    const q = typeof quantity === 'number' && Number.isFinite(quantity) ? Math.trunc(quantity) : 1;
    const brand = isObject(raw.brand) && typeof raw.brand.name === 'string' ? raw.brand.name : '';
    const category =
      isObject(raw.mainCategory) && typeof raw.mainCategory.name === 'string' ? raw.mainCategory.name : '';
    items.push({
      id: key,
      ...(typeof productId === 'string' || typeof productId === 'number' ? { productId: String(productId) } : {}),
      modelId: typeof modelId === 'string' || typeof modelId === 'number' ? String(modelId) : '',
      sku: typeof sku === 'string' ? sku : '',
      name,
      price: Math.round(price),
      brand: { name: brand },
      mainCategory: { name: category },
      quantity: Math.min(Math.max(q, 1), MAX_QUANTITY),
      ...(typeof raw.size === 'string' ? { size: raw.size } : {}),
      ...(isSitePath(raw.image) ? { image: raw.image } : {}),
      ...(isSitePath(raw.webPath) ? { webPath: raw.webPath } : {}),
    });
  }
  return items;
}
