import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * What reaches the API's Fastify app from the socket. The API answers by path alone and uses no
 * origin; a request's URL is built as `http://${INTERNAL_HOST}${target}` (fetch-bridge.ts), so:
 * - the target must be origin-form (`/…`): an absolute-form (`http://x/api/…`), authority-form
 *   or scheme-relative (`//x`, `/\x`) target is refused with a coded 400;
 * - the Host the client addressed it by (any text: `localhost:99999`, non-ASCII, 10 KB) is
 *   replaced by a fixed name before anything sees it, so no request-derived text is parsed as
 *   an authority (a URL glued from it used to answer 500 with a stack trace).
 * Nothing else is checked here: paths, queries and bodies are the routes'.
 */
export const INTERNAL_HOST = 'api.internal';

function refuse(res: ServerResponse, status: number, code: string, message: string): void {
  const body = JSON.stringify({ errors: [{ message, extensions: { code } }] });
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    connection: 'close',
  });
  res.end(body);
}

export function guardNodeRequests<A extends unknown[]>(
  handler: (req: IncomingMessage, res: ServerResponse, ...rest: A) => unknown,
): (req: IncomingMessage, res: ServerResponse, ...rest: A) => void {
  return (req, res, ...rest) => {
    const target = req.url ?? '';
    if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
      return refuse(res, 400, 'BAD_REQUEST', 'Некорректный адрес запроса');
    }
    req.headers.host = INTERNAL_HOST;
    void handler(req, res, ...rest);
  };
}
