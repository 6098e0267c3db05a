import type { AnalyticsProduct } from '@shop/contracts/analytics';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImpressionBatcher } from './impression-batcher.ts';

const product = (id: string, list = 'Каталог'): AnalyticsProduct => ({ id, name: `Товар ${id}`, price: 1000, list });

describe('impression batching', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends one batch 250 ms after the last impression', () => {
    const send = vi.fn();
    const batcher = new ImpressionBatcher(send);
    batcher.add(product('1'));
    vi.advanceTimersByTime(200);
    batcher.add(product('2'));
    vi.advanceTimersByTime(249);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledOnce();
    expect(send.mock.calls[0]?.[0].map((p: AnalyticsProduct) => p.id)).toEqual(['1', '2']);
  });

  it('counts each product once per list', () => {
    const send = vi.fn();
    const batcher = new ImpressionBatcher(send);
    batcher.add(product('1'));
    batcher.add(product('1'));
    batcher.add(product('1', 'Новинки'));
    vi.advanceTimersByTime(250);
    batcher.add(product('1'));
    vi.advanceTimersByTime(250);
    expect(send).toHaveBeenCalledOnce();
    expect(send.mock.calls[0]?.[0].map((p: AnalyticsProduct) => p.list)).toEqual(['Каталог', 'Новинки']);
  });
});
