import { timingSafeEqual } from 'node:crypto';

/** Whether two secrets (access keys, tokens, fingerprints) are equal, in time that does not depend on where they differ. */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
