import { sameSecret } from '../util/same-secret.ts';
import { errorMessage } from '@shop/contracts/errors';
import { REMOTE_NAMES } from '@shop/contracts/remotes';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { errorResponse, opsDisabled, opsUnauthorized } from '../util/error-response.ts';
import type { RateLimiter } from '../util/rate-limiter.ts';
import { RegistryError, RegistryRepo } from './registry-repo.ts';
import { withReleaseHealth } from './health-routes.ts';

/** A row of the remotes table (@shop/contracts/remotes): a release of anything else is refused. */
const remote = z.enum(REMOTE_NAMES, { error: `remote: ${REMOTE_NAMES.join(', ')}` });
const version = z.string().regex(/^[0-9A-Za-z.-]{1,64}$/, 'version: letters, digits, dots and dashes');
const by = z.string().trim().min(1).max(100);
const bodies = {
  '/releases': z.object({ remote, version, manifestUrl: z.string().url().max(500).regex(/^https?:\/\//), by }),
  '/activate': z.object({ remote, version, by }),
  '/canary': z.object({ remote, version, percent: z.number().int().min(0).max(100), by }),
  '/promote': z.object({ remote, by }),
} as const;


function tokenMatches(header: string | null, token: string): boolean {
  return sameSecret(header?.replace(/^Bearer\s+/i, '') ?? '', token);
}

/** Who is asking (their rate-limit key) and the count of their wrong ops tokens. */
export interface TokenGuard {
  client: string;
  failures: RateLimiter;
}

/**
 * Wrong-token lockout: a client that sent OPS_TOKEN_FAILURE_LIMIT wrong tokens within 15 minutes
 * is refused (429 + Retry-After) until that window ends, even with the right token, so a token
 * cannot be guessed online. Returns the refusal, or null when the token is right.
 */
export function checkOpsToken(request: Request, token: string, guard: TokenGuard | undefined): Response | null {
  const wait = guard?.failures.blockedFor(guard.client) ?? 0;
  if (wait > 0) {
    return errorResponse('TOO_MANY_FAILURES', errorMessage('TOO_MANY_FAILURES', { wait }), { headers: { 'retry-after': String(wait) } });
  }
  if (tokenMatches(request.headers.get('authorization'), token)) return null;
  guard?.failures.hit(guard.client);
  return opsUnauthorized();
}

/**
 * `GET /api/registry` is public (host servers read it). `/api/ops/registry/*` changes it and
 * needs `Authorization: Bearer <OPS_TOKEN>`; with no token configured every change is refused.
 */
export async function registryResponse(request: Request, url: URL, db: Db, config: Config, guard?: TokenGuard): Promise<Response | null> {
  const repo = new RegistryRepo(db);
  if (url.pathname === '/api/registry') {
    if (request.method !== 'GET') return errorResponse('METHOD_NOT_ALLOWED', 'Только GET', { headers: { allow: 'GET' } });
    return Response.json({ remotes: await repo.publicState() }, { headers: { 'cache-control': 'no-store' } });
  }
  if (!url.pathname.startsWith('/api/ops/registry')) return null;
  if (!config.opsToken) return opsDisabled();
  const refused = checkOpsToken(request, config.opsToken, guard);
  if (refused) return refused;
  const route = url.pathname.slice('/api/ops/registry'.length);
  try {
    if (route === '' && request.method === 'GET') return Response.json({ remotes: await withReleaseHealth(db, config, await repo.status()) }, { headers: { 'cache-control': 'no-store' } });
    if (request.method !== 'POST' || !(route in bodies)) return errorResponse('NOT_FOUND', `Нет такого ops-действия: ${route || '/'}`);
    const parsed = bodies[route as keyof typeof bodies].safeParse(await request.json().catch(() => null));
    if (!parsed.success) return errorResponse('BAD_REQUEST', `Некорректное тело запроса: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    const body = parsed.data as { remote: string; version?: string; manifestUrl?: string; percent?: number; by: string };
    switch (route) {
      case '/releases':
        return Response.json({ release: await repo.publish(body.remote, body.version!, body.manifestUrl!, body.by) });
      case '/activate':
        await repo.activate(body.remote, body.version!, body.by);
        break;
      case '/canary':
        await repo.canary(body.remote, body.version!, body.percent!, body.by);
        break;
      case '/promote':
        await repo.promote(body.remote, body.by);
        break;
    }
    const status = (await repo.status()).find((r) => r.name === body.remote);
    return Response.json({ remote: status });
  } catch (caught) {
    if (caught instanceof RegistryError) return errorResponse(caught.code, caught.message);
    throw caught;
  }
}
