import { errorMessage } from '@shop/contracts/errors';
import { errorResponse, opsUnauthorized, type RateLimit, sameSecret } from '@shop/server-kit';

/** Who is asking (rateLimitKey of the client) and the budget of wrong tokens it spends. */
export interface TokenGuard {
  client: string;
  failures: RateLimit;
}

/**
 * The OPS_TOKEN check of the API's ops routes (trusted documents, the desk's machine side), with
 * a wrong-token budget per client: OPS_TOKEN_FAILURE_LIMIT wrong tokens within 15 minutes get
 * 401, every further wrong one 429 + Retry-After until that window ends. The right token is
 * never refused by the budget (nor resets it): guesses from an address do not lock ops out of
 * it. Returns the refusal, or null when the token is right.
 */
export async function checkOpsToken(request: Request, token: string, guard: TokenGuard | undefined): Promise<Response | null> {
  if (sameSecret(request.headers.get('authorization')?.replace(/^Bearer\s+/i, '') ?? '', token)) return null;
  const wait = (await guard?.failures.hit(guard.client)) ?? 0;
  if (wait > 0) {
    return errorResponse('TOO_MANY_FAILURES', errorMessage('TOO_MANY_FAILURES', { wait }), { headers: { 'retry-after': String(wait) } });
  }
  return opsUnauthorized();
}
