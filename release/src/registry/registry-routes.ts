import { RELEASE_VERSION, RELEASE_VERSION_MAX } from '@shop/contracts/release-plane';
import { REMOTE_NAMES } from '@shop/contracts/remotes';
import { errorResponse } from '@shop/server-kit';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { HealthRepo } from './health-repo.ts';
import { withReleaseHealth } from './health-routes.ts';
import { RegistryError, RegistryRepo } from './registry-repo.ts';
import { authorizeRelease, ReleaseAuthError, ReleaseTokens, type TokenGuard } from './release-auth.ts';
import { setActiveOrigins } from './release-checks.ts';

export type { TokenGuard } from './release-auth.ts';

/** A row of the remotes table (@shop/contracts/remotes): a release of anything else is refused. */
const remote = z.enum(REMOTE_NAMES, { error: `remote: ${REMOTE_NAMES.join(', ')}` });
const version = z
  .string()
  .max(RELEASE_VERSION_MAX)
  .regex(RELEASE_VERSION, 'version: semver with the build as metadata, 0.1.0+20261130012233-3fa9c1');
/** Sent by older clients; ignored: the actor is the token's name (release-auth.ts). */
const by = z.string().max(100).optional();
const meta = z
  .object({
    version: z.string().max(100).optional(),
    commit: z.string().max(100).optional(),
    author: z.string().max(200).optional(),
    builtAt: z.string().max(40).optional(),
    notes: z.string().max(2000).optional(),
  })
  .optional();
const tokenName = z
  .string()
  .regex(/^[0-9A-Za-z][0-9A-Za-z._-]{0,63}$/, 'name: letters, digits, dots, dashes')
  .refine((n) => n !== 'ops', 'name: «ops» is the OPS_TOKEN');
const bodies = {
  '/releases': z.object({ remote, version, manifestUrl: z.string().url().max(500).regex(/^https?:\/\//), by, meta }),
  '/activate': z.object({ remote, version, by, recheck: z.boolean().optional() }),
  // without a percent: a progressive canary (CANARY_STEPS, then promoted)
  '/canary': z.object({ remote, version, percent: z.number().int().min(0).max(100).optional(), by }),
  '/canary/stop': z.object({ remote, by }),
  '/promote': z.object({ remote, force: z.boolean().optional(), by }),
  '/rollback': z.object({ remote, by }),
  '/tokens': z.object({ name: tokenName, remote: remote.nullable() }),
  '/tokens/revoke': z.object({ name: z.string().max(64) }),
} as const;

/**
 * `GET /api/registry` is public (host servers read it). `/api/ops/registry/*` changes it and
 * needs `Authorization: Bearer <token>`: OPS_TOKEN (actor `ops`, every remote) or a team's
 * release token (its name is the actor, its remote only); with no OPS_TOKEN every change is
 * refused. Every change of a release goes through the release gate (release-gate.ts): a
 * refusal answers 409 with the Russian reasons and changes nothing but the release's status.
 */
export async function registryResponse(request: Request, url: URL, db: Db, config: Config, guard?: TokenGuard): Promise<Response | null> {
  const repo = new RegistryRepo(db, config);
  setActiveOrigins(async () => Object.values(await repo.publicState()).map((r) => new URL(r.active.manifestUrl).origin));
  if (url.pathname === '/api/registry') {
    if (request.method !== 'GET') return errorResponse('METHOD_NOT_ALLOWED', 'Только GET', { headers: { allow: 'GET' } });
    return Response.json({ remotes: await repo.publicState() }, { headers: { 'cache-control': 'no-store' } });
  }
  if (!url.pathname.startsWith('/api/ops/registry')) return null;
  const route = url.pathname.slice('/api/ops/registry'.length);
  const ctx = { db, config, guard };
  try {
    if (request.method === 'GET' && route === '') {
      // status: everything for ops, one remote (full history) for its team or with ?remote=
      const only = url.searchParams.get('remote');
      if (only !== null && !remote.safeParse(only).success) return errorResponse('BAD_REQUEST', `remote: ${REMOTE_NAMES.join(', ')}`);
      await authorizeRelease(request, only, ctx);
      const remotes = await withReleaseHealth(db, config, await repo.status(only ?? undefined, only !== null));
      // every release's shopper views and failures over the window, beside its state
      const window = await new HealthRepo(db, config.health).window();
      const counted = remotes.map((r) => ({
        ...r,
        releases: r.releases.map((release) => {
          const h = window.get(r.name)?.get(release.version);
          return { ...release, health: { views: h?.views ?? 0, errors: h?.errors ?? 0 } };
        }),
      }));
      return Response.json({ remotes: counted }, { headers: { 'cache-control': 'no-store' } });
    }
    if (request.method === 'GET' && route === '/tokens') {
      await authorizeRelease(request, null, ctx);
      return Response.json({ tokens: await new ReleaseTokens(db).list() }, { headers: { 'cache-control': 'no-store' } });
    }
    if (request.method !== 'POST' || !(route in bodies)) {
      await authorizeRelease(request, null, ctx);
      return errorResponse('NOT_FOUND', `Нет такого ops-действия: ${route || '/'}`);
    }
    const raw: unknown = await request.json().catch(() => null);
    const target = typeof raw === 'object' && raw && 'remote' in raw && typeof raw.remote === 'string' ? raw.remote : null;
    const { actor } = await authorizeRelease(request, route.startsWith('/tokens') ? null : target, ctx);
    const parsed = bodies[route as keyof typeof bodies].safeParse(raw);
    if (!parsed.success) return errorResponse('BAD_REQUEST', `Некорректное тело запроса: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    const body = parsed.data as {
      remote: string;
      version?: string;
      manifestUrl?: string;
      percent?: number;
      force?: boolean;
      recheck?: boolean;
      meta?: Record<string, string>;
      name?: string;
    };
    let result: Record<string, unknown> = {};
    switch (route) {
      case '/releases':
        return Response.json({ release: await repo.publish(body.remote, body.version!, body.manifestUrl!, actor, body.meta) });
      case '/tokens':
        return Response.json({ token: await new ReleaseTokens(db).add(body.name!, body.remote ?? null).catch((e: Error) => Promise.reject(new RegistryError('BAD_REQUEST', e.message))) });
      case '/tokens/revoke':
        if (!(await new ReleaseTokens(db).revoke(body.name!))) return errorResponse('NOT_FOUND', `Нет действующего токена «${body.name}»`);
        return Response.json({ revoked: body.name });
      case '/activate':
        await repo.activate(body.remote, body.version!, actor, { recheck: body.recheck === true });
        break;
      case '/canary':
        await repo.canary(body.remote, body.version!, body.percent ?? null, actor);
        break;
      case '/canary/stop':
        result = { stopped: (await repo.stopCanary(body.remote, actor, { note: 'вручную' })).version };
        break;
      case '/promote':
        await repo.promote(body.remote, actor, { force: body.force });
        break;
      case '/rollback':
        result = await repo.rollback(body.remote, actor);
        break;
    }
    const [status] = await repo.status(body.remote);
    return Response.json({ ...result, remote: status });
  } catch (caught) {
    if (caught instanceof ReleaseAuthError) return caught.response;
    if (caught instanceof RegistryError) {
      return errorResponse(caught.code, caught.message, caught.reasons.length ? { extra: { reasons: caught.reasons } } : {});
    }
    throw caught;
  }
}
