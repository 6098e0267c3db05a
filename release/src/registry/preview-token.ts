import { createHmac } from 'node:crypto';
import { type PreviewClaims, previewTokens } from '@shop/contracts/preview-token';

/**
 * Preview tokens (`p1.<payload>.<mac>`, HMAC-SHA256 with PREVIEW_SECRET): the format is
 * @shop/contracts/preview-token's, which the host's page server verifies with too
 * (host/server/preview.ts); here Node's HMAC is handed in.
 */
export { PREVIEW_COOKIE, type PreviewClaims } from '@shop/contracts/preview-token';

const tokens = previewTokens((secret, message) => createHmac('sha256', secret).update(message).digest('base64url'));

/** The token of these claims, signed with PREVIEW_SECRET. */
export function signPreview(secret: string, claims: PreviewClaims): string {
  return tokens.sign(secret, claims);
}

/** The claims of a token this secret signed and that has not expired; null otherwise. */
export function verifyPreview(secret: string, token: string, now = Date.now()): PreviewClaims | null {
  return tokens.verify(secret, token, now);
}
