import { errorBody } from '@shop/contracts/errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeskError, deskApi } from './desk-api.ts';

function answer(status: number, body?: unknown) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), { status })));
}

async function failure(promise: Promise<unknown>): Promise<DeskError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DeskError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

afterEach(() => vi.unstubAllGlobals());

describe('what a desk request turns every failure into', () => {
  it('a wrong password is the API message beside the form, not a trip to the sign-in page', async () => {
    answer(401, errorBody('BAD_CREDENTIALS', 'Неверный e-mail или пароль'));
    const error = await failure(deskApi.signIn('a@b.ru', 'x'));
    expect([error.kind, error.code, error.message]).toEqual(['api', 'BAD_CREDENTIALS', 'Неверный e-mail или пароль']);
  });

  it('any other 401 is an ended session', async () => {
    answer(401, errorBody('UNAUTHENTICATED', 'Войдите, чтобы продолжить'));
    expect((await failure(deskApi.orders(''))).kind).toBe('unauthenticated');
  });

  it('throttling keeps its Russian message', async () => {
    answer(429, errorBody('TOO_MANY_ATTEMPTS', 'Слишком много попыток входа. Попробуйте через 15 мин.'));
    expect((await failure(deskApi.signIn('a@b.ru', 'x'))).message).toBe('Слишком много попыток входа. Попробуйте через 15 мин.');
  });

  it('no connection, or a proxy page instead of JSON, is a network problem in Russian', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await failure(deskApi.orders(''))).toMatchObject({ kind: 'network', message: expect.stringContaining('Проверьте соединение') });
    answer(502, '<html>Bad Gateway</html>');
    expect(await failure(deskApi.orders(''))).toMatchObject({ kind: 'network', message: expect.stringContaining('Повторите') });
  });

  it('the proxy’s own refusals are read too; sign-out’s 204 is a success', async () => {
    answer(405, { errors: [{ message: 'Метод не поддерживается', extensions: { code: 'METHOD_NOT_ALLOWED' } }] });
    expect(await failure(deskApi.signOut())).toMatchObject({ kind: 'api', code: 'METHOD_NOT_ALLOWED', message: 'Метод не поддерживается' });
    answer(204);
    await expect(deskApi.signOut()).resolves.toBeUndefined();
  });

  it('changes go as JSON with the note, GETs without a body', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ order: {} }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await deskApi.setStatus('SH-1/../x', 'cancelled', 'Передумал');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/orders/SH-1%2F..%2Fx/status');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual({ status: 'cancelled', note: 'Передумал' });
  });
});
