import { createHash, timingSafeEqual } from 'node:crypto';

/** Whether two secrets (access keys, tokens, fingerprints) are equal, in time that does not depend on where they differ. */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** What is stored of a bearer secret (a desk session, a release token): its sha256, hex. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
