/**
 * Size rules of the buy box: the grid's order, which sizes may be chosen, the price shown
 * and what «В корзину» does. Free of React so they are tested on their own.
 */
export interface SizeOffer {
  id: string;
  size: string;
  priceInRUB: number;
  soldOut: boolean;
}

/** The size grid: price ascending; offers of one price keep the API's order. */
export function sortOffers<T extends SizeOffer>(offers: readonly T[]): T[] {
  return offers
    .map((offer, position) => ({ offer, position }))
    .sort((a, b) => a.offer.priceInRUB - b.offer.priceInRUB || a.position - b.position)
    .map(({ offer }) => offer);
}

export function canChoose(offer: SizeOffer): boolean {
  return !offer.soldOut;
}

/** Choosing a sold-out size changes nothing; choosing one in stock replaces the choice. */
export function chooseSize<T extends SizeOffer>(current: T | null, offer: T): T | null {
  return canChoose(offer) ? offer : current;
}

export type PriceLabel = { kind: 'from'; price: number } | { kind: 'exact'; price: number } | { kind: 'sold-out' };

/**
 * «от …» (the lowest price of a size in stock) until a size is chosen, then that size's
 * price; when every size is sold out, there is no price to promise.
 */
export function priceLabel(offers: readonly SizeOffer[], chosen: SizeOffer | null): PriceLabel {
  if (chosen) return { kind: 'exact', price: chosen.priceInRUB };
  const inStock = offers.filter(canChoose);
  if (inStock.length === 0) return { kind: 'sold-out' };
  return { kind: 'from', price: Math.min(...inStock.map((offer) => offer.priceInRUB)) };
}

/** «В корзину» without a size asks for one instead of adding. */
export function addToCartAction<T extends SizeOffer>(chosen: T | null): { add: T } | { ask: 'Выберите размер' } {
  return chosen && canChoose(chosen) ? { add: chosen } : { ask: 'Выберите размер' };
}
