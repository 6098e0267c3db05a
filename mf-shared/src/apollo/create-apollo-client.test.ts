import { gql } from '@apollo/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApolloClient } from './create-apollo-client.ts';

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
});
