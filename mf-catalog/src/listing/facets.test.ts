import { describe, expect, it } from 'vitest';
import { isDisabled, selectedFirst } from './facets.ts';

const options = [
  { id: '40', label: '40', count: 5 },
  { id: '41', label: '41', count: 0 },
  { id: '42', label: '42', count: 3 },
];

describe('facet values', () => {
  it('puts selected values first', () => {
    expect(selectedFirst(options, ['42']).map((o) => o.id)).toEqual(['42', '40', '41']);
  });
  it('disables a value that would leave nothing, unless it is selected', () => {
    expect(isDisabled(options[1]!, [])).toBe(true);
    expect(isDisabled(options[1]!, ['41'])).toBe(false);
    expect(isDisabled(options[0]!, [])).toBe(false);
  });
});
