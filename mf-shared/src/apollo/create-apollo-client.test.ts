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
});
