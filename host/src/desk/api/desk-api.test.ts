import { errorBody } from '@shop/contracts/errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANSWER_MESSAGE, DeskError, deskApi } from './desk-api.ts';

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
    // the answer is not an order: the request went out all the same (see the next test for the answer)
    await deskApi.setStatus('SH-1/../x', 'cancelled', 'Передумал').catch(() => undefined);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/orders/SH-1%2F..%2Fx/status');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual({ status: 'cancelled', note: 'Передумал' });
  });

  it('an answer in another shape than the contract is one clear Russian error, not undefined in a page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answer(200, { order: { number: 'SH-1', status: 'paid' } });
    expect(await failure(deskApi.order('SH-1'))).toMatchObject({ kind: 'api', code: 'UNEXPECTED_ANSWER', message: ANSWER_MESSAGE });
    answer(200, { orders: [{ number: 'SH-1' }], total: '1', page: 1, pageSize: 20 });
    expect((await failure(deskApi.orders(''))).code).toBe('UNEXPECTED_ANSWER');
    answer(200, { user: { id: 1, email: 'a@b.ru', name: 'Аня', role: 'owner', roleTitle: 'владелец' } });
    expect(await deskApi.session()).toEqual({ user: { id: 1, email: 'a@b.ru', name: 'Аня', role: 'owner' } });
  });
});
