import type { TrackingData } from '@react-input/mask';
import { describe, expect, it } from 'vitest';
import { formatPhone, phoneDigits, trackPhone } from './phone-mask.ts';

const insert = (value: string, data: string, at = value.length): TrackingData => ({
  inputType: 'insert',
  data,
  value,
  selectionStart: at,
  selectionEnd: at,
});

describe('phone mask +7 (9xx) xxx-xx-xx', () => {
  it('formats a stored or pasted value into the mask', () => {
    expect(formatPhone('')).toBe('');
    expect(formatPhone('9')).toBe('+7 (9');
    expect(formatPhone('916')).toBe('+7 (916');
    expect(formatPhone('9161')).toBe('+7 (916) 1');
    expect(formatPhone('9161234567')).toBe('+7 (916) 123-45-67');
    expect(formatPhone('8 916 123-45-67')).toBe('+7 (916) 123-45-67');
    expect(formatPhone('+7 (916) 123-45-678')).toBe('+7 (916) 123-45-67');
    expect(phoneDigits('+7 (9')).toBe('9');
    expect(phoneDigits('+7 (')).toBe('');
  });

  it('drops the country or trunk code typed or pasted in front of the number', () => {
    expect(trackPhone(insert('', '8'))).toBe('');
    expect(trackPhone(insert('', '7'))).toBe('');
    expect(trackPhone(insert('', '9'))).toBe('9');
    expect(trackPhone(insert('', '+7 (916) 123-45-67'))).toBe('9161234567');
    expect(trackPhone(insert('', '89161234567'))).toBe('9161234567');
    expect(trackPhone(insert('+7 (', '8 916 123 45 67'))).toBe('9161234567');
  });

  it('leaves a 7 or 8 inside the number alone, and deletions to the mask', () => {
    expect(trackPhone(insert('+7 (9', '8'))).toBe('8');
    expect(trackPhone(insert('+7 (916) 123-45-6', '7'))).toBe('7');
    expect(trackPhone(insert('+7 (916) 123-45-67', '8', 9))).toBe('8');
    expect(
      trackPhone({ inputType: 'deleteBackward', data: null, value: '+7 (916)', selectionStart: 7, selectionEnd: 8 }),
    ).toBeUndefined();
  });
});
