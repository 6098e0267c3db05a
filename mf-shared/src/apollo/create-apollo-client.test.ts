import { ApolloClient, ApolloLink, gql, InMemoryCache } from '@apollo/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApolloClient, shareDocumentWork } from './create-apollo-client.ts';

const MENU = gql`
  query Menu {
    menu {
      id
      name
    }
  }
`;

describe('Apollo client', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps a catalogue answer for the TTL and asks the network again after it', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const fetchMock: typeof fetch = async () => {
      calls += 1;
      return new Response(JSON.stringify({ data: { menu: [{ __typename: 'MenuItem', id: '1', name: `Обувь ${calls}` }] } }), {
        headers: { 'content-type': 'application/json' },
      });
    };
    const client = createApolloClient({ uri: 'http://api.invalid/graphql', catalogueTtlMs: 1000, fetch: fetchMock });
    const first = await client.query({ query: MENU });
    vi.advanceTimersByTime(500);
    const cached = await client.query({ query: MENU });
    expect(calls).toBe(1);
    expect(cached.data).toEqual(first.data);
    vi.advanceTimersByTime(1001);
    const fresh = await client.query({ query: MENU });
    expect(calls).toBe(2);
    expect((fresh.data as { menu: { name: string }[] }).menu[0]?.name).toBe('Обувь 2');
  });

  it('lets server renders share the work on a query document, never its answers', async () => {
    const answering = (name: string): typeof fetch => async () =>
      new Response(JSON.stringify({ data: { menu: [{ __typename: 'MenuItem', id: '1', name }] } }), {
        headers: { 'content-type': 'application/json' },
      });
    const render = (name: string) => createApolloClient({ uri: 'http://api.invalid/graphql', persisted: false, ssrMode: true, fetch: answering(name) });
    const [a, b] = [render('Обувь'), render('Одежда')];
    // one request's answer stays in its own cache
    expect(((await a.query({ query: MENU })).data as { menu: { name: string }[] }).menu[0]?.name).toBe('Обувь');
    expect(((await b.query({ query: MENU })).data as { menu: { name: string }[] }).menu[0]?.name).toBe('Одежда');
    // the document with __typename added is worked out once for every server client
    expect(a.cache.transformDocument(MENU)).toBe(b.cache.transformDocument(MENU));
    // this Apollo Client still has the private caches it is shared through
    expect(shareDocumentWork(new ApolloClient({ cache: new InMemoryCache(), link: ApolloLink.empty() }), new InMemoryCache())).toBe(true);
    // a browser has one client: its own
    const browser = [createApolloClient({ persisted: false }), createApolloClient({ persisted: false })];
    expect(browser[0]?.cache.transformDocument(MENU)).not.toBe(browser[1]?.cache.transformDocument(MENU));
  });

  it('keeps the resolver answers of a category, a brand and a product with the same id apart, and a redirect apart from its target', async () => {
    const RESOLVE = gql`
      query ResolvePage($path: String!, $query: String) {
        resolvePage(path: $path, query: $query) {
          type
          id
          status
          location
        }
      }
    `;
    const answers: Record<string, object> = {
      '/catalog/obuv': { type: 'CATEGORY', id: '1', status: 200, location: null },
      '/brands/nike': { type: 'BRAND', id: '1', status: 200, location: null },
      '/product/nike-air-max-90': { type: 'PRODUCT', id: '1', status: 200, location: null },
      '/catalog/obuv/': { type: 'CATEGORY', id: '1', status: 301, location: '/catalog/obuv' },
    };
    const fetchMock: typeof fetch = async (_input, init) => {
      const { variables } = JSON.parse(String(init?.body)) as { variables: { path: string } };
      const resolvePage = { __typename: 'ResolvedPage', ...answers[variables.path] };
      return new Response(JSON.stringify({ data: { resolvePage } }), { headers: { 'content-type': 'application/json' } });
    };
    const client = createApolloClient({ uri: 'http://api.invalid/graphql', fetch: fetchMock, persisted: false });
    for (const path of Object.keys(answers)) await client.query({ query: RESOLVE, variables: { path, query: '' } });
    for (const [path, expected] of Object.entries(answers)) {
      const cached = client.readQuery({ query: RESOLVE, variables: { path, query: '' } }) as { resolvePage: object } | null;
      expect(cached?.resolvePage).toEqual({ __typename: 'ResolvedPage', ...expected });
    }
  });

  it('keeps each listing\'s facet counts: a brand counted in one scope does not change its count in another', async () => {
    const FILTERS = gql`
      query Filters($scope: String!) {
        productFilters(scope: $scope) {
          brands {
            id
            name
            count
            selected
          }
        }
      }
    `;
    const fetchMock: typeof fetch = async (_input, init) => {
      const { variables } = JSON.parse(String(init?.body)) as { variables: { scope: string } };
      const count = variables.scope === 'obuv' ? 11 : 3;
      const data = { productFilters: { __typename: 'ProductFilters', brands: [{ __typename: 'BrandFacet', id: '1', name: 'Nike', count, selected: false }] } };
      return new Response(JSON.stringify({ data }), { headers: { 'content-type': 'application/json' } });
    };
    const client = createApolloClient({ uri: 'http://api.invalid/graphql', fetch: fetchMock, persisted: false });
    await client.query({ query: FILTERS, variables: { scope: 'obuv' } });
    await client.query({ query: FILTERS, variables: { scope: 'odezhda' } });
    const obuv = client.readQuery({ query: FILTERS, variables: { scope: 'obuv' } }) as { productFilters: { brands: { count: number }[] } };
    expect(obuv.productFilters.brands[0]?.count).toBe(11);
  });

  it('keeps the menu inside its one answer: the page state has no entry per item, and a browser reads it back whole', async () => {
    const NESTED = gql`
      query Menu {
        menu {
          id
          name
          children {
            id
            name
          }
        }
      }
    `;
    const leaf = (id: string, name: string) => ({ __typename: 'MenuItem', id, name });
    const menu = [
      { ...leaf('1', 'Обувь'), children: [leaf('2', 'Кроссовки'), leaf('3', 'Кеды')] },
      { ...leaf('4', 'Одежда'), children: [] },
    ];
    const answer: typeof fetch = async () => new Response(JSON.stringify({ data: { menu } }), { headers: { 'content-type': 'application/json' } });
    const server = createApolloClient({ uri: 'http://api.invalid/graphql', persisted: false, ssrMode: true, fetch: answer });
    await server.query({ query: NESTED });
    const state = server.cache.extract();
    expect(Object.keys(state as object).filter((key) => key.startsWith('MenuItem'))).toEqual([]);
    const browser = createApolloClient({ uri: 'http://api.invalid/graphql', persisted: false, fetch: () => Promise.reject(new Error('no network')) });
    browser.cache.restore(state);
    expect(browser.readQuery({ query: NESTED })).toEqual({ menu });
  });
});
