import { format, type MaskOptions, type Track, useMask } from '@react-input/mask';
import { type RefCallback, useCallback } from 'react';

/*
 * The Russian mobile mask `+7 (9xx) xxx-xx-xx`, run by @react-input/mask (caret, Backspace over
 * the brackets and dashes, edits in the middle of the number). What is ours: the country code
 * typed or pasted in front of the number (+7…, 8…) is dropped, since the mask already has it.
 */
const MASK = '+7 (___) ___-__-__';
/** Where the ten national digits start: after «+7 (». */
const NATIONAL_START = 4;

/** The ten national digits of whatever the shopper typed or pasted (+7…, 8…, 9…, with any punctuation). */
export function phoneDigits(raw: string): string {
  let digits = raw.replace(/\D/g, '');
  // A leading 7 or 8 is the country or trunk code: a mobile number's own first digit is 9.
  if (digits[0] === '7' || digits[0] === '8') digits = digits.slice(1);
  return digits.slice(0, 10);
}

/**
 * Input typed or pasted at the start of the number: «8», «+7», «8 916 123-45-67» lose their
 * country or trunk code, so «+7 (8…» never appears. Anything else goes to the mask as typed.
 */
export const trackPhone: Track = ({ inputType, data, value, selectionStart }) => {
  if (inputType !== 'insert') return undefined;
  const digits = data.replace(/\D/g, '');
  const empty = phoneDigits(value) === '';
  const atStart = empty || selectionStart <= NATIONAL_START;
  // A whole number with its code (paste, autofill), or «8»/«7» typed first into an empty field.
  if (atStart && (digits.length === 11 || (empty && digits.length === 1)) && /^[78]/.test(digits)) return digits.slice(1);
  return digits;
};

export const PHONE_MASK: MaskOptions = { mask: MASK, replacement: { _: /\d/ }, track: trackPhone };

/** A value in the mask (a stored draft, a paste from elsewhere): «+7 (916) 123-45-67» or a prefix of it. */
export function formatPhone(raw: string): string {
  const digits = phoneDigits(raw);
  return digits ? format(digits, { mask: MASK, replacement: { _: /\d/ } }) : '';
}

/**
 * Text that replaces the whole number (select all, then type or paste; autofill tools) is put in
 * the mask here, from the event's own selection. @react-input/mask reads the caret on a timer,
 * so a replacement that follows a select-all within a few milliseconds would be applied at the
 * stale caret (seen: «+7 (495) 1» instead of the pasted number).
 */
function replaceWholeNumber(event: InputEvent) {
  const input = event.target as HTMLInputElement;
  const { selectionStart, selectionEnd, value } = input;
  if (!event.data || !event.inputType.startsWith('insert') || value === '') return;
  if (selectionStart === null || selectionStart > NATIONAL_START || selectionEnd !== value.length) return;
  event.preventDefault();
  if (!/\d/.test(event.data)) return;
  const next = formatPhone(event.data);
  // The library takes an input event without inputType as the whole value replaced.
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, next);
  input.setSelectionRange(next.length, next.length);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The phone input's ref: the mask, plus the whole-number replacement above. */
export function usePhoneMask(): RefCallback<HTMLInputElement> {
  const mask: { current: HTMLInputElement | null } = useMask(PHONE_MASK);
  return useCallback(
    (input: HTMLInputElement | null) => {
      mask.current = input;
      if (!input) return;
      input.addEventListener('beforeinput', replaceWholeNumber);
      return () => {
        input.removeEventListener('beforeinput', replaceWholeNumber);
        mask.current = null;
      };
    },
    [mask],
  );
}

