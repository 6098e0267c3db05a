import type { IncomingMessage } from 'node:http';

/**
 * Behind the host's proxy the socket address is the proxy's own. The proxy appends the address
 * it saw to X-Forwarded-For, so the LAST entry is the one we can trust; earlier entries are
 * whatever the client chose to send.
 */
export function clientIp(request: Request, req: IncomingMessage | undefined, trustProxy: boolean): string {
  if (trustProxy) {
    const last = request.headers.get('x-forwarded-for')?.split(',').map((s) => s.trim()).filter(Boolean).at(-1);
    if (last && last.length <= 64) return last;
  }
  return req?.socket?.remoteAddress ?? 'unknown';
}
