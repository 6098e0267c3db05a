// The cart shows each line as the shop sells it today: today's price (the one it was put in at
// struck through beside it), today's name, and its free stock: the stepper stops there and a line
// asking for more, sold out or no longer sold says so before checkout. The totals count only
// what can be ordered, at today's prices.
import type { CartItem } from '@shop/mf-shared';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { CartSummary } from '../cart-page/cart-summary.tsx';
import { CartLine } from './cart-line.tsx';
import { askedIds, counts, stockLimit, stockNote, type TodayLine, todayLines } from './use-cart-today.ts';

afterEach(cleanup);

const item = (quantity: number, over: Partial<CartItem> = {}): CartItem => ({
  id: '25',
  productId: '5',
  modelId: '3',
  sku: 'DD1391-100-40',
  name: 'Nike Dunk Low',
  price: 12990,
  quantity,
  size: '40',
  brand: { name: 'Nike' },
  mainCategory: { name: 'Кроссовки' },
  ...over,
});

const offer = (id: string, priceInRUB: number, stock: number, name = 'Nike Dunk Low') => ({
  __typename: 'Offer' as const,
  id,
  priceInRUB,
  stock,
  product: { __typename: 'Product' as const, id: '5', name },
});

const show = (line: TodayLine, maxQuantity?: number) =>
  render(
    <MemoryRouter>
      <ul>
        <CartLine line={line} maxQuantity={maxQuantity} />
      </ul>
    </MemoryRouter>,
  );
/** Text as read, with the no-break spaces of prices as spaces. */
const read = (element: Element | null) => element?.textContent?.replace(/\s/g, ' ');
const plus = () => screen.getByRole('button', { name: 'Увеличить количество: Nike Dunk Low, размер 40' });

describe('cart line and stock', () => {
  it('stops the stepper at the free stock', () => {
    show({ ...item(3), stock: 3 });
    expect(plus().hasAttribute('disabled')).toBe(true);
    expect(screen.queryByTestId('stock-note')).toBeNull();
  });

  it('says when a line asks for more than is left, the size is gone, or the shop no longer sells it', () => {
    show({ ...item(5), stock: 3 });
    expect(screen.getByTestId('stock-note').textContent).toBe('В наличии только 3 шт.: уменьшите количество.');
    expect(plus().hasAttribute('disabled')).toBe(true);
    cleanup();
    show({ ...item(1), stock: 0 });
    expect(screen.getByTestId('stock-note').textContent).toBe('Этот размер закончился: удалите его из корзины.');
    cleanup();
    show({ ...item(1), gone: true });
    expect(screen.getByTestId('stock-note').textContent).toBe(
      'Этот товар больше не продаётся: удалите его из корзины.',
    );
  });

  it('allows up to 99 when the stock is not known, and the lower of two known limits otherwise', () => {
    show(item(98));
    expect(plus().hasAttribute('disabled')).toBe(false);
    cleanup();
    show({ ...item(4), stock: 10 }, 4);
    expect(plus().hasAttribute('disabled')).toBe(true);
  });

  it('knows nothing from an unknown stock', () => {
    expect(stockNote(item(5))).toBeNull();
    expect(stockLimit(undefined)).toBeUndefined();
    expect(stockLimit(0)).toBeUndefined();
    expect(stockLimit(7)).toBe(7);
  });
});

describe('today’s prices', () => {
  it('shows today’s price with the one the line was put in at struck through, and the sum at today’s', () => {
    const [line] = todayLines([item(2, { price: 100 })], [offer('25', 12990, 4)], ['25']) as [TodayLine];
    show(line);
    const price = screen.getByTestId('price-changed');
    expect(read(price)).toBe('Цена изменилась: было 100 ₽, теперь 12 990 ₽');
    expect(read(price.querySelector('s'))).toBe('100 ₽');
    expect(screen.getByText('25 980 ₽')).toBeTruthy();
  });

  it('shows no change when the price is the same, and today’s name', () => {
    const [line] = todayLines([item(1, { name: 'Старое имя' })], [offer('25', 12990, 4)], ['25']) as [TodayLine];
    expect(line.was).toBeUndefined();
    expect(line.name).toBe('Nike Dunk Low');
    show(line);
    expect(screen.queryByTestId('price-changed')).toBeNull();
  });

  it('keeps the stored lines until the shop answers, and a line past the ids asked', () => {
    const items = [item(1, { price: 100 })];
    expect(todayLines(items, undefined, ['25'])).toBe(items);
    expect(todayLines(items, [], [])[0]).toEqual(items[0]);
  });

  it('marks a line the shop did not answer, or whose id it cannot know, as no longer sold', () => {
    const lines = todayLines(
      [item(1), item(1, { id: 'x<script>' })],
      [],
      askedIds([item(1), item(1, { id: 'x<script>' })]),
    );
    expect(lines.map((l) => l.gone)).toEqual([true, true]);
    expect(
      askedIds([item(1, { id: '7' }), item(1, { id: '07' }), item(1, { id: 'abc' }), item(2, { id: '7' })]),
    ).toEqual(['7']);
  });

  it('totals only what can be ordered, at today’s prices', () => {
    const lines = todayLines(
      [item(2, { id: '1', price: 100 }), item(1, { id: '2', price: 5000 }), item(1, { id: '3', price: 7000 })],
      [offer('1', 12990, 4), offer('2', 5000, 0)],
      ['1', '2', '3'],
    );
    const counted = lines.filter(counts);
    expect(counted.map((l) => l.id)).toEqual(['1']);
    render(
      <MemoryRouter>
        <CartSummary items={counted} />
      </MemoryRouter>,
    );
    expect(read(screen.getByTestId('cart-total'))).toBe('25 980 ₽');
    expect(screen.getByTestId('cart-count-text').textContent).toBe('2 товара');
  });
});
