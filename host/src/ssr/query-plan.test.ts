import { ApolloClient, ApolloLink, gql, InMemoryCache, Observable } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { createQueryPlans, type PlannedQuery } from './query-plan.tsx';

const PRODUCTS = gql`
  query PlannedProducts($search: String) {
    products(search: $search) {
      id
      name
    }
  }
`;
const MENU = gql`
  query PlannedMenu {
    menu {
      id
      title
    }
  }
`;

type Answer = { data?: unknown; errors?: { message: string }[] } | Error;

/** A render's client whose API answers each operation by name, recording what was asked. */
function renderClient(answers: Record<string, Answer>) {
  const asked: string[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        asked.push(operation.operationName ?? '');
        const answer = answers[operation.operationName ?? ''];
        if (!answer || answer instanceof Error) observer.error(answer ?? new Error('no answer'));
        else {
          observer.next(answer as never);
          observer.complete();
        }
      }),
  );
  return { client: new ApolloClient({ link, cache: new InMemoryCache(), ssrMode: true }), asked };
}

const products = { products: [{ __typename: 'Product', id: '1', name: 'Nike Dunk Low' }] };
const menu = { menu: [{ __typename: 'MenuItem', id: 'm1', title: 'Обувь' }] };
const prefetch = (client: ApolloClient, plan: PlannedQuery[]) =>
  createQueryPlans().prefetch(client, plan, AbortSignal.timeout(5000));

describe('a page’s planned queries before its render', () => {
  it('puts each answer in the render’s cache, so the render asks the API nothing again', async () => {
    const { client, asked } = renderClient({ PlannedProducts: { data: products }, PlannedMenu: { data: menu } });
    await prefetch(client, [{ query: PRODUCTS, variables: { search: 'nike' } }, { query: MENU }]);
    expect(asked.sort()).toEqual(['PlannedMenu', 'PlannedProducts']);
    const read = await client.query({ query: PRODUCTS, variables: { search: 'nike' } });
    expect(read.data).toEqual(products);
    expect(client.cache.readQuery({ query: MENU })).toEqual(menu);
    expect(asked).toHaveLength(2);
  });

  it('does not ask for what the cache already holds', async () => {
    const { client, asked } = renderClient({ PlannedMenu: { data: menu } });
    client.cache.writeQuery({ query: MENU, data: menu });
    await prefetch(client, [{ query: MENU }]);
    expect(asked).toEqual([]);
  });

  it('leaves an answer with errors to the render, unless the query lets errors through', async () => {
    const withErrors = { data: products, errors: [{ message: 'поиск недоступен' }] };
    const strict = renderClient({ PlannedProducts: withErrors });
    await prefetch(strict.client, [{ query: PRODUCTS, variables: { search: 'nike' } }]);
    expect(strict.client.cache.readQuery({ query: PRODUCTS, variables: { search: 'nike' } })).toBeNull();

    const lenient = renderClient({ PlannedProducts: withErrors });
    await prefetch(lenient.client, [{ query: PRODUCTS, variables: { search: 'nike' }, errorPolicy: 'all' }]);
    expect(lenient.client.cache.readQuery({ query: PRODUCTS, variables: { search: 'nike' } })).toEqual(products);
  });

  it('writes the answers that came when another query of the plan fails', async () => {
    const { client } = renderClient({ PlannedProducts: new Error('API unreachable'), PlannedMenu: { data: menu } });
    await prefetch(client, [{ query: PRODUCTS, variables: { search: 'nike' } }, { query: MENU }]);
    expect(client.cache.readQuery({ query: PRODUCTS, variables: { search: 'nike' } })).toBeNull();
    expect(client.cache.readQuery({ query: MENU })).toEqual(menu);
  });
});
