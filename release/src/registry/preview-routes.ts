import { RELEASE_VERSION, RELEASE_VERSION_MAX } from '@shop/contracts/release-plane';
import { REMOTE_NAMES } from '@shop/contracts/remotes';
import { errorResponse } from '@shop/server-kit';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { signPreview } from './preview-token.ts';
import { remoteReleases } from './registry-tables.ts';
import { authorizeRelease, type ReleaseAuthContext, ReleaseAuthError } from './release-auth.ts';
import type { SmokeConfig } from './smoke-config.ts';

export const PREVIEW_ROUTE = '/api/ops/registry/preview';

const body = z.object({
  remote: z.enum(REMOTE_NAMES),
  version: z.string().max(RELEASE_VERSION_MAX).regex(RELEASE_VERSION),
  /** The page to open first (a path on the shop); default `/`. */
  next: z
    .string()
    .max(2000)
    .regex(/^\/(?!\/)[^\\\s]*$/)
    .optional(),
});

export interface PreviewContext extends ReleaseAuthContext {
  config: ReleaseAuthContext['config'] & { shopPublicUrl: string; smoke: SmokeConfig };
}

/**
 * `POST /api/ops/registry/preview` {remote, version, next?} → a link on the shop
 * (`<SHOP_PUBLIC_URL>/__preview?token=…`) that shows that published release of that remote to
 * whoever opens it, for PREVIEW_TTL_MINUTES. Authorized like a release of that remote (a team
 * token only for its own remote, or the ops token); the manifest is the one stored with the
 * release, never one the caller names.
 */
export async function previewResponse(request: Request, ctx: PreviewContext): Promise<Response> {
  if (request.method !== 'POST')
    return errorResponse('METHOD_NOT_ALLOWED', 'Только POST', { headers: { allow: 'POST' } });
  const parsed = body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) {
    return errorResponse(
      'BAD_REQUEST',
      `Некорректное тело запроса: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  const { remote, version, next } = parsed.data;
  let actor: string;
  try {
    actor = (await authorizeRelease(request, remote, ctx)).actor;
  } catch (caught) {
    if (caught instanceof ReleaseAuthError) return caught.response;
    throw caught;
  }
  const secret = ctx.config.smoke.previewSecret;
  if (!secret) return errorResponse('SERVICE_UNAVAILABLE', 'Предпросмотр выключен: на сервере не задан PREVIEW_SECRET');
  const [release] = await ctx.db
    .select()
    .from(remoteReleases)
    .where(and(eq(remoteReleases.remote, remote), eq(remoteReleases.version, version)));
  if (!release) return errorResponse('NOT_FOUND', `Релиз ${remote} ${version} не опубликован`);
  const exp = Math.floor(Date.now() / 1000) + ctx.config.smoke.previewTtlMinutes * 60;
  const token = signPreview(secret, { remote, version, manifestUrl: release.manifestUrl, exp });
  const query = new URLSearchParams({ token, ...(next ? { next } : {}) });
  return Response.json(
    {
      url: `${ctx.config.shopPublicUrl}/__preview?${query}`,
      remote,
      version,
      expiresAt: new Date(exp * 1000).toISOString(),
      by: actor,
    },
    { headers: { 'cache-control': 'no-store' } },
  );
}
