// Guards bad input and abuse: every malformed, oversized, over-deep, over-costly or hostile
// request gets a coded GraphQL error with a clear message, never a 500 or a stack trace.
import { expect, it } from 'vitest';
import { describeDrivers } from './test-env.ts';

function expectCoded(res: { status: number; errors?: { message: string; extensions?: { code?: string } }[] }, code: string) {
  expect(res.status).toBeLessThan(500);
  expect(res.errors?.[0]?.extensions?.code).toBe(code);
  expect(JSON.stringify(res.errors)).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
}

describeDrivers('bad input and abuse', (env) => {
  const post = (body: BodyInit, headers: Record<string, string> = {}) =>
    env().request('/api/graphql', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  const asJson = async (res: Response) => ({ status: res.status, ...(await res.json()) });

  it('answers malformed queries, unknown fields and wrong types with codes', async () => {
    expectCoded(await env().gql('{ categories { id '), 'GRAPHQL_PARSE_FAILED');
    expectCoded(await env().gql('{ nope }'), 'GRAPHQL_VALIDATION_FAILED');
    expectCoded(await env().gql('{ products(limit: "x") { totalCount } }'), 'GRAPHQL_VALIDATION_FAILED');
    expectCoded(await env().gql('{ products(limit: 3000000000) { totalCount } }'), 'GRAPHQL_VALIDATION_FAILED');
    expectCoded(await env().gql('{ products(sort: CHEAPEST) { totalCount } }'), 'GRAPHQL_VALIDATION_FAILED');
    expectCoded(await env().gql('query($l: Int) { products(limit: $l) { totalCount } }', { l: 'x' }), 'BAD_USER_INPUT');
    expectCoded(await env().gql('query($id: ID!) { category(id: $id) { id } }', {}), 'BAD_USER_INPUT');
    expectCoded(await asJson(await post('{not json')), 'BAD_REQUEST');
    expectCoded(await asJson(await post('[1,2]')), 'BAD_REQUEST');
  });

  it('rejects oversized bodies with 413, with or without a Content-Length', async () => {
    const big = JSON.stringify({ query: '{ health }', variables: { x: 'я'.repeat(120_000) } });
    const withLength = await post(big);
    expect(withLength.status).toBe(413);
    expectCoded(await asJson(withLength), 'PAYLOAD_TOO_LARGE');
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(big));
        c.close();
      },
    });
    const chunked = await env().request('/api/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: stream, duplex: 'half' } as RequestInit);
    expect(chunked.status).toBe(413);
    expectCoded(await env().gql(`{ ${'health '.repeat(6000)} }`), 'GRAPHQL_PARSE_FAILED');
  });

  it('rejects over-deep and over-costly queries', async () => {
    let deep = 'id';
    for (let i = 0; i < 14; i++) deep = `children { ${deep} }`;
    const tooDeep = await env().gql(`{ categories { ${deep} } }`);
    expectCoded(tooDeep, 'QUERY_TOO_DEEP');
    expect(tooDeep.errors?.[0]?.message).toMatch(/глубокий/);
    const item = 'items { id name variants { id name thumbnail { src } } gallery { url } offers { id size } technicalAttributes { name } brand { name } }';
    const aliases = Array.from({ length: 30 }, (_, i) => `a${i}: products(limit: 100) { ${item} }`).join(' ');
    const costly = await env().gql(`{ ${aliases} }`);
    expectCoded(costly, 'QUERY_TOO_COMPLEX');
    // a limit passed as a variable counts the same as one written inline
    const viaVars = await env().gql(`query($l: Int) { ${aliases.replace(/limit: 100/g, 'limit: $l')} }`, { l: 100 });
    expectCoded(viaVars, 'QUERY_TOO_COMPLEX');
    // an ordinary listing page is well within the limits
    expect((await env().gql(`{ products(limit: 48) { totalCount ${item} } }`)).errors).toBeUndefined();
  });

  it('rejects negative and huge offsets and limits with BAD_USER_INPUT', async () => {
    for (const args of ['offset: -1', 'limit: 0', 'limit: -5', 'limit: 101', 'offset: 100001']) {
      const res = await env().gql(`{ products(${args}) { totalCount } }`);
      expectCoded(res, 'BAD_USER_INPUT');
      expect(res.errors?.[0]?.message).toMatch(/offset|limit/);
    }
    expectCoded(await env().gql('{ brands(limit: 1000) { totalCount } }'), 'BAD_USER_INPUT');
    expectCoded(await env().gql('{ products(filter: { priceFrom: -1 }) { totalCount } }'), 'BAD_USER_INPUT');
  });

  it('gives null for unknown ids and BAD_USER_INPUT for malformed ones', async () => {
    const d = await env().data('{ category(id: "424242") { id } brand(id: "424242") { id } product(id: "424242") { id } productModel(id: "424242") { id } offers(productIds: ["424242"]) { id } }');
    expect(d).toEqual({ category: null, brand: null, product: null, productModel: null, offers: [] });
    for (const id of ['abc', '-1', '0', '1.5', '99999999999', "1' OR '1'='1"]) {
      expectCoded(await env().gql('query($id: ID!) { product(id: $id) { id } }', { id }), 'BAD_USER_INPUT');
    }
    expectCoded(await env().gql('{ products(filter: { brandIds: ["x"] }) { totalCount } }'), 'BAD_USER_INPUT');
    expectCoded(await env().gql('{ products(filter: { properties: [{ propertyId: "nope", values: ["1"] }] }) { totalCount } }'), 'BAD_USER_INPUT');
  });

  it('treats injection attempts in every string argument as plain data', async () => {
    const evil = ["'; DROP TABLE products; --", '" OR 1=1 --', '<script>alert(1)</script>', '../../etc/passwd', '%00', `$${'{'}jndi:ldap://x}`, 'а\u0301\u202e'];
    for (const s of evil) {
      const res = await env().gql(
        `query($s: String!) {
          products(scope: { search: $s }, filter: { properties: [{ propertyId: "size", values: [$s] }] }) { totalCount }
          productFilters(scope: { search: $s }) { totalCount }
          resolvePage(path: "/catalog", query: $s) { status }
          pageMeta(type: SEARCH, query: $s) { title }
          order(number: $s, key: $s) { id }
        }`,
        { s },
      );
      expect(res.errors, s).toBeUndefined();
      const page = await env().gql('query($p: String!) { resolvePage(path: $p) { status } }', { p: `/${s}` });
      expect(page.data.resolvePage.status, s).toBe(404);
    }
    expectCoded(await env().gql('query($s: String!) { products(scope: { search: $s }) { totalCount } }', { s: 'nike\u0000' }), 'BAD_USER_INPUT');
    expectCoded(await env().gql('query($s: String!) { products(scope: { search: $s }) { totalCount } }', { s: 'x'.repeat(201) }), 'BAD_USER_INPUT');
    const d = await env().data('{ products { totalCount } categories { id } }');
    expect(d.products.totalCount).toBe(153);
    expect(d.categories).toHaveLength(8);
  });

  it('masks unexpected errors without leaking internals', async () => {
    // a document with two anonymous operations is a coded error, not a crash
    expectCoded(await env().gql('{ health } { health }'), 'OPERATION_RESOLUTION_FAILURE');
    const get = await env().request('/api/graphql?query=%7Bhealth%7D');
    expect(get.status).toBe(200);
    expect(await get.json()).toEqual({ data: { health: true } });
  });
});
