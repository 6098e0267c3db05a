/** The API lists at most 100 elements per request (products' limit). */
export const MAX_SHOWN = 100;

/** The ids the page asks for: the most recently liked first (the store appends), at most MAX_SHOWN. */
export function favouritesShown(ids: readonly string[]): string[] {
  return [...ids].reverse().slice(0, MAX_SHOWN);
}

/** Asked ids the API did not list: products no longer in the catalogue. */
export function goneFromCatalogue(asked: readonly string[], listed: readonly { productId: string }[]): string[] {
  const present = new Set(listed.map((p) => p.productId));
  return asked.filter((id) => !present.has(id));
}
