import { describe, expect, it } from 'vitest';
import { correctedQuery } from './search-view.tsx';

describe('corrected search query', () => {
  it('names the words searched when they differ from what was typed', () => {
    expect(correctedQuery('rhjccjdrb', ['кроссовки'])).toBe('кроссовки');
    expect(correctedQuery('кросовки найк', ['кроссовки', 'nike'])).toBe('кроссовки nike');
  });
  it('says nothing when the query was searched as typed', () => {
    expect(correctedQuery(' Кроссовки ', ['кроссовки'])).toBeNull();
    expect(correctedQuery('', null)).toBeNull();
  });
});
