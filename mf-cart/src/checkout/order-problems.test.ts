import type { CartItem } from '@shop/mf-shared';
import { describe, expect, it } from 'vitest';
import { knownStockLimit, orderProblems, standingProblem } from './order-problems.ts';

const line = (id: string, price = 1000, quantity = 1): CartItem => ({
  id,
  modelId: 'm',
  sku: `S-${id}`,
  name: `Товар ${id}`,
  price,
  quantity,
  brand: { name: 'Nike' },
  mainCategory: { name: 'Кроссовки' },
});
const error = (
  over: Partial<{
    field: string | null;
    line: number | null;
    code: never;
    message: string;
    price: number | null;
    available: number | null;
  }>,
) => ({
  __typename: 'OrderError' as const,
  field: null,
  line: null,
  code: 'REQUIRED' as const,
  message: 'Ошибка',
  price: null,
  available: null,
  ...over,
});

describe('order rejections from the API', () => {
  it('go beside their field, on their line, or above the button', () => {
    const sent = [line('1'), line('2', 5000, 2)];
    const problems = orderProblems(
      [
        error({ field: 'orderData.phone', code: 'INVALID_FORMAT' as never, message: 'Укажите мобильный номер' }),
        error({
          field: 'items[1].price',
          line: 1,
          code: 'PRICE_CHANGED' as never,
          message: 'Цена изменилась: теперь 5 490 ₽',
          price: 5490,
        }),
        error({ field: 'items', code: 'TOO_MANY_LINES' as never, message: 'В одном заказе не больше 50 позиций' }),
      ],
      sent,
    );
    expect(problems.fields).toEqual({ phone: 'Укажите мобильный номер' });
    expect(problems.lines['2']).toMatchObject({
      code: 'PRICE_CHANGED',
      price: 5490,
      sent: { quantity: 2, price: 5000 },
    });
    expect(problems.lines['1']).toBeUndefined();
    expect(problems.general).toEqual(['В одном заказе не больше 50 позиций']);
  });

  it('keep sold out over a price change on the same line', () => {
    const problems = orderProblems(
      [
        error({ field: 'items[0]', line: 0, code: 'SOLD_OUT' as never, message: 'Размер 42 закончился' }),
        error({ field: 'items[0].price', line: 0, code: 'PRICE_CHANGED' as never, message: 'Цена изменилась' }),
      ],
      [line('1')],
    );
    expect(problems.lines['1']?.code).toBe('SOLD_OUT');
  });

  it('retire a line problem once the shopper changes that line', () => {
    const [problem] = Object.values(
      orderProblems(
        [error({ field: 'items[0].quantity', line: 0, code: 'INSUFFICIENT_STOCK' as never, available: 2 })],
        [line('1', 1000, 5)],
      ).lines,
    );
    expect(standingProblem(problem, line('1', 1000, 5))).toBe(problem);
    expect(standingProblem(problem, line('1', 1000, 2))).toBeUndefined();
  });
});

// Quantities do not go to 99 whatever the stock: once the API has said how many are left, the stepper stops there.
describe('known stock limit', () => {
  it('is the available count of an INSUFFICIENT_STOCK answer, kept after the quantity changes', () => {
    const sent = [line('a', 1000, 20)];
    const problem = orderProblems([error({ line: 0, code: 'INSUFFICIENT_STOCK' as never, available: 7 })], sent).lines.a;
    expect(knownStockLimit(problem)).toBe(7);
    expect(standingProblem(problem, line('a', 1000, 7))).toBeUndefined();
    expect(knownStockLimit(problem)).toBe(7);
  });

  it('is none for other answers or without a count', () => {
    const sent = [line('a'), line('b'), line('c')];
    const p = orderProblems(
      [
        error({ line: 0, code: 'SOLD_OUT' as never, available: 0 }),
        error({ line: 1, code: 'PRICE_CHANGED' as never, price: 900 }),
        error({ line: 2, code: 'INSUFFICIENT_STOCK' as never, available: null }),
      ],
      sent,
    ).lines;
    expect([knownStockLimit(p.a), knownStockLimit(p.b), knownStockLimit(p.c), knownStockLimit(undefined)]).toEqual([undefined, undefined, undefined, undefined]);
  });
});
