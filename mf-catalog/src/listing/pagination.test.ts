import { describe, expect, it } from 'vitest';
import { pageNumbers } from './pagination.tsx';

describe('page numbers', () => {
  it('shows every page of a short run', () => {
    expect(pageNumbers(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  it('keeps the ends and the neighbours of the current page', () => {
    expect(pageNumbers(6, 12)).toEqual([1, 'gap', 5, 6, 7, 'gap', 12]);
    expect(pageNumbers(1, 12)).toEqual([1, 2, 'gap', 12]);
    expect(pageNumbers(3, 12)).toEqual([1, 2, 3, 4, 'gap', 12]);
  });
});
