import { randomBytes } from 'node:crypto';
import { errorMessage } from '@shop/contracts/errors';
import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { errorResponse, opsDisabled, opsUnauthorized, type RateLimit, sameSecret, tokenHash } from '@shop/server-kit';
import { releaseTokens } from './registry-tables.ts';

/** Who is asking (their rate-limit key) and the count of their wrong tokens. */
export interface TokenGuard {
  client: string;
  failures: RateLimit;
}

export interface ReleaseAuthContext {
  db: Db;
  config: Pick<Config, 'opsToken'>;
  guard?: TokenGuard;
}

/** Thrown by `authorizeRelease`: `response` is the 401/403/429 answer to send as is. */
export class ReleaseAuthError extends Error {
  constructor(readonly response: Response) {
    super(`release auth refused: ${response.status}`);
  }
}


/** A new team token: 32 random bytes, url-safe; only its sha256 is stored. */
export const newReleaseToken = () => `rt_${randomBytes(32).toString('base64url')}`;

const bearer = (request: Request) => request.headers.get('authorization')?.replace(/^Bearer\s+/i, '').trim() ?? '';

/**
 * Who may change the registry, and as whom. OPS_TOKEN (env) is the actor `ops`, all remotes; a
 * team token (release_tokens, not revoked) is the actor named by its row, only its remote (a
 * null remote row is ops-wide). `remote` is the remote the request touches (null: no single
 * remote, e.g. status or token management — only ops-wide tokens may ask for those).
 * A wrong, absent or revoked token → 401 and counts toward its client's wrong-token budget
 * (OPS_TOKEN_FAILURE_LIMIT per 15 minutes); past it, every wrong token gets 429 + Retry-After.
 * A valid token is never refused by that budget and never resets it: guesses from an address
 * do not lock out the ops or a team token used from the same address (a CI runner or ops
 * behind one egress). A token of another remote → 403. The client-sent `by` is never the actor.
 */
export async function authorizeRelease(request: Request, remote: string | null, ctx: ReleaseAuthContext): Promise<{ actor: string; remote: string | null }> {
  const { guard } = ctx;
  // no OPS_TOKEN: ops access is off on this server, team tokens included (only ops can issue them)
  if (!ctx.config.opsToken) throw new ReleaseAuthError(opsDisabled());
  const token = bearer(request);
  let found: { actor: string; remote: string | null } | null = null;
  if (token && sameSecret(token, ctx.config.opsToken)) {
    found = { actor: 'ops', remote: null };
  } else if (token) {
    const [row] = await ctx.db
      .select()
      .from(releaseTokens)
      .where(and(eq(releaseTokens.tokenSha256, tokenHash(token)), isNull(releaseTokens.revokedAt)));
    if (row) found = { actor: row.name, remote: row.remote };
  }
  if (!found) {
    const wait = (await guard?.failures.hit(guard.client)) ?? 0;
    if (wait > 0) {
      throw new ReleaseAuthError(
        errorResponse('TOO_MANY_FAILURES', errorMessage('TOO_MANY_FAILURES', { wait }), { headers: { 'retry-after': String(wait) } }),
      );
    }
    throw new ReleaseAuthError(opsUnauthorized());
  }
  if (found.remote !== null && found.remote !== remote) {
    throw new ReleaseAuthError(
      errorResponse(
        'RELEASE_FORBIDDEN',
        remote
          ? `Токен «${found.actor}» выпускает только ${found.remote}, не ${remote}`
          : `Токен «${found.actor}» выпускает только ${found.remote}: это действие — для ops-токена`,
      ),
    );
  }
  return found;
}

/** Release tokens, managed by ops (`npm run remotes -- token add|list|revoke`). */
export class ReleaseTokens {
  constructor(private readonly db: Db) {}

  /** A new token for `name` (a team, or ops-wide when `remote` is null); the token is returned once, only its sha256 is kept. */
  async add(name: string, remote: string | null): Promise<{ name: string; remote: string | null; token: string }> {
    const [taken] = await this.db.select().from(releaseTokens).where(eq(releaseTokens.name, name));
    if (taken) return Promise.reject(new Error(`Токен «${name}» уже есть${taken.revokedAt ? ' (отозван)' : ''}: выберите другое имя`));
    const token = newReleaseToken();
    await this.db.insert(releaseTokens).values({ name, remote, tokenSha256: tokenHash(token) });
    return { name, remote, token };
  }

  async list() {
    const rows = await this.db.select().from(releaseTokens).orderBy(releaseTokens.id);
    return rows.map((r) => ({ name: r.name, remote: r.remote, createdAt: r.createdAt.toISOString(), revokedAt: r.revokedAt?.toISOString() ?? null }));
  }

  /** Returns false when there is no such token (or it was revoked before). */
  async revoke(name: string): Promise<boolean> {
    const rows = await this.db
      .update(releaseTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(releaseTokens.name, name), isNull(releaseTokens.revokedAt)))
      .returning();
    return rows.length > 0;
  }
}
