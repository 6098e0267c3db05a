// Guards what the shopper reads when the product page cannot load (@shop/contracts/errors'
// messageFor): only a request that got no answer says «Проверьте соединение»; an HTTP 5xx, the
// API down behind the host, a request the API refused as too complex and a rate limit each say
// what really happened, and every one of them keeps «Повторить».
import { ApolloProvider } from '@apollo/client/react';
import { errorBody } from '@shop/contracts/errors';
import { createApolloClient } from '@shop/mf-shared';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ProductPage from './product-page.tsx';

// the remote's release report needs the build's version constant; nothing of it is under test here
vi.mock('../report.ts', () => ({}));

afterEach(cleanup);

const json = (status: number, body: unknown, type = 'application/json') =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': type } });

async function alertFor(answer: () => Promise<Response>): Promise<string> {
  const fetch = vi.fn(answer);
  render(
    <ApolloProvider client={createApolloClient({ fetch, persisted: false })}>
      <ProductPage id="5" />
    </ApolloProvider>,
  );
  const alert = await screen.findByRole('alert');
  expect(screen.getByRole('button', { name: 'Повторить' })).toBeTruthy();
  expect(fetch).toHaveBeenCalled();
  return alert.textContent ?? '';
}

describe('product page that cannot load', () => {
  it('no answer at all: check the connection', async () => {
    const text = await alertFor(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(text).toContain('Не удалось загрузить. Проверьте соединение');
  });

  it('HTTP 500: the shop’s server failed, not the shopper’s connection', async () => {
    const text = await alertFor(async () => json(500, '<h1>Internal Server Error</h1>', 'text/html'));
    expect(text).toContain('Не удалось загрузить: ошибка на сервере магазина');
    expect(text).not.toContain('соединение');
    expect(text).not.toMatch(/Internal|Error/);
  });

  it('the API out of reach behind the host (502 API_UNAVAILABLE): the shop is down for a while', async () => {
    const text = await alertFor(async () => json(502, errorBody('API_UNAVAILABLE')));
    expect(text).toContain('Не удалось загрузить: магазин временно недоступен');
    expect(text).not.toContain('соединение');
  });

  it('a query the API refused as too complex is a bug on our side', async () => {
    const refused = { errors: [{ message: 'Запрос слишком сложный: стоимость 9000 при пределе 5000', extensions: { code: 'QUERY_TOO_COMPLEX' } }] };
    const text = await alertFor(async () => json(400, refused, 'application/graphql-response+json; charset=utf-8'));
    expect(text).toContain('Не удалось загрузить: ошибка на сайте магазина');
    expect(text).not.toContain('соединение');
  });

  it('too many requests: wait, in the API’s words', async () => {
    const limited = { data: null, errors: [{ message: 'Слишком много запросов подряд. Попробуйте снова через 20 с.', extensions: { code: 'RATE_LIMITED' } }] };
    const text = await alertFor(async () => json(200, limited));
    expect(text).toContain('Слишком много запросов подряд. Попробуйте снова через 20 с.');
    expect(text).not.toContain('соединение');
  });
});
