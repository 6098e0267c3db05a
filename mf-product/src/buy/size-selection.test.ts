import { addToCartAction, canChoose, chooseSize, priceLabel, sortOffers } from './size-selection.ts';

const offer = (id: string, size: string, priceInRUB: number, soldOut = false) => ({ id, size, priceInRUB, soldOut });
const xs = offer('1', 'XS', 9990);
const s = offer('2', 'S', 9990, true);
const l = offer('3', 'L', 10990);
const m = offer('4', 'M', 8990);

describe('size grid', () => {
  it('is sorted by price ascending, equal prices keep their order', () => {
    expect(sortOffers([l, xs, s, m]).map((o) => o.size)).toEqual(['M', 'XS', 'S', 'L']);
  });
  it('does not change the list it is given', () => {
    const list = [l, xs];
    sortOffers(list);
    expect(list).toEqual([l, xs]);
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
