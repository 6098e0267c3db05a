import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { CART_STORAGE_KEY, CART_STORAGE_VERSION } from '@shop/contracts/cart-storage';
import { type CartItem, MAX_QUANTITY, type NewCartItem, sanitizeCartItems } from './cart-item.ts';

export { CART_STORAGE_KEY };

export interface CartState {
  items: CartItem[];
  /** Quick-cart panel: shown, hidden or toggled from anywhere. */
  panelOpen: boolean;
  /** The last line added, for the «Товар в корзине!» toast; `at` tells two adds apart. */
  lastAdded: { item: CartItem; at: number } | null;
  add(item: NewCartItem): void;
  decrease(id: string): void;
  setQuantity(id: string, quantity: number): void;
  /** The shopper accepts the current catalogue price the API reported (PRICE_CHANGED). */
  updatePrice(id: string, price: number): void;
  remove(id: string): void;
  clear(): void;
  showPanel(): void;
  hidePanel(): void;
  togglePanel(): void;
}

/**
 * The cart store is also the cart event bus between the apps: the host's header, the
 * product page and the cart remote all subscribe to this one store (mf-shared is a
 * federation singleton, so there is exactly one per page).
 */
export const useCart = create<CartState>()(
  persist(
    (set) => ({
      items: [],
      panelOpen: false,
      lastAdded: null,
      add: (item) =>
        set((state) => {
          const existing = state.items.find((line) => line.id === item.id);
          const items = existing
            ? state.items.map((line) =>
                line.id === item.id ? { ...line, quantity: Math.min(line.quantity + 1, MAX_QUANTITY) } : line,
              )
            : [...state.items, { ...item, quantity: 1 }];
          const added = items.find((line) => line.id === item.id) as CartItem;
          return { items, lastAdded: { item: added, at: Date.now() } };
        }),
      decrease: (id) =>
        set((state) => ({
          items: state.items.flatMap((line) => {
            if (line.id !== id) return [line];
            return line.quantity <= 1 ? [] : [{ ...line, quantity: line.quantity - 1 }];
          }),
        })),
      setQuantity: (id, quantity) =>
        set((state) => {
          if (!Number.isInteger(quantity) || quantity <= 0 || !state.items.some((line) => line.id === id)) return state;
          const q = Math.min(quantity, MAX_QUANTITY);
          return { items: state.items.map((line) => (line.id === id ? { ...line, quantity: q } : line)) };
        }),
      updatePrice: (id, price) =>
        set((state) => {
          if (!Number.isInteger(price) || price < 0 || !state.items.some((line) => line.id === id)) return state;
          return { items: state.items.map((line) => (line.id === id ? { ...line, price } : line)) };
        }),
      remove: (id) => set((state) => ({ items: state.items.filter((line) => line.id !== id) })),
      clear: () => set({ items: [] }),
      showPanel: () => set({ panelOpen: true }),
      hidePanel: () => set({ panelOpen: false }),
      togglePanel: () => set((state) => ({ panelOpen: !state.panelOpen })),
    }),
    {
      name: CART_STORAGE_KEY,
      version: CART_STORAGE_VERSION,
      storage: createJSONStorage(() => safeLocalStorage()),
      partialize: (state) => ({ items: state.items }),
      // Whatever is stored (old format, corrupt, hostile) is cleaned line by line.
      migrate: (persisted) => ({ items: sanitizeCartItems((persisted as { items?: unknown } | null)?.items) }),
      merge: (persisted, current) => ({
        ...current,
        items: sanitizeCartItems((persisted as { items?: unknown } | null)?.items),
      }),
    },
  ),
);

/** localStorage that never throws (private mode, quota, corrupt JSON): the cart then lives in memory. */
function safeLocalStorage(): Storage {
  const memory = new Map<string, string>();
  const fallback = {
    getItem: (key: string) => memory.get(key) ?? null,
    setItem: (key: string, value: string) => void memory.set(key, value),
    removeItem: (key: string) => void memory.delete(key),
  };
  try {
    const storage = globalThis.localStorage;
    if (!storage) return fallback as unknown as Storage;
    return {
      getItem: (key: string) => {
        const value = storage.getItem(key);
        if (value === null) return null;
        try {
          JSON.parse(value);
          return value;
        } catch {
          return null;
        }
      },
      setItem: (key: string, value: string) => {
        try {
          storage.setItem(key, value);
        } catch {
          memory.set(key, value);
        }
      },
      removeItem: (key: string) => storage.removeItem(key),
    } as unknown as Storage;
  } catch {
    return fallback as unknown as Storage;
  }
}

let syncing = false;
/** Keeps the cart in step across open tabs (the `storage` event fires in the other tabs). */
export function syncCartAcrossTabs(): () => void {
  if (syncing || typeof window === 'undefined') return () => {};
  syncing = true;
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY) void useCart.persist.rehydrate();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    syncing = false;
    window.removeEventListener('storage', onStorage);
  };
}

export function cartCount(items: CartItem[]): number {
  return items.reduce((sum, line) => sum + line.quantity, 0);
}

export function cartTotal(items: CartItem[]): number {
  return items.reduce((sum, line) => sum + line.price * line.quantity, 0);
}
