// The host's own GraphQL calls are queries: one that met an API replica going away behind the
// balancer is asked once more; a slow API is not asked twice.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { ResolvePageDocument } from '../src/graphql/generated.ts';
import { ApiUnavailableError, createApiClient, sharedCalls } from './api-client.ts';

let server: Server;
afterEach(() => server?.close());

async function api(answers: ((res: import('node:http').ServerResponse) => void)[]) {
  let asked = 0;
  server = createServer((_req, res) => (answers[Math.min(asked++, answers.length - 1)] as (r: typeof res) => void)(res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked: () => asked };
}
const page = { resolvePage: { type: 'HOME', id: null, status: 200, location: null } };
const ok = (res: import('node:http').ServerResponse) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: page }));
const gone = (res: import('node:http').ServerResponse) => res.writeHead(502).end('<html>502 Bad Gateway</html>');

it('asks once more when the balancer answers 502 (the replica went away mid-request)', async () => {
  const { url, asked } = await api([gone, ok]);
  expect(await createApiClient(url)(ResolvePageDocument, { path: '/', query: '' })).toEqual(page);
  expect(asked()).toBe(2);
});

it('asks once more when the connection is reset, and no more than that', async () => {
  const { url, asked } = await api([(res) => res.socket?.destroy()]);
  await expect(createApiClient(url)(ResolvePageDocument, { path: '/', query: '' })).rejects.toBeInstanceOf(ApiUnavailableError);
  expect(asked()).toBe(2);
});

it('does not ask a slow API twice', async () => {
  const { url, asked } = await api([() => undefined]);
  await expect(createApiClient(url, 200)(ResolvePageDocument, { path: '/', query: '' })).rejects.toThrow(/unreachable/);
  expect(asked()).toBe(1);
});

it('shares one request among concurrent identical calls from different shoppers, and asks again after it', async () => {
  const { url, asked } = await api([(res) => setTimeout(() => ok(res), 50)]);
  const query = sharedCalls(createApiClient(url));
  const shoppers = Array.from({ length: 20 }, (_, i) => query(ResolvePageDocument, { path: '/', query: '' }, { 'x-forwarded-for': `10.0.0.${i}` }));
  expect(await Promise.all(shoppers)).toEqual(Array.from({ length: 20 }, () => page));
  expect(asked()).toBe(1);
  // another page, or another catalogue version, is another request
  await Promise.all([query(ResolvePageDocument, { path: '/search', query: '' }), query(ResolvePageDocument, { path: '/', query: '' }, { 'x-catalog-version': '8' })]);
  expect(asked()).toBe(3);
  await query(ResolvePageDocument, { path: '/', query: '' });
  expect(asked()).toBe(4);
});
