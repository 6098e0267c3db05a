import { type ErrorCode, errorBody, errorStatus } from '@shop/contracts/errors';

export interface ErrorResponseInit {
  /** Default: the code's status in @shop/contracts/errors. */
  status?: number;
  headers?: Record<string, string>;
  /** More extensions beside the code (retryAfter, refused…). */
  extra?: Record<string, unknown>;
}

/** The ops routes with no OPS_TOKEN configured (the map's message leaves the setting's name to the API). */
export const opsDisabled = () => errorResponse('OPS_DISABLED', 'Ops-доступ выключен: у API не задан OPS_TOKEN');

/** A missing or wrong ops token. */
export const opsUnauthorized = () => errorResponse('UNAUTHORIZED', 'Нужен действующий ops-токен (authorization: Bearer <OPS_TOKEN>)');

/**
 * Every error answer of every route outside GraphQL execution (the http/ request checks, the desk, the
 * registry, the ops and payment routes): the one JSON shape of @shop/contracts/errors
 * (`{ errors: [{ message, extensions: { code } }] }`), a Russian message, never a stack.
 */
export function errorResponse(code: ErrorCode, message?: string, init: ErrorResponseInit = {}): Response {
  return new Response(JSON.stringify(errorBody(code, message, init.extra)), {
    status: init.status ?? errorStatus(code),
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      ...init.headers,
    },
  });
}

const CLIENT_ERRORS: Record<string, [number, string, string?]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'Слишком большие заголовки запроса'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'Запрос шёл слишком долго'],
};

/**
 * Fastify's `clientErrorHandler`: a request Node's parser refuses before any route runs (a
 * malformed request line or header, Content-Length beside Transfer-Encoding, headers over 16 KB,
 * a timeout) gets the same JSON error shape as every other answer, and the connection is closed.
 */
/**
 * The status of an error a framework or plugin raised having judged the request the client's
 * fault (a malformed body, a Range past the end): 4xx, answered as such and not logged as the
 * server's; null for the server's own faults.
 */
export function clientErrorStatus(error: { statusCode?: number }): number | null {
  const status = error.statusCode;
  return status !== undefined && status >= 400 && status < 500 ? status : null;
}

export function clientErrorHandler(error: NodeJS.ErrnoException, socket: import('node:stream').Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
  const [status, reason, message] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'Bad Request'];
  const body = JSON.stringify(errorBody('BAD_REQUEST', message));
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
  );
}
