import { errorMessage } from '@shop/contracts/errors';
import { errorResponse, opsUnauthorized, type RateLimit, sameSecret } from '@shop/server-kit';

/** Who is asking (rateLimitKey of the client) and the budget of wrong tokens it spends. */
export interface TokenGuard {
  client: string;
  failures: RateLimit;
}

/**
 * The OPS_TOKEN check of the API's ops routes (trusted documents, the desk's machine side), with
 * the wrong-token lockout: a client that sent OPS_TOKEN_FAILURE_LIMIT wrong tokens within 15
 * minutes is refused (429 + Retry-After) until that window ends, even with the right token, so a
 * token cannot be guessed online. Returns the refusal, or null when the token is right.
 */
export async function checkOpsToken(request: Request, token: string, guard: TokenGuard | undefined): Promise<Response | null> {
  const wait = (await guard?.failures.blockedFor(guard.client)) ?? 0;
  if (wait > 0) {
    return errorResponse('TOO_MANY_FAILURES', errorMessage('TOO_MANY_FAILURES', { wait }), { headers: { 'retry-after': String(wait) } });
  }
  if (sameSecret(request.headers.get('authorization')?.replace(/^Bearer\s+/i, '') ?? '', token)) return null;
  await guard?.failures.hit(guard.client);
  return opsUnauthorized();
}
