export const ORDER_KEY_STORAGE = 'shop-order-key';

function newKey(): string {
  try {
    return crypto.randomUUID();
  } catch {
    return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
  }
}

/**
 * The idempotency key of the order being placed. It is kept in sessionStorage until the order
 * succeeds, so a double click, a retry after a network error or a reload in the middle all
 * send the same key and the API returns the one order instead of creating another.
 */
export function orderKey(storage: Storage | null = safeSession()): string {
  const stored = storage?.getItem(ORDER_KEY_STORAGE);
  if (stored && /^[A-Za-z0-9_-]{8,100}$/.test(stored)) return stored;
  const key = newKey();
  storage?.setItem(ORDER_KEY_STORAGE, key);
  return key;
}

/** After a successful order: the next order gets a new key. */
export function forgetOrderKey(storage: Storage | null = safeSession()): void {
  storage?.removeItem(ORDER_KEY_STORAGE);
}

export function safeSession(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}
