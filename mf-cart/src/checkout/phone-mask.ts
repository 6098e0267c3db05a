/**
 * The Russian mobile mask `+7 (9xx) xxx-xx-xx`. Whatever the shopper types or pastes
 * (+7…, 8…, 9…, with or without brackets and dashes) is reduced to the ten national digits
 * and shown in the mask, so the field never holds anything the API would refuse by format.
 */
export function phoneDigits(raw: string): string {
  let digits = raw.replace(/\D/g, '');
  // A leading 7 or 8 is the country or trunk code: a mobile number's own first digit is 9.
  if (digits[0] === '7' || digits[0] === '8') digits = digits.slice(1);
  return digits.slice(0, 10);
}

export function formatPhone(raw: string): string {
  const d = phoneDigits(raw);
  if (!d) return '';
  let out = `+7 (${d.slice(0, 3)}`;
  if (d.length >= 3) out += ')';
  if (d.length > 3) out += ` ${d.slice(3, 6)}`;
  if (d.length > 6) out += `-${d.slice(6, 8)}`;
  if (d.length > 8) out += `-${d.slice(8, 10)}`;
  return out;
}

/** A complete Russian mobile number: ten national digits starting with 9. */
export function isMobilePhone(raw: string): boolean {
  return /^9\d{9}$/.test(phoneDigits(raw));
}
