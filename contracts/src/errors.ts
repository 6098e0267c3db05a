/**
 * Every error code the shop's API (and the host server in front of it) can answer, written once:
 * its Russian message, its HTTP status where it is an HTTP-level answer (this module), and how a
 * front end treats it (`ERROR_KINDS`, with `messageFor`, in ./shopper-errors.ts: the light half
 * the browser bundles carry; they need no message table to tell offline from a 5xx). The API
 * answers with these codes (GraphQL `extensions.code`, and the REST routes' one JSON error
 * shape, `errorBody`). Plain TypeScript for Node and the browser: no imports of other packages.
 */
import { formatNumber } from './format.ts';
import { type ErrorBody, type ErrorCode, RATE_LIMITED_MESSAGE } from './shopper-errors.ts';

export * from './shopper-errors.ts';

type Message = string | ((params: never) => string);

interface ErrorEntry {
  message: Message;
  /** The HTTP status of an HTTP-level answer (GraphQL field errors are answered with 200). */
  status?: number;
}

const rub = (n: number) => `${formatNumber(n)} ₽`;

export const ERRORS = {
  // HTTP level, any route
  BAD_REQUEST: { status: 400, message: 'Некорректный запрос' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Запрос к API должен иметь тип application/json' },
  PAYLOAD_TOO_LARGE: { status: 413, message: (p: { maxKb: number }) => `Тело запроса больше ${p.maxKb} КБ` },
  VARIABLES_TOO_DEEP: { status: 400, message: (p: { max: number }) => `Параметр variables вложен глубже ${p.max} уровней` },
  VARIABLES_TOO_LARGE: { status: 400, message: (p: { max: number }) => `Параметр variables содержит больше ${p.max} значений` },
  EXTENSIONS_TOO_DEEP: { status: 400, message: (p: { max: number }) => `Параметр extensions вложен глубже ${p.max} уровней` },
  EXTENSIONS_TOO_LARGE: { status: 400, message: (p: { max: number }) => `Параметр extensions содержит больше ${p.max} значений` },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Метод не поддерживается' },
  NOT_FOUND: { status: 404, message: 'Не найдено' },
  RATE_LIMITED: { status: 429, message: RATE_LIMITED_MESSAGE },
  SERVICE_BUSY: { status: 503, message: 'Сервер перегружен, попробуйте ещё раз через секунду' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'Сервис временно недоступен, попробуйте ещё раз через минуту' },
  DATABASE_UNAVAILABLE: { status: 503, message: 'База данных недоступна, попробуйте через минуту' },
  /** The host server's proxy could not reach the API. */
  API_UNAVAILABLE: { status: 502, message: 'Сервис временно недоступен' },
  INTERNAL_SERVER_ERROR: { status: 500, message: 'Ошибка сервера' },

  // GraphQL request errors (nothing ran)
  BAD_USER_INPUT: { message: 'Некорректные параметры запроса' },
  QUERY_TOO_DEEP: { status: 400, message: (p: { max: number }) => `Запрос слишком глубокий: больше ${p.max} уровней` },
  QUERY_TOO_COMPLEX: { status: 400, message: 'Запрос слишком сложный' },
  SUBSCRIPTIONS_NOT_SUPPORTED: { status: 400, message: 'Подписки (subscription) не поддерживаются: отправьте query или mutation' },
  INTROSPECTION_DISABLED: { status: 400, message: 'Интроспекция схемы на этом сервере отключена' },
  // trusted documents (persisted/persisted-operations.ts gives the plugin these two, and BAD_REQUEST for no id)
  PERSISTED_QUERY_NOT_FOUND: { status: 400, message: 'Операция не зарегистрирована: обновите страницу' },
  PERSISTED_QUERY_ONLY: { status: 400, message: 'Сервер выполняет только зарегистрированные операции магазина' },

  // payments (startPayment, paymentInfo, ЮKassa's notifications)
  ALREADY_PAID: { message: 'Заказ уже оплачен' },
  ORDER_CANCELLED: { message: 'Заказ отменён, оплатить его нельзя. Оформите заказ заново.' },
  PAYMENT_UNAVAILABLE: { message: 'Не удалось начать оплату. Попробуйте ещё раз.' },
  FORBIDDEN: { status: 403, message: 'Доступ запрещён' },

  // the orders desk (/api/admin/*, /api/ops/orders*)
  UNAUTHENTICATED: { status: 401, message: 'Войдите, чтобы продолжить' },
  BAD_CREDENTIALS: { status: 401, message: 'Неверный e-mail или пароль' },
  TOO_MANY_ATTEMPTS: {
    status: 429,
    message: (p: { seconds: number }) =>
      `Слишком много попыток входа. Попробуйте через ${p.seconds < 60 ? `${p.seconds} с` : `${Math.ceil(p.seconds / 60)} мин`}.`,
  },
  USER_DISABLED: { status: 403, message: 'Учётная запись отключена. Обратитесь к владельцу магазина.' },
  USER_EXISTS: { status: 409, message: 'Пользователь с этим e-mail уже есть' },
  USER_NOT_FOUND: { status: 404, message: 'Пользователь не найден' },
  CSRF: { status: 403, message: 'Запрос отклонён: он пришёл не со страницы магазина' },
  ORDER_NOT_FOUND: { status: 404, message: 'Заказ не найден' },
  BAD_STATUS: { status: 400, message: 'Неизвестный статус: new, paid, assembled, shipped, ready, delivered или cancelled' },
  NOTE_TOO_LONG: { status: 400, message: (p: { max: number }) => `Комментарий длиннее ${p.max} символов` },
  BAD_TRACKING: {
    status: 400,
    message: 'Трек-номер: 6–20 латинских букв и цифр (пробелы и дефисы можно), и только при переводе в «отправлен»',
  },
  BAD_TRANSITION: { status: 409, message: 'Заказ нельзя перевести в этот статус' },
  IMPORT_RUNNING: { status: 409, message: 'Каталог уже загружается: дождитесь конца' },
  PAYMENT_ONLY: { status: 409, message: 'Оплаченным заказ отмечает только подтверждённый платёж' },
  BAD_FILTER: { status: 400, message: 'Фильтр не подходит' },

  // the ops routes (registry, trusted documents, orders): ops token
  // (the browser bundles carry this map: no server setting's name in it; the API names them, util/error-response.ts)
  OPS_DISABLED: { status: 403, message: 'Ops-доступ на этом сервере выключен' },
  UNAUTHORIZED: { status: 401, message: 'Нужен действующий ops-токен' },
  TOO_MANY_FAILURES: {
    status: 429,
    message: (p: { wait: number }) => `Слишком много попыток с неверным токеном. Повторите через ${p.wait} с.`,
  },
  OPERATIONS_REFUSED: { status: 400, message: 'Операции не зарегистрированы: ни одна не принята' },
  // releases of remotes (/api/ops/registry*): a team token is scoped to its remote; the registry's checks refuse a release
  RELEASE_FORBIDDEN: { status: 403, message: 'Этот токен не даёт выпускать релизы этого приложения' },
  RELEASE_REFUSED: { status: 409, message: 'Релиз отклонён проверками' },

  // createOrder's errors as data (GraphQL enum OrderErrorCode)
  REQUIRED: { message: 'Заполните поле' },
  INVALID_FORMAT: { message: 'Неверный формат' },
  TOO_LONG: { message: (p: { max: number }) => `Слишком длинное значение: не больше ${p.max} символов` },
  CONSENT_REQUIRED: { message: 'Нужно согласие на обработку персональных данных' },
  EMPTY_CART: { message: 'Корзина пуста' },
  TOO_MANY_LINES: { message: (p: { max: number }) => `В одном заказе не больше ${p.max} позиций` },
  INVALID_QUANTITY: { message: (p: { max: number }) => `Количество должно быть от 1 до ${p.max}` },
  DUPLICATE_OFFER: { message: 'Этот товар уже есть в заказе: измените количество в первой строке' },
  UNKNOWN_OFFER: { message: 'Такого товара нет в каталоге' },
  SOLD_OUT: { message: (p: { size: string }) => `Размер ${p.size} закончился` },
  INSUFFICIENT_STOCK: {
    message: (p: { available: number; size: string }) => `В наличии только ${p.available} шт. размера ${p.size}`,
  },
  PRICE_CHANGED: { message: (p: { price: number }) => `Цена изменилась: теперь ${rub(p.price)}` },
  DELIVERY_UNAVAILABLE: { message: 'В этот город так не доставляют: выберите другой способ доставки' },
  PICKUP_POINT_UNKNOWN: { message: 'Этот пункт выдачи не найден: выберите другой' },
  IDEMPOTENCY_KEY_REUSED: {
    message: 'Заказ с этим ключом уже оформлен с другим составом или данными. Отправьте форму ещё раз, чтобы оформить новый заказ',
  },
} as const satisfies Record<ErrorCode, ErrorEntry>;

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
  'DELIVERY_UNAVAILABLE',
  'PICKUP_POINT_UNKNOWN',
  'IDEMPOTENCY_KEY_REUSED',
] as const satisfies readonly ErrorCode[];
export type OrderErrorCode = (typeof ORDER_ERROR_CODES)[number];

/** The parameters of a code whose message has a dynamic part (nothing for a fixed message). */
export type MessageParams<C extends ErrorCode> = (typeof ERRORS)[C]['message'] extends (p: infer P) => string ? [params: P] : [];

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

/** A code's message without its dynamic part (a code with one needs its message passed: errorMessage(code, params)). */
export function defaultMessage(code: ErrorCode): string {
  const entry: ErrorEntry = ERRORS[code];
  return typeof entry.message === 'string' ? entry.message : errorMessage('BAD_REQUEST');
}

export function errorBody(code: ErrorCode, message: string = defaultMessage(code), extra: Record<string, unknown> = {}): ErrorBody {
  return { errors: [{ message, extensions: { ...extra, code } }] };
}
