import { errorMessage } from '@shop/contracts/errors';
import { errorResponse, opsUnauthorized } from './error-response.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { sameSecret } from './same-secret.ts';

/** Who is asking (rateLimitKey of the client) and the budget of wrong tokens it spends. */
export interface TokenGuard {
  client: string;
  failures: RateLimiter;
}

/**
 * The OPS_TOKEN check of the API's ops routes (trusted documents, the desk's machine side), with
 * the wrong-token lockout: a client that sent OPS_TOKEN_FAILURE_LIMIT wrong tokens within 15
 * minutes is refused (429 + Retry-After) until that window ends, even with the right token, so a
 * token cannot be guessed online. Returns the refusal, or null when the token is right.
 */
export function checkOpsToken(request: Request, token: string, guard: TokenGuard | undefined): Response | null {
  const wait = guard?.failures.blockedFor(guard.client) ?? 0;
  if (wait > 0) {
    return errorResponse('TOO_MANY_FAILURES', errorMessage('TOO_MANY_FAILURES', { wait }), { headers: { 'retry-after': String(wait) } });
  }
  if (sameSecret(request.headers.get('authorization')?.replace(/^Bearer\s+/i, '') ?? '', token)) return null;
  guard?.failures.hit(guard.client);
  return opsUnauthorized();
}
