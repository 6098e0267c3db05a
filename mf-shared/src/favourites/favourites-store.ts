import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { FAVOURITES_STORAGE_KEY, FAVOURITES_STORAGE_VERSION } from '@shop/contracts/favourites-storage';

export { FAVOURITES_STORAGE_KEY };

export interface FavouritesState {
  ids: string[];
  toggle(id: string): void;
  has(id: string): boolean;
}

/** «Избранное»: liked product ids, persisted and shared by the catalogue's cards, the product page and the header. */
export const useFavourites = create<FavouritesState>()(
  persist(
    (set, get) => ({
      ids: [],
      toggle: (id) => set((s) => ({ ids: s.ids.includes(id) ? s.ids.filter((x) => x !== id) : [...s.ids, id] })),
      has: (id) => get().ids.includes(id),
    }),
    {
      name: FAVOURITES_STORAGE_KEY,
      version: FAVOURITES_STORAGE_VERSION,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ ids: s.ids }),
      merge: (persisted, current) => {
        const ids = (persisted as { ids?: unknown } | null)?.ids;
        return { ...current, ids: Array.isArray(ids) ? ids.filter((x): x is string => typeof x === 'string').slice(0, 500) : [] };
      },
    },
  ),
);

let syncing = false;
export function syncFavouritesAcrossTabs(): void {
  if (syncing || typeof window === 'undefined') return;
  syncing = true;
  window.addEventListener('storage', (event) => {
    if (event.key === FAVOURITES_STORAGE_KEY) void useFavourites.persist.rehydrate();
  });
}
