// Guards the one JSON error shape (@shop/contracts/errors): the request checks, the orders
// desk, the ops routes (registry, trusted documents, orders) and the payment notifications all
// answer `{ errors: [{ message, extensions: { code } }] }` with a code of the map, its status and
// a Russian message, never a stack; and the codes the schema names are the map's.
import { ERROR_KINDS, ORDER_ERROR_CODES, errorStatus, isErrorCode } from '@shop/contracts/errors';
import { GraphQLEnumType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildSchema } from '../src/graphql/schema.ts';
import type { PaymentConfig } from '../src/payments/payment-config.ts';
import { describeDrivers } from './test-env.ts';

const TOKEN = 'test-ops-token-error-shape-0123';
const ORIGIN = 'https://shop.test';

/** Asserts the one shape and returns the code; `status` when the route answers another than the code's. */
async function expectError(res: Response, code: string, status?: number): Promise<string> {
  const text = await res.text();
  expect(res.headers.get('content-type'), text).toMatch(/^application\/json/);
  expect(res.headers.get('cache-control'), code).toBe('no-store');
  const body = JSON.parse(text) as { errors: { message: string; extensions: Record<string, unknown> }[] };
  expect(Object.keys(body), text).toEqual(['errors']);
  expect(body.errors).toHaveLength(1);
  const [error] = body.errors;
  expect(error?.extensions.code, text).toBe(code);
  expect(isErrorCode(code), code).toBe(true);
  expect(res.status, text).toBe(status ?? errorStatus(code as never));
  expect(error?.message, text).toMatch(/[а-яё]/i);
  expect(text).not.toMatch(/\bstack\b|\n\s+at |\.ts:\d+/);
  return code;
}

const yookassa: PaymentConfig = {
  provider: 'yookassa',
  sandboxEnabled: false,
  // never reached: every request below is refused before ЮKassa would be asked
  yookassa: { shopId: '1', secretKey: 'test_secret', apiUrl: 'http://127.0.0.1:9', vatCode: 1, checkNotifyIp: false, timeoutMs: 100 },
};

describeDrivers(
  'one error shape on every route',
  (env) => {
    const post = (path: string, body: string, headers: Record<string, string> = {}) =>
      env().request(path, { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN, ...headers }, body });
    const bearer = { authorization: `Bearer ${TOKEN}` };

    it('the orders desk: sign-in, session, CSRF, ops token, unknown paths', async () => {
      await expectError(await post('/api/admin/session', JSON.stringify({ email: 'nobody@shop.test', password: 'wrong-password' })), 'BAD_CREDENTIALS');
      await expectError(await post('/api/admin/session', '{not json'), 'BAD_REQUEST');
      await expectError(await env().request('/api/admin/orders'), 'UNAUTHENTICATED');
      await expectError(await post('/api/admin/session', '{}', { origin: 'https://evil.test' }), 'CSRF');
      await expectError(await env().request('/api/ops/orders'), 'UNAUTHORIZED');
      await expectError(await env().request('/api/ops/orders/nope/more', { headers: bearer }), 'NOT_FOUND');
      await expectError(await env().request('/api/ops/orders/АБВ-1', { headers: bearer }), 'ORDER_NOT_FOUND');
      await expectError(await env().request('/api/ops/orders?status=bogus', { headers: bearer }), 'BAD_FILTER');
      await expectError(await env().request('/api/ops/orders', { method: 'DELETE', headers: bearer }), 'METHOD_NOT_ALLOWED');
    });

    it('payments: ЮKassa notifications refused in the same shape', async () => {
      await expectError(await env().request('/api/payments/yookassa/notify'), 'METHOD_NOT_ALLOWED');
      await expectError(await post('/api/payments/yookassa/notify', '{not json'), 'BAD_REQUEST');
      await expectError(await post('/api/payments/yookassa/notify', JSON.stringify({ type: 'notification' })), 'BAD_REQUEST');
    });

    it('the registry and the trusted-documents route', async () => {
      await expectError(await env().request('/api/registry', { method: 'POST' }), 'METHOD_NOT_ALLOWED');
      await expectError(await env().request('/api/ops/registry'), 'UNAUTHORIZED');
      await expectError(await post('/api/ops/registry/nope', '{}', bearer), 'NOT_FOUND');
      await expectError(await post('/api/ops/registry/releases', JSON.stringify({ remote: 'x' }), bearer), 'BAD_REQUEST');
      await expectError(await post('/api/ops/registry/activate', JSON.stringify({ remote: 'mf_cart', version: '9.9.9', by: 't' }), bearer), 'NOT_FOUND');
      await expectError(await env().request('/api/ops/operations', { headers: bearer }), 'METHOD_NOT_ALLOWED');
      await expectError(await post('/api/ops/operations', JSON.stringify({ app: 'host' }), bearer), 'BAD_REQUEST');
    });

    it('the request checks before GraphQL and the unknown paths', async () => {
      await expectError(await env().request('/api/graphql', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' }), 'UNSUPPORTED_MEDIA_TYPE');
      await expectError(await post('/api/graphql', '{not json'), 'BAD_REQUEST');
      await expectError(await post('/api/graphql', JSON.stringify({ query: '{ menu { id } }', variables: { a: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]] } })), 'VARIABLES_TOO_DEEP');
      await expectError(await post('/api/graphql', 'x'.repeat(200 * 1024)), 'PAYLOAD_TOO_LARGE');
      await expectError(await env().request('/api/nothing-here'), 'NOT_FOUND');
    });
  },
  { opsToken: TOKEN, payment: yookassa },
);

describeDrivers('one error shape with ops and ЮKassa off', (env) => {
  it('answers OPS_DISABLED and NOT_FOUND alike on every ops route and the notification route', async () => {
    const auth = { headers: { authorization: 'Bearer anything' } };
    await expectError(await env().request('/api/ops/registry', auth), 'OPS_DISABLED');
    await expectError(await env().request('/api/ops/orders', auth), 'OPS_DISABLED');
    await expectError(await env().request('/api/ops/operations', { method: 'POST', ...auth }), 'OPS_DISABLED');
    await expectError(await env().request('/api/payments/yookassa/notify', { method: 'POST', body: '{}' }), 'NOT_FOUND');
  });
});

describe('the codes the schema names are the map’s', () => {
  it('OrderErrorCode (createOrder’s errors as data) is exactly ORDER_ERROR_CODES, each with a Russian message', () => {
    const type = buildSchema().getType('OrderErrorCode');
    expect(type).toBeInstanceOf(GraphQLEnumType);
    expect((type as GraphQLEnumType).getValues().map((v) => v.name)).toEqual([...ORDER_ERROR_CODES]);
    for (const code of ORDER_ERROR_CODES) expect(ERROR_KINDS[code]).toBe('domain');
  });
});
