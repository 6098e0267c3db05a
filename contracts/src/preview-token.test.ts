// Guards the preview token both sides read (the API signs it, the host's page server verifies
// it): the shared test vector, refusals of a changed secret, payload or expiry and of malformed
// tokens, and the payload written as Node's base64url of the UTF-8 JSON.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type PreviewClaims, previewTokens } from './preview-token.ts';

const tokens = previewTokens((secret, message) => createHmac('sha256', secret).update(message).digest('base64url'));
const SECRET = 'preview-secret-for-tests-0123456789';
/** Signed by the format as it was before it moved here (the API's and the host's copies agreed on it). */
const GOLDEN =
  'p1.eyJyIjoibWZfY2FydCIsInYiOiIxLjIuMyIsIm0iOiJodHRwOi8vY2RuLnRlc3Q6MzAwMy8xLjIuMy9tZi1tYW5pZmVzdC5qc29uIiwiZXhwIjoyMDAwMDAwMDAwfQ.78ncNaF2jAJpISeryh5r3njHdz7ZrcJ4HV9fFpQp4Ho';
const CLAIMS: PreviewClaims = {
  remote: 'mf_cart',
  version: '1.2.3',
  manifestUrl: 'http://cdn.test:3003/1.2.3/mf-manifest.json',
  exp: 2_000_000_000,
};
const NOW = 1_900_000_000_000;
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('preview token', () => {
  it('signs and verifies the shared test vector', () => {
    expect(tokens.sign(SECRET, CLAIMS)).toBe(GOLDEN);
    expect(tokens.verify(SECRET, GOLDEN, NOW)).toEqual(CLAIMS);
  });

  it('refuses another secret, an expired token and a changed payload', () => {
    expect(tokens.verify(`${SECRET}x`, GOLDEN, NOW)).toBeNull();
    expect(tokens.verify(SECRET, GOLDEN, CLAIMS.exp * 1000)).toBeNull();
    const [tag, , sig] = GOLDEN.split('.');
    const forged = `${tag}.${base64url({ r: 'mf_cart', v: '6.6.6', m: CLAIMS.manifestUrl, exp: CLAIMS.exp })}.${sig}`;
    expect(tokens.verify(SECRET, forged, NOW)).toBeNull();
  });

  it('refuses a malformed token, or a signed payload that is not the claims', () => {
    const signed = (payload: string) =>
      `p1.${payload}.${createHmac('sha256', SECRET).update(`shop-preview.${payload}`).digest('base64url')}`;
    for (const token of [
      '',
      'p1',
      'p1..',
      GOLDEN.replace(/^p1/, 'p2'),
      `${GOLDEN}.x`,
      `p1.${'a'.repeat(3000)}.x`,
      signed('not-json'),
      signed(base64url({ r: 'mf_cart', v: '1.2.3', m: CLAIMS.manifestUrl })),
      signed(base64url({ r: 'mf_cart', v: 1, m: CLAIMS.manifestUrl, exp: CLAIMS.exp })),
    ]) {
      expect(tokens.verify(SECRET, token, NOW), token.slice(0, 40)).toBeNull();
    }
  });

  it('writes the payload as Node does (base64url of the UTF-8 JSON), Cyrillic and URL characters included', () => {
    const claims = {
      ...CLAIMS,
      version: '1.2.3-проба+b/c?',
      manifestUrl: 'https://cdn.test/релиз/mf-manifest.json?a=b~',
    };
    const token = tokens.sign(SECRET, claims);
    expect(token.split('.')[1]).toBe(
      base64url({ r: claims.remote, v: claims.version, m: claims.manifestUrl, exp: claims.exp }),
    );
    expect(tokens.verify(SECRET, token, NOW)).toEqual(claims);
  });
});
