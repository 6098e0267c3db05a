/**
 * The light half of @shop/contracts/errors, for the browser bundles: every code with its kind,
 * the one JSON error shape's reader, and `messageFor`, which turns any failure into the
 * shopper's words. The messages and statuses of the codes are in ./errors.ts (the API's side;
 * a front end shows the API's own message for a domain code), so a page that only needs
 * `messageFor` does not carry the whole message table.
 */

/**
 * How a front end treats a failure:
 * - `offline`: no answer at all (the shopper's connection, or the request never left);
 * - `unavailable`: the shop's server is there but cannot serve now (502/503/504, database down);
 * - `server`: the server failed (500, a masked resolver error);
 * - `bug`: the request itself was wrong (too complex, malformed, an outdated page): a bug on our
 *   side, never "check your connection";
 * - `rateLimited`: too many requests, wait a minute;
 * - `domain`: a rule of the shop (sold out, price changed, order not found…): the message says what to do;
 * - `access`: sign-in, tokens, CSRF (the orders desk and the ops routes).
 */
export type ErrorKind = 'offline' | 'unavailable' | 'server' | 'bug' | 'rateLimited' | 'domain' | 'access';

/** How a front end treats each code the API can answer (./errors.ts gives each its message and status). */
export const ERROR_KINDS = {
  // HTTP level, any route
  BAD_REQUEST: 'bug',
  UNSUPPORTED_MEDIA_TYPE: 'bug',
  PAYLOAD_TOO_LARGE: 'bug',
  VARIABLES_TOO_DEEP: 'bug',
  VARIABLES_TOO_LARGE: 'bug',
  EXTENSIONS_TOO_DEEP: 'bug',
  EXTENSIONS_TOO_LARGE: 'bug',
  METHOD_NOT_ALLOWED: 'bug',
  NOT_FOUND: 'domain',
  RATE_LIMITED: 'rateLimited',
  SERVICE_BUSY: 'unavailable',
  SERVICE_UNAVAILABLE: 'unavailable',
  DATABASE_UNAVAILABLE: 'unavailable',
  API_UNAVAILABLE: 'unavailable',
  INTERNAL_SERVER_ERROR: 'server',
  // GraphQL request errors (nothing ran)
  BAD_USER_INPUT: 'bug',
  QUERY_TOO_DEEP: 'bug',
  QUERY_TOO_COMPLEX: 'bug',
  SUBSCRIPTIONS_NOT_SUPPORTED: 'bug',
  INTROSPECTION_DISABLED: 'bug',
  // trusted documents (persisted/persisted-operations.ts gives the plugin these two, and BAD_REQUEST for no id)
  PERSISTED_QUERY_NOT_FOUND: 'bug',
  PERSISTED_QUERY_ONLY: 'bug',
  // payments (startPayment, paymentInfo, ЮKassa's notifications)
  ALREADY_PAID: 'domain',
  ORDER_CANCELLED: 'domain',
  PAYMENT_UNAVAILABLE: 'unavailable',
  FORBIDDEN: 'access',
  // the orders desk (/api/admin/*, /api/ops/orders*)
  UNAUTHENTICATED: 'access',
  BAD_CREDENTIALS: 'access',
  TOO_MANY_ATTEMPTS: 'rateLimited',
  USER_DISABLED: 'access',
  USER_EXISTS: 'domain',
  USER_NOT_FOUND: 'domain',
  CSRF: 'access',
  ORDER_NOT_FOUND: 'domain',
  BAD_STATUS: 'bug',
  NOTE_TOO_LONG: 'domain',
  BAD_TRACKING: 'domain',
  BAD_TRANSITION: 'domain',
  IMPORT_RUNNING: 'domain',
  PAYMENT_ONLY: 'domain',
  BAD_FILTER: 'domain',
  // the ops routes (registry, trusted documents, orders): ops token
  // (the browser bundles carry this map: no server setting's name in it; the API names them, util/error-response.ts)
  OPS_DISABLED: 'access',
  UNAUTHORIZED: 'access',
  TOO_MANY_FAILURES: 'rateLimited',
  OPERATIONS_REFUSED: 'bug',
  RELEASE_FORBIDDEN: 'access',
  RELEASE_REFUSED: 'domain',
  // createOrder's errors as data (GraphQL enum OrderErrorCode)
  REQUIRED: 'domain',
  INVALID_FORMAT: 'domain',
  TOO_LONG: 'domain',
  CONSENT_REQUIRED: 'domain',
  EMPTY_CART: 'domain',
  TOO_MANY_LINES: 'domain',
  INVALID_QUANTITY: 'domain',
  DUPLICATE_OFFER: 'domain',
  UNKNOWN_OFFER: 'domain',
  SOLD_OUT: 'domain',
  INSUFFICIENT_STOCK: 'domain',
  PRICE_CHANGED: 'domain',
  DELIVERY_UNAVAILABLE: 'domain',
  PICKUP_POINT_UNKNOWN: 'domain',
  IDEMPOTENCY_KEY_REUSED: 'domain',
} as const satisfies Record<string, Exclude<ErrorKind, 'offline'>>;

export type ErrorCode = keyof typeof ERROR_KINDS;

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_KINDS, code);
}

/** RATE_LIMITED's message (./errors.ts); a front end says it for a 429 that carries no words of the API. */
export const RATE_LIMITED_MESSAGE = 'Слишком много запросов подряд. Попробуйте через минуту';

/**
 * The one JSON error shape every route answers with (the GraphQL endpoint, the desk, the
 * registry, the ops and payment routes, the host server's proxy): the GraphQL-over-HTTP
 * `errors` list, so a GraphQL client and a REST client read the same thing. Never a stack.
 */
export interface ErrorBody {
  errors: { message: string; extensions: { code: string } & Record<string, unknown> }[];
}

/** Reads the first error of an answer in that shape (null when it is not one). */
export function readErrorBody(body: unknown): { code: string; message: string } | null {
  const first = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(first) || !first.length) return null;
  const e = first[0] as { message?: unknown; extensions?: { code?: unknown } } | null;
  return { code: typeof e?.extensions?.code === 'string' ? e.extensions.code : '', message: typeof e?.message === 'string' ? e.message : '' };
}

// ————— the front ends: any failure → what the shopper reads —————

/** What failed, as the shopper reads it at the start of the message. */
export const FAILED_ACTIONS = {
  load: 'Не удалось загрузить',
  loadOrder: 'Не удалось загрузить заказ',
  sendOrder: 'Не удалось отправить заказ',
  sendReturn: 'Не удалось отправить заявку на возврат',
  openPayment: 'Не удалось открыть страницу оплаты',
} as const;
export type FailedAction = keyof typeof FAILED_ACTIONS;

export interface ShopperMessage {
  kind: ErrorKind;
  /** The API's code when it gave one. */
  code: string | null;
  /** The HTTP status when there was an answer. */
  status: number | null;
  /** One line: what failed and why («Не удалось загрузить. Проверьте соединение»). */
  title: string;
  /** What to do about it ('' when the title says it). */
  hint: string;
  /** Title and hint as one paragraph, for an alert beside a form («Не удалось отправить заказ. Проверьте соединение и попробуйте ещё раз.»). */
  text: string;
}

const HINTS: Record<ErrorKind, string> = {
  offline: 'Проверьте соединение и попробуйте ещё раз.',
  unavailable: 'Попробуйте ещё раз через минуту.',
  server: 'Попробуйте ещё раз через минуту.',
  bug: 'Мы её исправим. Обновите страницу и попробуйте ещё раз.',
  rateLimited: '',
  domain: '',
  access: '',
};

/** Why, after «Не удалось …»: the line the shopper reads first. */
const REASONS: Record<Exclude<ErrorKind, 'domain' | 'access' | 'rateLimited'>, string> = {
  offline: 'Проверьте соединение',
  unavailable: 'магазин временно недоступен',
  server: 'ошибка на сервере магазина',
  bug: 'ошибка на сайте магазина',
};

function kindOfStatus(status: number): Exclude<ErrorKind, 'offline'> {
  if (status === 429) return 'rateLimited';
  if (status === 502 || status === 503 || status === 504) return 'unavailable';
  // 5xx, or an answer that was no GraphQL result at all (an HTML page with 200)
  if (status >= 500 || status < 400) return 'server';
  if (status === 401 || status === 403) return 'access';
  return 'bug';
}

interface Failure {
  code: string | null;
  status: number | null;
  /** The server's message for that code (shown for domain and access codes). */
  message: string | null;
}

/** Duck-typed, so contracts needs nothing of Apollo at run time (CombinedGraphQLErrors, ServerError, ServerParseError). */
function failureOf(error: unknown): Failure | null {
  if (typeof error === 'string') return { code: error, status: null, message: null };
  if (!error || typeof error !== 'object') return null;
  const e = error as { errors?: unknown; statusCode?: unknown; bodyText?: unknown; code?: unknown; message?: unknown; status?: unknown };
  // CombinedGraphQLErrors (a 200, or a graphql-response+json 4xx): the codes are in the errors
  if (Array.isArray(e.errors)) {
    const first = readErrorBody(e);
    return first ? { code: first.code || null, status: null, message: first.message || null } : { code: null, status: null, message: null };
  }
  // ServerError / ServerParseError: an HTTP answer that was not a GraphQL result
  if (typeof e.statusCode === 'number') {
    let body: unknown = null;
    try {
      body = typeof e.bodyText === 'string' ? JSON.parse(e.bodyText) : null;
    } catch {}
    const first = readErrorBody(body);
    return { code: first?.code || null, status: e.statusCode, message: first?.message || null };
  }
  // a code with its message ({ code, message }: a createOrder error, a desk error…)
  if (typeof e.code === 'string' && /^[A-Z][A-Z_]+$/.test(e.code)) {
    return { code: e.code, status: typeof e.status === 'number' ? e.status : null, message: typeof e.message === 'string' ? e.message : null };
  }
  return null;
}

/**
 * The one place a front end turns a failure into words: an Apollo error (CombinedGraphQLErrors,
 * ServerError), a network failure (TypeError «Failed to fetch»), an API code, or `{ code, message }`.
 * Offline reads «… Проверьте соединение»; an HTTP 5xx, a request the API refused as too complex
 * or malformed, and a rate limit each read differently; a domain code reads its own message.
 */
export function messageFor(error: unknown, action: FailedAction = 'load'): ShopperMessage {
  const failed = FAILED_ACTIONS[action];
  const failure = failureOf(error);
  if (!failure || (typeof navigator !== 'undefined' && navigator.onLine === false)) {
    return shopperMessage('offline', null, null, `${failed}. ${REASONS.offline}`, HINTS.offline, `${failed}. ${REASONS.offline} и попробуйте ещё раз.`);
  }
  const { code, status } = failure;
  const known = isErrorCode(code) ? code : null;
  // an unknown code or none (a masked resolver error) is the server's failure unless the status says otherwise
  const kind = known ? ERROR_KINDS[known] : status !== null ? kindOfStatus(status) : 'server';
  if (kind === 'domain' || kind === 'access' || kind === 'rateLimited') {
    // the API words a rule or a limit with its specifics («Размер 42 закончился», «через 40 с.»,
    // from ./errors.ts); an unknown code's words are not shown, nor words that are not Russian (a
    // proxy's or a gateway's «Too many requests» in front of the API)
    const own = known && failure.message && /[А-Яа-яЁё]/.test(failure.message) ? failure.message : null;
    const title = own ?? (kind === 'rateLimited' ? RATE_LIMITED_MESSAGE : `${failed}.`);
    return shopperMessage(kind, code, status, title, HINTS[kind]);
  }
  if (code === 'PERSISTED_QUERY_NOT_FOUND' || code === 'PERSISTED_QUERY_ONLY') {
    // the page is older than the operations the API has registered: a reload fixes it
    return shopperMessage(kind, code, status, `${failed}: сайт обновился`, 'Обновите страницу.');
  }
  return shopperMessage(kind, code, status, `${failed}: ${REASONS[kind]}`, HINTS[kind]);
}

function shopperMessage(kind: ErrorKind, code: string | null, status: number | null, title: string, hint: string, text?: string): ShopperMessage {
  return { kind, code, status, title, hint, text: text ?? (hint ? `${title.replace(/[.!]$/, '')}. ${hint}` : title) };
}
