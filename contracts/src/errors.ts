/**
 * Every error code the shop's API (and the host server in front of it) can answer, written once:
 * its Russian message for shoppers, its HTTP status where it is an HTTP-level answer, and how a
 * front end treats it (`kind`). The API answers with these codes (GraphQL `extensions.code`, and
 * the REST routes' one JSON error shape, `errorBody`); the front ends turn any failure into words
 * with `messageFor`. Plain TypeScript for Node and the browser: no imports at run time.
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

type Message = string | ((params: never) => string);

interface ErrorEntry {
  message: Message;
  kind: Exclude<ErrorKind, 'offline'>;
  /** The HTTP status of an HTTP-level answer (GraphQL field errors are answered with 200). */
  status?: number;
}

const rub = (n: number) => `${new Intl.NumberFormat('ru-RU').format(n)} ₽`;

export const ERRORS = {
  // HTTP level, any route
  BAD_REQUEST: { status: 400, kind: 'bug', message: 'Некорректный запрос' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, kind: 'bug', message: 'Запрос к API должен иметь тип application/json' },
  PAYLOAD_TOO_LARGE: { status: 413, kind: 'bug', message: (p: { maxKb: number }) => `Тело запроса больше ${p.maxKb} КБ` },
  VARIABLES_TOO_DEEP: { status: 400, kind: 'bug', message: (p: { max: number }) => `Параметр variables вложен глубже ${p.max} уровней` },
  VARIABLES_TOO_LARGE: { status: 400, kind: 'bug', message: (p: { max: number }) => `Параметр variables содержит больше ${p.max} значений` },
  EXTENSIONS_TOO_DEEP: { status: 400, kind: 'bug', message: (p: { max: number }) => `Параметр extensions вложен глубже ${p.max} уровней` },
  EXTENSIONS_TOO_LARGE: { status: 400, kind: 'bug', message: (p: { max: number }) => `Параметр extensions содержит больше ${p.max} значений` },
  METHOD_NOT_ALLOWED: { status: 405, kind: 'bug', message: 'Метод не поддерживается' },
  NOT_FOUND: { status: 404, kind: 'domain', message: 'Не найдено' },
  RATE_LIMITED: { status: 429, kind: 'rateLimited', message: 'Слишком много запросов подряд. Попробуйте через минуту' },
  SERVICE_BUSY: { status: 503, kind: 'unavailable', message: 'Сервер перегружен, попробуйте ещё раз через секунду' },
  SERVICE_UNAVAILABLE: { status: 503, kind: 'unavailable', message: 'Сервис временно недоступен, попробуйте ещё раз через минуту' },
  DATABASE_UNAVAILABLE: { status: 503, kind: 'unavailable', message: 'База данных недоступна, попробуйте через минуту' },
  /** The host server's proxy could not reach the API. */
  API_UNAVAILABLE: { status: 502, kind: 'unavailable', message: 'Сервис временно недоступен' },
  INTERNAL_SERVER_ERROR: { status: 500, kind: 'server', message: 'Ошибка сервера' },

  // GraphQL request errors (nothing ran)
  BAD_USER_INPUT: { kind: 'bug', message: 'Некорректные параметры запроса' },
  QUERY_TOO_DEEP: { status: 400, kind: 'bug', message: (p: { max: number }) => `Запрос слишком глубокий: больше ${p.max} уровней` },
  QUERY_TOO_COMPLEX: { status: 400, kind: 'bug', message: 'Запрос слишком сложный' },
  SUBSCRIPTIONS_NOT_SUPPORTED: { status: 400, kind: 'bug', message: 'Подписки (subscription) не поддерживаются: отправьте query или mutation' },
  INTROSPECTION_DISABLED: { status: 400, kind: 'bug', message: 'Интроспекция схемы на этом сервере отключена' },
  // trusted documents (persisted/persisted-operations.ts gives the plugin these two, and BAD_REQUEST for no id)
  PERSISTED_QUERY_NOT_FOUND: { status: 400, kind: 'bug', message: 'Операция не зарегистрирована: обновите страницу' },
  PERSISTED_QUERY_ONLY: { status: 400, kind: 'bug', message: 'Сервер выполняет только зарегистрированные операции магазина' },

  // payments (startPayment, paymentInfo, ЮKassa's notifications)
  ALREADY_PAID: { kind: 'domain', message: 'Заказ уже оплачен' },
  ORDER_CANCELLED: { kind: 'domain', message: 'Заказ отменён, оплатить его нельзя. Оформите заказ заново.' },
  PAYMENT_UNAVAILABLE: { kind: 'unavailable', message: 'Не удалось начать оплату. Попробуйте ещё раз.' },
  FORBIDDEN: { status: 403, kind: 'access', message: 'Доступ запрещён' },

  // the orders desk (/api/admin/*, /api/ops/orders*)
  UNAUTHENTICATED: { status: 401, kind: 'access', message: 'Войдите, чтобы продолжить' },
  BAD_CREDENTIALS: { status: 401, kind: 'access', message: 'Неверный e-mail или пароль' },
  TOO_MANY_ATTEMPTS: {
    status: 429,
    kind: 'rateLimited',
    message: (p: { minutes: number }) => `Слишком много попыток входа. Попробуйте через ${p.minutes} мин.`,
  },
  USER_DISABLED: { status: 403, kind: 'access', message: 'Учётная запись отключена. Обратитесь к владельцу магазина.' },
  CSRF: { status: 403, kind: 'access', message: 'Запрос отклонён: он пришёл не со страницы магазина' },
  ORDER_NOT_FOUND: { status: 404, kind: 'domain', message: 'Заказ не найден' },
  BAD_STATUS: { status: 400, kind: 'bug', message: 'Неизвестный статус: new, paid, assembled, shipped, delivered или cancelled' },
  NOTE_TOO_LONG: { status: 400, kind: 'domain', message: (p: { max: number }) => `Комментарий длиннее ${p.max} символов` },
  BAD_TRANSITION: { status: 409, kind: 'domain', message: 'Заказ нельзя перевести в этот статус' },
  PAYMENT_ONLY: { status: 409, kind: 'domain', message: 'Оплаченным заказ отмечает только подтверждённый платёж' },
  BAD_FILTER: { status: 400, kind: 'domain', message: 'Фильтр не подходит' },

  // the ops routes (registry, trusted documents, orders): ops token
  // (the browser bundles carry this map: no server setting's name in it; the API names them, util/error-response.ts)
  OPS_DISABLED: { status: 403, kind: 'access', message: 'Ops-доступ на этом сервере выключен' },
  UNAUTHORIZED: { status: 401, kind: 'access', message: 'Нужен действующий ops-токен' },
  TOO_MANY_FAILURES: {
    status: 429,
    kind: 'rateLimited',
    message: (p: { wait: number }) => `Слишком много попыток с неверным токеном. Повторите через ${p.wait} с.`,
  },
  OPERATIONS_REFUSED: { status: 400, kind: 'bug', message: 'Операции не зарегистрированы: ни одна не принята' },

  // createOrder's errors as data (GraphQL enum OrderErrorCode)
  REQUIRED: { kind: 'domain', message: 'Заполните поле' },
  INVALID_FORMAT: { kind: 'domain', message: 'Неверный формат' },
  TOO_LONG: { kind: 'domain', message: (p: { max: number }) => `Слишком длинное значение: не больше ${p.max} символов` },
  CONSENT_REQUIRED: { kind: 'domain', message: 'Нужно согласие на обработку персональных данных' },
  EMPTY_CART: { kind: 'domain', message: 'Корзина пуста' },
  TOO_MANY_LINES: { kind: 'domain', message: (p: { max: number }) => `В одном заказе не больше ${p.max} позиций` },
  INVALID_QUANTITY: { kind: 'domain', message: (p: { max: number }) => `Количество должно быть от 1 до ${p.max}` },
  DUPLICATE_OFFER: { kind: 'domain', message: 'Этот товар уже есть в заказе: измените количество в первой строке' },
  UNKNOWN_OFFER: { kind: 'domain', message: 'Такого товара нет в каталоге' },
  SOLD_OUT: { kind: 'domain', message: (p: { size: string }) => `Размер ${p.size} закончился` },
  INSUFFICIENT_STOCK: {
    kind: 'domain',
    message: (p: { available: number; size: string }) => `В наличии только ${p.available} шт. размера ${p.size}`,
  },
  PRICE_CHANGED: { kind: 'domain', message: (p: { price: number }) => `Цена изменилась: теперь ${rub(p.price)}` },
  IDEMPOTENCY_KEY_REUSED: {
    kind: 'domain',
    message: 'Заказ с этим ключом уже оформлен с другим составом или данными. Отправьте форму ещё раз, чтобы оформить новый заказ',
  },
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

/** The codes of createOrder's errors as data; the API's GraphQL enum OrderErrorCode is checked against it. */
export const ORDER_ERROR_CODES = [
  'REQUIRED',
  'INVALID_FORMAT',
  'TOO_LONG',
  'CONSENT_REQUIRED',
  'EMPTY_CART',
  'TOO_MANY_LINES',
  'INVALID_QUANTITY',
  'DUPLICATE_OFFER',
  'UNKNOWN_OFFER',
  'SOLD_OUT',
  'INSUFFICIENT_STOCK',
  'PRICE_CHANGED',
  'IDEMPOTENCY_KEY_REUSED',
] as const satisfies readonly ErrorCode[];
export type OrderErrorCode = (typeof ORDER_ERROR_CODES)[number];

/** The parameters of a code whose message has a dynamic part (nothing for a fixed message). */
export type MessageParams<C extends ErrorCode> = (typeof ERRORS)[C]['message'] extends (p: infer P) => string ? [params: P] : [];

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERRORS, code);
}

/** The Russian message of a code: `errorMessage('SOLD_OUT', { size: '42' })` → «Размер 42 закончился». */
export function errorMessage<C extends ErrorCode>(code: C, ...params: MessageParams<C>): string {
  const message: Message = ERRORS[code].message;
  return typeof message === 'function' ? (message as (p: unknown) => string)(params[0]) : message;
}

/** The HTTP status of a code's answer (400 for a code that is not HTTP-level). */
export function errorStatus(code: ErrorCode): number {
  const entry: ErrorEntry = ERRORS[code];
  return entry.status ?? 400;
}

/**
 * The one JSON error shape every route answers with (the GraphQL endpoint, the desk, the
 * registry, the ops and payment routes, the host server's proxy): the GraphQL-over-HTTP
 * `errors` list, so a GraphQL client and a REST client read the same thing. Never a stack.
 */
export interface ErrorBody {
  errors: { message: string; extensions: { code: string } & Record<string, unknown> }[];
}

/** A code's message without its dynamic part (a code with one needs its message passed: errorMessage(code, params)). */
export function defaultMessage(code: ErrorCode): string {
  const entry: ErrorEntry = ERRORS[code];
  return typeof entry.message === 'string' ? entry.message : errorMessage('BAD_REQUEST');
}

export function errorBody(code: ErrorCode, message: string = defaultMessage(code), extra: Record<string, unknown> = {}): ErrorBody {
  return { errors: [{ message, extensions: { ...extra, code } }] };
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
  const kind = known ? (ERRORS[known] as ErrorEntry).kind : status !== null ? kindOfStatus(status) : 'server';
  if (kind === 'domain' || kind === 'access' || kind === 'rateLimited') {
    // the API words a rule or a limit with its specifics («Размер 42 закончился», «через 40 с.»);
    // the map is the fallback (an unknown code's words are not shown)
    const own = known && failure.message ? failure.message : known ? defaultMessage(known) : null;
    const title = own ?? (kind === 'rateLimited' ? errorMessage('RATE_LIMITED') : `${failed}.`);
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
