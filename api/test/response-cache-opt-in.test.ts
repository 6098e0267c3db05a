// Guards the response cache's opt-in: a root field is cached only when its definition carries
// @cached, so a field added without thinking about caching (a per-shopper one) is answered fresh
// every time.
import { createSchema, createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { typeDefs } from '../src/graphql/type-defs.ts';
import { buildSchema } from '../src/graphql/schema.ts';
import { cachedRootFields, useCatalogResponseCache } from '../src/http/response-cache.ts';

function countingYoga() {
  const calls = { marked: 0, unmarked: 0 };
  const schema = createSchema({
    typeDefs: /* GraphQL */ `
      directive @cached on FIELD_DEFINITION
      type Query {
        marked: Int! @cached
        unmarked: Int!
      }
    `,
    resolvers: { Query: { marked: () => ++calls.marked, unmarked: () => ++calls.unmarked } },
  });
  const yoga = createYoga({ schema, plugins: [useCatalogResponseCache({ version: () => 1, schema })] });
  const ask = async (query: string) => {
    const res = await yoga.fetch('http://x/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
    return ((await res.json()) as { data: Record<string, number> }).data;
  };
  return { calls, ask };
}

describe('response cache opt-in', () => {
  it('caches a field marked @cached', async () => {
    const { calls, ask } = countingYoga();
    expect(await ask('{ marked }')).toEqual({ marked: 1 });
    expect(await ask('{ marked }')).toEqual({ marked: 1 });
    expect(calls.marked).toBe(1);
  });

  it('never caches an unmarked field, alone or next to a marked one', async () => {
    const { ask } = countingYoga();
    expect(await ask('{ unmarked }')).toEqual({ unmarked: 1 });
    expect(await ask('{ unmarked }')).toEqual({ unmarked: 2 });
    await ask('{ marked unmarked }');
    expect(await ask('{ marked unmarked }')).toEqual({ marked: 2, unmarked: 4 });
  });

  it('keeps per-shopper and per-moment fields of the shop schema out of the cache', () => {
    expect(typeDefs).toContain('directive @cached');
    const fields = cachedRootFields(buildSchema());
    for (const name of ['order', 'paymentInfo', 'resolvePage', 'health', '__schema', '__type']) expect(fields.has(name)).toBe(false);
    for (const name of ['products', 'product', 'menu', 'pageMeta']) expect(fields.has(name)).toBe(true);
  });
});
