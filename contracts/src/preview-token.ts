/**
 * Preview links' token, written once for the side that signs it (the release service: release/src/registry/
 * preview-token.ts, for `/__preview` links and the release smoke) and the side that verifies it
 * (the host's page server: host/server/preview.ts, for the `shop_preview` cookie).
 *
 * `p1.<payload>.<mac>`: the payload is the base64url of the JSON {r, v, m, exp} (remote, version,
 * manifest URL, expiry in seconds since 1970), the mac the base64url HMAC-SHA256 of
 * `shop-preview.<payload>` with PREVIEW_SECRET.
 *
 * This package runs in Node and the browser and has no crypto of its own (Web Crypto's HMAC is
 * asynchronous; the host reads the cookie synchronously): each side hands in its HMAC, Node's
 * `createHmac`, through `previewTokens`.
 */

/** A preview: one browser sees `remote` at `version` (manifest `manifestUrl`) instead of its active release, until `exp`. */
export interface PreviewClaims {
  remote: string;
  version: string;
  manifestUrl: string;
  /** Seconds since 1970. */
  exp: number;
}

/** The cookie the host's `/__preview?token=…` sets and the smoke's browser carries. */
export const PREVIEW_COOKIE = 'shop_preview';

/** HMAC-SHA256 of `message` keyed with `secret`, as base64url without padding (Node: `createHmac('sha256', secret).update(message).digest('base64url')`). */
export type HmacSha256 = (secret: string, message: string) => string;

/** A token longer than this is refused unread. */
const MAX_TOKEN_LENGTH = 3000;

export function previewTokens(hmac: HmacSha256) {
  const mac = (secret: string, payload: string) => hmac(secret, `shop-preview.${payload}`);
  return {
    /** The token of these claims, signed with `secret`. */
    sign(secret: string, claims: PreviewClaims): string {
      const payload = toBase64Url(
        JSON.stringify({ r: claims.remote, v: claims.version, m: claims.manifestUrl, exp: claims.exp }),
      );
      return `p1.${payload}.${mac(secret, payload)}`;
    },
    /** The claims of a token `secret` signed and that has not expired at `now` (ms); null otherwise. */
    verify(secret: string, token: string, now = Date.now()): PreviewClaims | null {
      const [tag, payload, sig, ...rest] = token.split('.');
      if (tag !== 'p1' || !payload || !sig || rest.length || token.length > MAX_TOKEN_LENGTH) return null;
      if (!sameText(sig, mac(secret, payload))) return null;
      try {
        const c = JSON.parse(fromBase64Url(payload)) as { r?: unknown; v?: unknown; m?: unknown; exp?: unknown };
        if (typeof c.r !== 'string' || typeof c.v !== 'string' || typeof c.m !== 'string' || typeof c.exp !== 'number')
          return null;
        if (c.exp * 1000 <= now) return null;
        return { remote: c.r, version: c.v, manifestUrl: c.m, exp: c.exp };
      } catch {
        return null;
      }
    },
  };
}

/**
 * Whether two MACs are equal, in time that does not depend on where they differ (Node's
 * `timingSafeEqual` is not here: no Node in this package). Their length is public (a MAC's is fixed).
 */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** UTF-8 text as base64url without padding (Node's `Buffer.from(text).toString('base64url')`). */
function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The UTF-8 text of base64url (throws on a malformed one). */
function fromBase64Url(base64url: string): string {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}
