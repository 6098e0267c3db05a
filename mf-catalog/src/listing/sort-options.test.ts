import { describe, expect, it } from 'vitest';
import { defaultSort, parseSort, SORT_SETS } from './sort-options.ts';

describe('sort sets', () => {
  it('listings offer newest and price orders, newest first', () => {
    expect(SORT_SETS.standart.map((o) => o.name)).toEqual(['По новинкам', 'По возрастанию цены', 'По убыванию цены']);
    expect(defaultSort('standart')).toBe('NEWLY');
  });

  it('search puts relevance first', () => {
    expect(SORT_SETS.search.map((o) => o.id)).toEqual(['CONDITION', 'NEWLY', 'PRICEUP', 'PRICEDOWN']);
    expect(SORT_SETS.search[0]?.name).toBe('По совпадению');
    expect(defaultSort('search')).toBe('CONDITION');
  });

  it('reads URL values of its own set only', () => {
    expect(parseSort('pricedown', 'standart')).toBe('PRICEDOWN');
    expect(parseSort('condition', 'standart')).toBe('NEWLY');
    expect(parseSort('condition', 'search')).toBe('CONDITION');
    expect(parseSort('bogus', 'search')).toBe('CONDITION');
  });
});
