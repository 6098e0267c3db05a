import { addToCartAction, canChoose, chooseSize, compareSizes, priceLabel, sizePrices, sortOffers } from './size-selection.ts';

const offer = (id: string, size: string, priceInRUB: number, soldOut = false) => ({ id, size, priceInRUB, soldOut });
const xs = offer('1', 'XS', 9990);
const s = offer('2', 'S', 9990, true);
const l = offer('3', 'L', 10990);
const m = offer('4', 'M', 8990);

describe('size grid', () => {
  // Not in price order (XS S M XL L, 38 40 41 42 39): sizes read in size order.
  it('is in size order, not price order', () => {
    expect(sortOffers([l, xs, s, m]).map((o) => o.size)).toEqual(['XS', 'S', 'M', 'L']);
    const shoes = [offer('a', '42', 13990), offer('b', '39', 14990), offer('c', '38.5', 12990), offer('d', '40', 12990), offer('e', '38', 15990)];
    expect(sortOffers(shoes).map((o) => o.size)).toEqual(['38', '38.5', '39', '40', '42']);
  });
  it('orders every kind of size as sizes', () => {
    const sizes = ['One size', 'XL', '44', 'XXL', '38,5', 'S', '2XL', 'M', '10', 'XS', 'L', '38'];
    expect([...sizes].sort(compareSizes)).toEqual(['10', '38', '38,5', '44', 'XS', 'S', 'M', 'L', 'XL', '2XL', 'XXL', 'One size']);
  });
  it('does not change the list it is given', () => {
    const list = [l, xs];
    sortOffers(list);
    expect(list).toEqual([l, xs]);
  });
  it('shows a price per size and marks the cheapest in stock only where the sizes in stock differ in price', () => {
    const { perSize, cheapestIds } = sizePrices([l, xs, s, m]);
    expect(perSize).toBe(true);
    expect([...cheapestIds]).toEqual(['4']);
    const same = sizePrices([xs, offer('5', 'M', 9990), offer('6', 'L', 7990, true)]);
    expect(same).toEqual({ perSize: false, cheapestIds: new Set() });
    const tie = sizePrices([offer('7', '40', 9990), offer('8', '41', 9990), offer('9', '42', 10990)]);
    expect([...tie.cheapestIds]).toEqual(['7', '8']);
  });
});

describe('choosing a size', () => {
  it('a size in stock becomes the choice', () => {
    expect(chooseSize(null, xs)).toBe(xs);
    expect(chooseSize(xs, l)).toBe(l);
  });
  it('a sold-out size cannot be chosen and leaves the choice as it was', () => {
    expect(canChoose(s)).toBe(false);
    expect(chooseSize(null, s)).toBeNull();
    expect(chooseSize(xs, s)).toBe(xs);
  });
});

describe('price', () => {
  it('is «от» the lowest price in stock until a size is chosen', () => {
    expect(priceLabel([l, xs, s], null)).toEqual({ kind: 'from', price: 9990 });
    expect(priceLabel([l, offer('9', 'XXS', 100, true)], null)).toEqual({ kind: 'from', price: 10990 });
  });
  it('is the chosen size’s price after', () => {
    expect(priceLabel([l, xs], l)).toEqual({ kind: 'exact', price: 10990 });
  });
  it('says sold out when no size is left', () => {
    expect(priceLabel([s], null)).toEqual({ kind: 'sold-out' });
    expect(priceLabel([], null)).toEqual({ kind: 'sold-out' });
  });
});

describe('«В корзину»', () => {
  it('adds the chosen size', () => {
    expect(addToCartAction(l)).toEqual({ add: l });
  });
  it('asks for a size when none is chosen', () => {
    expect(addToCartAction(null)).toEqual({ ask: 'Выберите размер' });
    expect(addToCartAction(s)).toEqual({ ask: 'Выберите размер' });
  });
});
