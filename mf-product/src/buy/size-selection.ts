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

/** Letter sizes smallest first; «2XL»-style spellings are read as their X form. */
const LETTER_SIZES = ['XXXS', 'XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL', 'XXXXL'];
const ONE_SIZE = /^(one ?size|os|onesize|единый|единый размер|без размера|универсальный)$/i;

/**
 * Where a size stands among sizes: numbers (38, 38.5 or «38,5», 39 …) first and by value, then
 * letter sizes (XS, S, M, L, XL, XXL; «2XL» = XXL), then one-size, then anything else by name.
 */
function sizeKey(size: string): [group: number, value: number, text: string] {
  const text = size.trim();
  const number = /^(\d+(?:[.,]\d+)?)(?:\s*(?:-|–|\/)\s*\d+(?:[.,]\d+)?)?$/.exec(text);
  if (number) return [0, Number((number[1] as string).replace(',', '.')), text];
  const upper = text.toUpperCase().replace(/^(\d)XL$/, (_, n: string) => `${'X'.repeat(Number(n))}L`);
  const letter = LETTER_SIZES.indexOf(upper);
  if (letter >= 0) return [1, letter, text];
  if (ONE_SIZE.test(text)) return [2, 0, text];
  return [3, 0, text];
}

/** Compares two sizes as sizes (see sizeKey). */
export function compareSizes(a: string, b: string): number {
  const [ga, va, ta] = sizeKey(a);
  const [gb, vb, tb] = sizeKey(b);
  return ga - gb || va - vb || ta.localeCompare(tb, 'ru', { numeric: true });
}

/**
 * The size grid: ordered as sizes (38, 38.5, 39 …; XS, S, M, L, XL, XXL; one-size). Offers of
 * one size keep the cheaper first, then the API's order. It used to be price order, which put
 * XL before L and 39 after 42.
 */
export function sortOffers<T extends SizeOffer>(offers: readonly T[]): T[] {
  return offers
    .map((offer, position) => ({ offer, position }))
    .sort((a, b) => compareSizes(a.offer.size, b.offer.size) || a.offer.priceInRUB - b.offer.priceInRUB || a.position - b.position)
    .map(({ offer }) => offer);
}

/**
 * What the grid shows of prices: when the sizes one can buy differ in price, each size carries
 * its own price and the cheapest ones in stock are marked; when they cost the same, the price
 * above the grid says it all and the sizes carry none.
 */
export function sizePrices(offers: readonly SizeOffer[]): { perSize: boolean; cheapestIds: Set<string> } {
  const inStock = offers.filter(canChoose);
  const prices = new Set(inStock.map((offer) => offer.priceInRUB));
  if (prices.size < 2) return { perSize: false, cheapestIds: new Set() };
  const lowest = Math.min(...prices);
  return { perSize: true, cheapestIds: new Set(inStock.filter((offer) => offer.priceInRUB === lowest).map((offer) => offer.id)) };
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
