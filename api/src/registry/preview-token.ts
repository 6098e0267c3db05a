import { createHmac } from 'node:crypto';
import { sameSecret } from '../util/same-secret.ts';

/**
 * A preview: one browser sees `remote` at `version` (manifest `manifestUrl`) instead of its active
 * release, until `exp` (seconds since 1970). The host server verifies the same format
 * (host/server/preview.ts, a copy: the host does not import the API; scripts/preview-token.test.ts
 * fails when the two disagree).
 */
export interface PreviewClaims {
  remote: string;
  version: string;
  manifestUrl: string;
  exp: number;
}

/** The cookie the host's `/__preview?token=…` sets and the smoke's browser carries. */
export const PREVIEW_COOKIE = 'shop_preview';

const mac = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`shop-preview.${payload}`).digest('base64url');

/** `p1.<payload>.<hmac>`: base64url JSON {r, v, m, exp}, HMAC-SHA256 with PREVIEW_SECRET. */
export function signPreview(secret: string, claims: PreviewClaims): string {
  const payload = Buffer.from(
    JSON.stringify({ r: claims.remote, v: claims.version, m: claims.manifestUrl, exp: claims.exp }),
  ).toString('base64url');
  return `p1.${payload}.${mac(secret, payload)}`;
}

/** The claims of a token this secret signed and that has not expired; null otherwise. */
export function verifyPreview(secret: string, token: string, now = Date.now()): PreviewClaims | null {
  const [tag, payload, sig, ...rest] = token.split('.');
  if (tag !== 'p1' || !payload || !sig || rest.length || token.length > 3000) return null;
  if (!sameSecret(sig, mac(secret, payload))) return null;
  try {
    const c = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      r?: unknown;
      v?: unknown;
      m?: unknown;
      exp?: unknown;
    };
    if (typeof c.r !== 'string' || typeof c.v !== 'string' || typeof c.m !== 'string' || typeof c.exp !== 'number')
      return null;
    if (c.exp * 1000 <= now) return null;
    return { remote: c.r, version: c.v, manifestUrl: c.m, exp: c.exp };
  } catch {
    return null;
  }
}
