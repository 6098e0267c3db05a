import { describe, expect, it } from 'vitest';
import { searchNotice } from './search-view.tsx';

describe('search notice «Показаны результаты по запросу …»', () => {
  it('shows the query as the API searched it when the API changed it', () => {
    expect(searchNotice('кроссовки', 74)).toBe('кроссовки');
    expect(searchNotice('кроссовки nike', 11)).toBe('кроссовки nike');
  });
  it('says nothing when the query was searched as typed, or nothing was found', () => {
    expect(searchNotice(null, 74)).toBeNull();
    expect(searchNotice('dr table pro', 0)).toBeNull();
  });
});
