import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, filtersQuery, readFilters, withFilter } from './order-filters.ts';

const read = (query: string) => readFilters(new URLSearchParams(query));

describe('the orders list filters in the address', () => {
  it('round-trip: what is applied is what the address says', () => {
    const filters = { status: 'paid' as const, from: '2026-11-01', to: '2026-11-23', q: '+7 916', page: 3 };
    expect(read(filtersQuery(filters))).toEqual(filters);
    expect(filtersQuery(EMPTY_FILTERS)).toBe('');
  });

  it('drop what the desk cannot use instead of breaking the page', () => {
    expect(read(`status=lost&from=2026-02-30&to=yesterday&page=-2&q=${'x'.repeat(500)}`)).toEqual({
      ...EMPTY_FILTERS,
      q: 'x'.repeat(100),
    });
    expect(read('page=1.5').page).toBe(1);
    expect(read('page=99999999').page).toBe(1);
  });

  it('a changed filter starts from the first page; the CSV link leaves the page out', () => {
    const onPage4 = read('status=new&page=4');
    expect(withFilter(onPage4, { q: 'SH-1' }).page).toBe(1);
    expect(filtersQuery(onPage4, { page: false })).toBe('status=new');
  });
});
