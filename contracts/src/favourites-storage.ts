/**
 * The liked products as the browser keeps them (localStorage, under FAVOURITES_STORAGE_KEY):
 * mf-shared's favourites store writes and reads it; the release smoke puts a liked product there
 * to open a catalogue release's «Избранное» with something in it.
 */
export const FAVOURITES_STORAGE_KEY = 'shop-favourites';
/** The stored format's version (the store's `persist` version). */
export const FAVOURITES_STORAGE_VERSION = 1;

/** The stored text of these liked product ids (the colour variants' ids, as the cards' hearts keep them). */
export function storedFavourites(ids: string[]): string {
  return JSON.stringify({ state: { ids }, version: FAVOURITES_STORAGE_VERSION });
}
