import { CombinedGraphQLErrors, ServerError, ServerParseError } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_KINDS, ERRORS, type ErrorCode, errorBody, errorMessage, errorStatus, messageFor, readErrorBody } from './errors.ts';

const CYRILLIC = /[а-яё]/i;
const sample: Record<string, unknown> = { maxKb: 100, max: 5, seconds: 90, wait: 40, size: '42', available: 2, price: 12990 };

const graphqlErrors = (...errors: { message: string; extensions?: Record<string, unknown> }[]) => new CombinedGraphQLErrors({ data: null, errors });
const httpAnswer = (status: number, body: unknown) =>
  new ServerError(`Response not successful: Received status code ${status}`, {
    response: new Response(null, { status }),
    bodyText: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('the error map', () => {
  it('gives every code one Russian message, dynamic parts included, and a real HTTP status', () => {
    for (const code of ERROR_CODES) {
      const message = ERRORS[code].message as string | ((p: unknown) => string);
      const text = typeof message === 'function' ? message(sample) : message;
      expect(text, code).toMatch(CYRILLIC);
      expect(text, code).not.toMatch(/undefined|NaN|\[object/);
      expect(errorStatus(code), code).toBeGreaterThanOrEqual(400);
      expect(errorStatus(code), code).toBeLessThan(600);
    }
  });

  it('names no server setting: the browser bundles carry this map (e2e/faults/secrets.ts scans them)', () => {
    for (const code of ERROR_CODES) {
      const message = ERRORS[code].message as string | ((p: unknown) => string);
      const text = typeof message === 'function' ? message(sample) : message;
      expect(text, code).not.toMatch(/\b(?:OPS_TOKEN|DATABASE_URL|SMTP_URL|YOOKASSA_[A-Z_]+)\b/);
    }
  });

  it('gives every code of the kinds table (the browser half) a message, and no other', () => {
    expect(Object.keys(ERRORS).sort()).toEqual(Object.keys(ERROR_KINDS).sort());
  });

  it('fills the dynamic parts: the size, the units left, the new price', () => {
    expect(errorMessage('SOLD_OUT', { size: '42,5' })).toBe('Размер 42,5 закончился');
    expect(errorMessage('INSUFFICIENT_STOCK', { available: 2, size: 'M' })).toBe('В наличии только 2 шт. размера M');
    expect(errorMessage('PRICE_CHANGED', { price: 12990 })).toMatch(/^Цена изменилась: теперь 12\s990 ₽$/);
    expect(errorMessage('TOO_MANY_FAILURES', { wait: 40 })).toBe('Слишком много попыток с неверным токеном. Повторите через 40 с.');
    expect(errorMessage('TOO_MANY_ATTEMPTS', { seconds: 8 })).toBe('Слишком много попыток входа. Попробуйте через 8 с.');
    expect(errorMessage('TOO_MANY_ATTEMPTS', { seconds: 840 })).toBe('Слишком много попыток входа. Попробуйте через 14 мин.');
  });

  it('answers one JSON shape that a GraphQL client and a REST client read alike', () => {
    const body = errorBody('OPS_DISABLED');
    expect(body).toEqual({ errors: [{ message: 'Ops-доступ на этом сервере выключен', extensions: { code: 'OPS_DISABLED' } }] });
    expect(readErrorBody(JSON.parse(JSON.stringify(body)))).toEqual({ code: 'OPS_DISABLED', message: ERRORS.OPS_DISABLED.message });
    expect(errorBody('RATE_LIMITED', 'Подождите', { retryAfter: 5, code: 'OTHER' }).errors[0]?.extensions).toEqual({ retryAfter: 5, code: 'RATE_LIMITED' });
    expect(readErrorBody({ error: { code: 'X' } })).toBeNull();
  });
});

describe('messageFor: any failure in the shopper’s words', () => {
  it('no answer at all reads as the connection', () => {
    const m = messageFor(new TypeError('Failed to fetch'));
    expect(m).toMatchObject({ kind: 'offline', title: 'Не удалось загрузить. Проверьте соединение' });
    expect(m.hint).toContain('Проверьте соединение');
    expect(messageFor(new TypeError('Failed to fetch'), 'sendOrder').title).toBe('Не удалось отправить заказ. Проверьте соединение');
    expect(messageFor(new TypeError('Failed to fetch'), 'sendOrder').text).toBe('Не удалось отправить заказ. Проверьте соединение и попробуйте ещё раз.');
  });

  it('an HTTP 5xx is the server, not the connection; 502/503 say the shop is down for a while', () => {
    const internal = messageFor(httpAnswer(500, '<html>Internal Server Error</html>'));
    expect(internal).toMatchObject({ kind: 'server', status: 500, title: 'Не удалось загрузить: ошибка на сервере магазина' });
    expect(messageFor(httpAnswer(500, ''), 'sendOrder').text).toBe('Не удалось отправить заказ: ошибка на сервере магазина. Попробуйте ещё раз через минуту.');
    const proxy = messageFor(httpAnswer(502, errorBody('API_UNAVAILABLE')));
    expect(proxy).toMatchObject({ kind: 'unavailable', code: 'API_UNAVAILABLE', title: 'Не удалось загрузить: магазин временно недоступен' });
    const masked = messageFor(graphqlErrors({ message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }));
    expect(masked.kind).toBe('server');
    const parse = new ServerParseError(new SyntaxError('Unexpected token <'), { response: new Response(null, { status: 200 }), bodyText: '<html>' });
    expect(messageFor(parse).kind).toBe('server');
    for (const m of [internal, proxy, masked]) {
      expect(m.title + m.hint).not.toContain('соединение');
      expect(m.title + m.hint).not.toMatch(/Error|Internal/);
    }
  });

  it('a request the API refused (too complex, malformed, an outdated page) is a bug on our side', () => {
    const complex = messageFor(graphqlErrors({ message: 'Запрос слишком сложный: стоимость 9000 при пределе 5000', extensions: { code: 'QUERY_TOO_COMPLEX' } }));
    expect(complex).toMatchObject({ kind: 'bug', code: 'QUERY_TOO_COMPLEX', title: 'Не удалось загрузить: ошибка на сайте магазина' });
    expect(complex.title + complex.hint).not.toContain('соединение');
    expect(messageFor(httpAnswer(400, errorBody('BAD_REQUEST'))).kind).toBe('bug');
    expect(messageFor(httpAnswer(413, { something: 'else' })).kind).toBe('bug');
    expect(messageFor(graphqlErrors({ message: 'x', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } })).title).toBe('Не удалось загрузить: сайт обновился');
  });

  it('a rate limit says to wait', () => {
    const limited = messageFor(graphqlErrors({ message: 'Слишком много запросов заказов подряд. Попробуйте снова через 30 с.', extensions: { code: 'RATE_LIMITED', retryAfter: 30 } }), 'loadOrder');
    expect(limited).toMatchObject({ kind: 'rateLimited', title: 'Слишком много запросов заказов подряд. Попробуйте снова через 30 с.' });
    // a 429 from something else (an unknown body): the map's words, never the body's
    expect(messageFor(httpAnswer(429, 'Too Many Requests'))).toMatchObject({ kind: 'rateLimited', title: 'Слишком много запросов подряд. Попробуйте через минуту' });
    // a known code worded in English by a proxy in front of the API: the map's Russian words
    expect(messageFor(graphqlErrors({ message: 'Too many requests', extensions: { code: 'RATE_LIMITED' } }))).toMatchObject({
      kind: 'rateLimited',
      title: 'Слишком много запросов подряд. Попробуйте через минуту',
    });
  });

  it('an answer without its result is the server, not the connection', () => {
    expect(messageFor('INTERNAL_SERVER_ERROR', 'sendOrder')).toMatchObject({ kind: 'server' });
    expect(messageFor('INTERNAL_SERVER_ERROR', 'sendOrder').text).not.toContain('соединение');
  });

  it('a domain code reads its own message, the server’s words first, the map’s otherwise', () => {
    expect(messageFor({ code: 'SOLD_OUT', message: 'Размер 42 закончился' })).toMatchObject({ kind: 'domain', title: 'Размер 42 закончился' });
    expect(messageFor({ code: 'ORDER_CANCELLED', message: ERRORS.ORDER_CANCELLED.message }).title).toBe('Заказ отменён, оплатить его нельзя. Оформите заказ заново.');
    // a code with no words of the API says what failed, never a made-up reason
    expect(messageFor('ORDER_CANCELLED', 'openPayment')).toMatchObject({ kind: 'domain', title: 'Не удалось открыть страницу оплаты.' });
    expect(messageFor(graphqlErrors({ message: 'Заказ уже оплачен', extensions: { code: 'ALREADY_PAID' } })).kind).toBe('domain');
  });

  it('reads the same codes whether they came as GraphQL errors or as an HTTP answer', () => {
    const codes: ErrorCode[] = ['QUERY_TOO_COMPLEX', 'SERVICE_UNAVAILABLE', 'RATE_LIMITED', 'INTERNAL_SERVER_ERROR'];
    for (const code of codes) {
      const viaGraphql = messageFor(graphqlErrors({ message: errorBody(code).errors[0]!.message, extensions: { code } }));
      const viaHttp = messageFor(httpAnswer(errorStatus(code), errorBody(code)));
      expect(viaHttp.kind, code).toBe(viaGraphql.kind);
      expect(viaHttp.title, code).toBe(viaGraphql.title);
    }
  });
});
