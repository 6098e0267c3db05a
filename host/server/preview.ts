import { createHmac } from 'node:crypto';
import type http from 'node:http';
import { PREVIEW_COOKIE, type PreviewClaims, previewTokens } from '@shop/contracts/preview-token';
import { REMOTE_NAMES } from '@shop/contracts/remotes';
import { type RegistryState, safeManifestUrl } from './registry.ts';

/**
 * Preview links: a team (or the API's release smoke) opens `/__preview?token=…`, the host sets
 * the `shop_preview` cookie, and from then on that one browser gets the token's release of one
 * remote in place of its active release: in the page's inline registry, in /registry.json and
 * in that page's CSP, never cached (no-store) and with a banner on the page. The token is
 * signed by the API with PREVIEW_SECRET in @shop/contracts/preview-token's format, which this
 * server verifies with (Node's HMAC handed in).
 */
export { PREVIEW_COOKIE } from '@shop/contracts/preview-token';

export type Preview = PreviewClaims;

const tokens = previewTokens((secret, message) => createHmac('sha256', secret).update(message).digest('base64url'));

/** The claims of a `p1.<payload>.<mac>` token this secret signed and that has not expired; null otherwise. */
export function verifyPreview(secret: string, token: string, now = Date.now()): Preview | null {
  return tokens.verify(secret, token, now);
}

/**
 * Whether this host shows the preview: a remote of the contract or one it already serves, a safe
 * manifest URL, and an origin the registry already uses for some remote or PREVIEW_ORIGINS lists:
 * even a token signed by mistake cannot bring code from anywhere else into the shop's CSP.
 */
export function acceptPreview(preview: Preview, state: RegistryState, extraOrigins: string[] = []): boolean {
  // a remote of the contract (the first release of one has nothing active yet), or one the registry serves
  if (!Object.hasOwn(state, preview.remote) && !(REMOTE_NAMES as readonly string[]).includes(preview.remote))
    return false;
  const url = safeManifestUrl(preview.manifestUrl);
  if (!url || url !== preview.manifestUrl) return false;
  if (url.startsWith('/')) return true;
  const origins = new Set(extraOrigins);
  for (const remote of Object.values(state)) {
    for (const release of [remote.active, remote.canary]) {
      if (!release || release.manifestUrl.startsWith('/')) continue;
      origins.add(new URL(release.manifestUrl).origin);
    }
  }
  return origins.has(new URL(url).origin);
}

/** The raw `shop_preview` cookie value, if any (never decoded: a token is base64url and dots). */
export function previewCookie(req: http.IncomingMessage): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq >= 0 && part.slice(0, eq).trim() === PREVIEW_COOKIE) return part.slice(eq + 1).trim();
  }
  return null;
}

/** This request's accepted preview, or null (no secret configured, no cookie, bad or expired token, refused release). */
export function previewOf(
  req: http.IncomingMessage,
  secret: string | undefined,
  state: RegistryState,
  extraOrigins: string[] = [],
): Preview | null {
  if (!secret) return null;
  const token = previewCookie(req);
  const preview = token ? verifyPreview(secret, token) : null;
  return preview && acceptPreview(preview, state, extraOrigins) ? preview : null;
}

/** Where `/__preview` sends the browser after setting the cookie: a path on this site, else `/`. */
export function previewTarget(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') && !/[\\\p{Cc}]/u.test(next) ? next : '/';
}

export function previewSetCookie(token: string, preview: Preview, secure: boolean, now = Date.now()): string {
  const maxAge = Math.max(0, Math.floor(preview.exp - now / 1000));
  return `${PREVIEW_COOKIE}=${token}; Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function previewClearCookie(secure: boolean): string {
  return `${PREVIEW_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
