// Trusted documents: in production only registered operations run, sent by id; a release
// registers its operations through the ops route, which refuses what would not be safe to run.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createApi } from '../src/http/app.ts';
import { describeDrivers, type TestEnv } from './test-env.ts';

const TOKEN = 'test-ops-token-persisted-0123';
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const op = (body: string, name?: string) => ({ id: sha256(body), body, name: name ?? null, type: 'query' });

// as Apollo sends it: __typename in every selection below the root
const MENU = 'query Menu {\n  menu {\n    id\n    name\n    __typename\n  }\n}';
const LISTING = `query Listing($limit: Int!) {
  products(type: MODEL, scope: {}, limit: $limit) {
    totalCount
    items {
      id
      name
      __typename
    }
    __typename
  }
}`;

interface Answer {
  status: number;
  body: { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: { code?: string; refused?: { name: string | null; reason: string }[] } }[] };
}

async function answer(res: Response): Promise<Answer> {
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

function byId(env: TestEnv, id: string, variables: Record<string, unknown> = {}) {
  return env
    .request('/api/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ variables, extensions: { persistedQuery: { version: 1, sha256Hash: id } } }),
    })
    .then(answer);
}

function register(env: TestEnv, operations: unknown[], extra: Record<string, unknown> = {}, token = TOKEN) {
  return env
    .request('/api/ops/operations', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ app: 'mf-catalog', version: '0.1.0-test', by: 'test', operations, ...extra }),
    })
    .then(answer);
}

describe('GRAPHQL_ARBITRARY_OPERATIONS', () => {
  it('refuses arbitrary documents under NODE_ENV=production unless the setting allows them', () => {
    // (a production API needs a payment provider: PAYMENT_SANDBOX=1 stands in for one here)
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_SANDBOX: '1' }).arbitraryOperations).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_SANDBOX: '1', GRAPHQL_ARBITRARY_OPERATIONS: 'true' }).arbitraryOperations).toBe(true);
    expect(loadConfig({}).arbitraryOperations).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', GRAPHQL_ARBITRARY_OPERATIONS: 'off' }).arbitraryOperations).toBe(false);
    expect(() => loadConfig({ GRAPHQL_ARBITRARY_OPERATIONS: 'maybe' })).toThrow(/GRAPHQL_ARBITRARY_OPERATIONS/);
  });
});

describeDrivers(
  'trusted documents in production',
  (env) => {
    it('refuses any document that is not sent by a registered id', async () => {
      const post = await env().gql('{ menu { id name } }');
      expect(post.status).toBe(400);
      expect(post.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_ONLY');
      expect(post.errors?.[0]?.message).toMatch(/зарегистрированные/);
      expect(post.data).toBeUndefined();
      // a registered operation's own text, sent as text, is still an arbitrary document
      const asText = await env().gql(MENU);
      expect(asText.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_ONLY');
      const get = await answer(await env().request(`/api/graphql?query=${encodeURIComponent('{ __schema { types { name } } }')}`));
      expect(get.status).toBe(400);
      expect(get.body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_ONLY');
      // a document with a made-up id beside it (Apollo's registration request) is refused too
      const both = await env().request('/api/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ menu { id } }', extensions: { persistedQuery: { version: 1, sha256Hash: sha256('{ menu { id } }') } } }),
      });
      expect(((await answer(both)).body.errors ?? [])[0]?.extensions?.code).toBe('PERSISTED_QUERY_ONLY');
    });

    it('refuses an unknown or malformed id with PERSISTED_QUERY_NOT_FOUND', async () => {
      for (const id of [sha256('query Nope { menu { id } }'), 'x'.repeat(64), '../../etc/passwd', '']) {
        const res = await byId(env(), id);
        expect(res.status).toBe(400);
        expect(res.body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
        expect(res.body.errors?.[0]?.message).toMatch(/не зарегистрирована/);
      }
      const nothing = await answer(await env().request('/api/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }));
      expect(nothing.status).toBe(400);
      expect(nothing.body.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    });

    it('runs a registered operation by its id, with variables, by POST and GET', async () => {
      const registered = await register(env(), [op(MENU, 'Menu'), op(LISTING, 'Listing')]);
      expect(registered.status).toBe(200);
      expect(registered.body).toMatchObject({ operations: 2, registered: 2 });
      const menu = await byId(env(), sha256(MENU));
      expect(menu.status).toBe(200);
      expect((menu.body.data?.menu as { __typename: string }[] | undefined)?.[0]?.__typename).toBe('MenuItem');
      const listing = await byId(env(), sha256(LISTING), { limit: 3 });
      expect((listing.body.data?.products as { items: unknown[] } | undefined)?.items).toHaveLength(3);
      // variables are still checked at run time
      const tooMany = await byId(env(), sha256(LISTING), { limit: 100_000 });
      expect(tooMany.body.errors?.[0]?.extensions?.code).toMatch(/BAD_USER_INPUT|QUERY_TOO_COMPLEX/);
      const extensions = encodeURIComponent(JSON.stringify({ persistedQuery: { version: 1, sha256Hash: sha256(LISTING) } }));
      const get = await answer(await env().request(`/api/graphql?variables=${encodeURIComponent('{"limit":2}')}&extensions=${extensions}`));
      expect(get.status).toBe(200);
      expect((get.body.data?.products as { items: unknown[] } | undefined)?.items).toHaveLength(2);
    });

    it('answers a repeated id from the response cache, like a repeated text', async () => {
      const first = await byId(env(), sha256(MENU));
      const name = (first.body.data?.menu as { name: string }[] | undefined)?.[0]?.name;
      // changed underneath without a new catalogue version: only a cached answer still has the old name
      await env().database.db.execute(sql`UPDATE menu_items SET name = name || ' (изменено)'`);
      for (const res of [await byId(env(), sha256(MENU)), await byId(env(), sha256(MENU))]) {
        expect((res.body.data?.menu as { name: string }[] | undefined)?.[0]?.name).toBe(name);
      }
      // by GET too (same document and variables: the same entry)
      const extensions = encodeURIComponent(JSON.stringify({ persistedQuery: { version: 1, sha256Hash: sha256(MENU) } }));
      const get = await answer(await env().request(`/api/graphql?extensions=${extensions}`));
      expect((get.body.data?.menu as { name: string }[] | undefined)?.[0]?.name).toBe(name);
    });

    it('runs an id another API process registered (same database)', async () => {
      const other = await createApi({ db: env().database.db, config: env().config, catalogPollMs: 0, logging: false });
      const body = 'query Other {\n  topBrands(limit: 2) {\n    id\n    __typename\n  }\n}';
      const res = await other.fetch('http://localhost/api/ops/operations', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
        body: JSON.stringify({ app: 'host', version: '0.1.0', by: 'test', operations: [op(body, 'Other')] }),
      });
      expect(res.status).toBe(200);
      other.close();
      // this process re-reads the table for an unknown id at most once a second
      await new Promise((r) => setTimeout(r, 1100));
      expect((await byId(env(), sha256(body))).status).toBe(200);
    });

    it('registers idempotently: the same release again changes nothing', async () => {
      const again = await register(env(), [op(MENU, 'Menu'), op(LISTING, 'Listing')]);
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ operations: 2, registered: 0 });
      // another release using the same operation records it too
      expect((await register(env(), [op(MENU, 'Menu')], { version: '0.2.0-test' })).body).toMatchObject({ registered: 1 });
    });

    it('refuses to register what would be unsafe or broken to run, and registers nothing of that release', async () => {
      const fine = op('query Fine {\n  topBrands(limit: 3) {\n    id\n    __typename\n  }\n}', 'Fine');
      const aliases = `query Aliases {\n${Array.from({ length: 60 }, (_, i) => `a${i}: products(type: MODEL, scope: {}, limit: 100) { items { id variants { id thumbnail { src } } } }`).join('\n')}\n}`;
      const deep = `query Deep { menu { ${'children { '.repeat(14)}id${' }'.repeat(14)} } }`;
      const costly = `query Costly($n: Int!) { products(type: OFFER, scope: {}, limit: $n) { items { id } } }
        query Second { menu { id } }`;
      const bad = [
        op(aliases, 'Aliases'),
        op(deep, 'Deep'),
        op('query Broken { menu { id ', 'Broken'),
        op('query Unknown { secretAdminField }', 'Unknown'),
        op(costly, 'TwoOps'),
        op('fragment F on MenuItem { id }', 'OnlyFragment'),
        { ...op('query Swapped { menu { id } }', 'Swapped'), body: 'mutation { createOrder(input: {}) { number } }' },
      ];
      const res = await register(env(), [fine, ...bad]);
      expect(res.status).toBe(400);
      expect(res.body.errors?.[0]?.extensions?.code).toBe('OPERATIONS_REFUSED');
      const reasons = Object.fromEntries((res.body.errors?.[0]?.extensions?.refused ?? []).map((r) => [r.name, r.reason]));
      expect(Object.keys(reasons).sort()).toEqual(['Aliases', 'Broken', 'Deep', 'OnlyFragment', 'Swapped', 'TwoOps', 'Unknown']);
      expect(reasons.Aliases).toMatch(/QUERY_TOO_COMPLEX/);
      expect(reasons.Deep).toMatch(/QUERY_TOO_DEEP/);
      expect(reasons.Broken).toMatch(/parse/);
      expect(reasons.Unknown).toMatch(/schema/);
      expect(reasons.Swapped).toMatch(/sha256/);
      // all or nothing: the valid one of the refused release does not run
      expect((await byId(env(), fine.id)).body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
      // a single costly operation (each limit counted at its maximum, 100)
      // 14 listings of $n cards (under the alias limit): cheap with n = 1 (~9,500), over the cost
      // limit at the largest n a request may pass (~113,000)
      const listings = Array.from({ length: 14 }, (_, i) => `l${i}: products(type: OFFER, scope: {}, limit: $n) { items { id name sku variants { id name color thumbnail { src width height } } } }`);
      const costlyOne = `query Offers($n: Int!) {\n${listings.join('\n')}\n}`;
      const one = await register(env(), [op(costlyOne, 'Offers')]);
      expect(one.body.errors?.[0]?.extensions?.refused?.[0]?.reason).toMatch(/QUERY_TOO_COMPLEX: .*стоимость/);
    });

    it('guards the route: ops token, body size, shape', async () => {
      expect((await register(env(), [op(MENU)], {}, '')).status).toBe(401);
      expect((await register(env(), [op(MENU)], {}, 'wrong-token')).status).toBe(401);
      const huge = await register(env(), [op(`query Big { menu { id } } # ${'x'.repeat(1_100_000)}`)]);
      expect(huge.status).toBe(413);
      const shape = await register(env(), [{ id: 'nope', body: '' }], { app: '../../x', version: 'a b' });
      expect(shape.status).toBe(400);
      expect(shape.body.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
      const get = await env().request('/api/ops/operations', { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(get.status).toBe(405);
    });
  },
  { arbitraryOperations: false, opsToken: TOKEN },
);

describeDrivers(
  'trusted documents when the ops setting allows arbitrary documents',
  (env) => {
    it('runs an arbitrary document and still runs registered ids', async () => {
      const res = await env().gql('{ menu { id name } }');
      expect(res.status).toBe(200);
      expect(Array.isArray(res.data?.menu)).toBe(true);
      expect((await register(env(), [op(MENU, 'Menu')])).status).toBe(200);
      expect((await byId(env(), sha256(MENU))).status).toBe(200);
    });
  },
  { arbitraryOperations: true, opsToken: TOKEN },
);

describeDrivers('trusted documents without an ops token', (env) => {
  it('refuses every registration', async () => {
    const res = await register(env(), [op(MENU)]);
    expect(res.status).toBe(403);
    expect(res.body.errors?.[0]?.extensions?.code).toBe('OPS_DISABLED');
  });
});
