import { describe, expect, it } from 'vitest';
import { formatPhone, isMobilePhone, phoneDigits } from './phone-mask.ts';

describe('phone mask +7 (9xx) xxx-xx-xx', () => {
  it('formats as the shopper types', () => {
    expect(formatPhone('')).toBe('');
    expect(formatPhone('9')).toBe('+7 (9');
    expect(formatPhone('916')).toBe('+7 (916)');
    expect(formatPhone('9161')).toBe('+7 (916) 1');
    expect(formatPhone('9161234')).toBe('+7 (916) 123-4');
    expect(formatPhone('916123456')).toBe('+7 (916) 123-45-6');
    expect(formatPhone('9161234567')).toBe('+7 (916) 123-45-67');
  });

  it('accepts pasted numbers with 8, 7 or +7 and drops extra digits', () => {
    expect(formatPhone('8 916 123-45-67')).toBe('+7 (916) 123-45-67');
    expect(formatPhone('+7 (916) 123-45-67')).toBe('+7 (916) 123-45-67');
    expect(formatPhone('79161234567')).toBe('+7 (916) 123-45-67');
    expect(formatPhone('+7 (916) 123-45-678')).toBe('+7 (916) 123-45-67');
    expect(phoneDigits('+7 (9')).toBe('9');
  });

  it('re-formatting a formatted value keeps it (editing inside the mask)', () => {
    for (const value of ['+7 (9', '+7 (916)', '+7 (916) 12', '+7 (916) 123-45-67']) {
      expect(formatPhone(value)).toBe(value);
    }
  });

  it('knows a complete mobile number', () => {
    expect(isMobilePhone('+7 (916) 123-45-67')).toBe(true);
    expect(isMobilePhone('+7 (916) 123-45')).toBe(false);
    expect(isMobilePhone('+7 (495) 123-45-67')).toBe(false);
  });
});
