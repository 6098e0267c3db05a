// Cart quantities do not go to 99 whatever the stock. Where the cart knows a size's
// free stock, the stepper stops there and a line asking for more says so before checkout.
import type { CartItem } from '@shop/mf-shared';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { CartLine } from './cart-line.tsx';
import { stockLimit, stockNote } from './use-cart-stock.ts';

afterEach(cleanup);

const line = (quantity: number): CartItem => ({
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
});

const show = (quantity: number, stock: number | undefined, maxQuantity?: number) =>
  render(
    <MemoryRouter>
      <ul>
        <CartLine line={line(quantity)} stock={stock} maxQuantity={maxQuantity} />
      </ul>
    </MemoryRouter>,
  );
const plus = () => screen.getByRole('button', { name: 'Увеличить количество: Nike Dunk Low, размер 40' });

describe('cart line and stock', () => {
  it('stops the stepper at the free stock', () => {
    show(3, 3);
    expect(plus().hasAttribute('disabled')).toBe(true);
    expect(screen.queryByTestId('stock-note')).toBeNull();
  });

  it('says when a line asks for more than is left, or the size is gone', () => {
    show(5, 3);
    expect(screen.getByTestId('stock-note').textContent).toBe('В наличии только 3 шт.: уменьшите количество.');
    expect(plus().hasAttribute('disabled')).toBe(true);
    cleanup();
    show(1, 0);
    expect(screen.getByTestId('stock-note').textContent).toBe('Этот размер закончился: удалите его из корзины.');
  });

  it('allows up to 99 when the stock is not known, and the lower of two known limits otherwise', () => {
    show(98, undefined);
    expect(plus().hasAttribute('disabled')).toBe(false);
    cleanup();
    show(4, 10, 4);
    expect(plus().hasAttribute('disabled')).toBe(true);
  });

  it('knows nothing from an unknown stock', () => {
    expect(stockNote(5, undefined)).toBeNull();
    expect(stockLimit(undefined)).toBeUndefined();
    expect(stockLimit(0)).toBeUndefined();
    expect(stockLimit(7)).toBe(7);
  });
});
