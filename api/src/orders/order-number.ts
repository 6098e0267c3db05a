import { randomBytes, randomInt } from 'node:crypto';

// No 0/O, 1/I/L: the number is read aloud to support and typed from a screen.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A well-formed order number (any case): what /order/<number> may name. */
export const ORDER_NUMBER = new RegExp(`^SH-[${ALPHABET}]{5}$`, 'i');

/** Short and human-readable, e.g. SH-7K3Q9 (31⁵ ≈ 28 million values). */
export function newOrderNumber(): string {
  let s = '';
  for (let i = 0; i < 5; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return `SH-${s}`;
}

/** The secret that, with the order number, opens the order page and the payment page. */
export function newAccessKey(): string {
  return randomBytes(18).toString('base64url');
}
