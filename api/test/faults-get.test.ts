// Guards GET requests with malformed URL parameters: variables or extensions that are not JSON get 400 BAD_REQUEST (they were a 500), while valid GETs still answer and mutations over GET stay refused.
import { expect, it } from 'vitest';
import { describeDrivers } from './test-env.ts';

describeDrivers('GET with malformed parameters', (env) => {
  const get = async (query: string) => {
    const res = await env().request(`/api/graphql?${query}`);
    return { status: res.status, body: (await res.json()) as { data?: unknown; errors?: { message: string; extensions?: { code?: string } }[] } };
  };

  it('answers non-JSON variables and extensions with 400 BAD_REQUEST, never a 500 or a stack trace', async () => {
    for (const q of ['query=%7Bhealth%7D&variables=abc', "query=abc&variables='%3B%20DROP%20TABLE%20orders%3B--", 'query=%7Bhealth%7D&extensions=%7B', 'query=%7Bhealth%7D&variables=%3Cscript%3E']) {
      const { status, body } = await get(q);
      expect(status, q).toBe(400);
      expect(body.errors?.[0]?.extensions?.code, q).toBe('BAD_REQUEST');
      expect(body.errors?.[0]?.message, q).toMatch(/не является корректным JSON/);
      expect(JSON.stringify(body)).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
    }
  });

  it('still answers valid GETs and refuses mutations over GET', async () => {
    expect(await get('query=%7Bhealth%7D&variables=%7B%7D')).toEqual({ status: 200, body: { data: { health: true } } });
    const q = encodeURIComponent('query($id: ID!) { product(id: $id) { id } }');
    expect((await get(`query=${q}&variables=${encodeURIComponent('{"id":"424242"}')}`)).body).toEqual({ data: { product: null } });
    const mutation = await get(`query=${encodeURIComponent('mutation { createOrder(input: {idempotencyKey: "x", orderData: {}, items: []}) { success } }')}`);
    expect(mutation.status).toBe(405);
  });
});
