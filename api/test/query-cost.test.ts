// Guards the query-cost limit against the shop's own queries: every operation the front ends
// send (the .graphql documents of host and the remotes), with every `limit` at its maximum,
// stays well inside the limits, and a card listing with its offers runs at any page size,
// while the abusive documents of abuse.test.ts are still refused.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type FragmentDefinitionNode, Kind, type OperationDefinitionNode, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildSchema } from '../src/graphql/schema.ts';
import { defaultLimits, measure } from '../src/http/query-limits.ts';
import { describeDrivers } from './test-env.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const sourceDirs = readdirSync(root)
  .filter((d) => d === 'host' || d.startsWith('mf-'))
  .map((d) => join(root, d, 'src'));
const documents = sourceDirs.flatMap((dir) =>
  (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.graphql')).map((f) => ({ file: join(dir, f), doc: parse(readFileSync(join(dir, f), 'utf8')) })),
);
const fragments: Record<string, FragmentDefinitionNode> = {};
for (const { doc } of documents) for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments[d.name.value] = d;
const operations = documents.flatMap(({ file, doc }) =>
  doc.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION).map((op) => ({ file, op })),
);
const MAX_LIMIT = 100;

// a product card with its sizes and prices: what a listing would ask to show «от» and sizes on each card
const CARD_WITH_OFFERS = `query($limit: Int) { products(limit: $limit) { totalCount searchWords items { ...ProductCardFields sizes inStock
  offers { id productId size sku priceInRUB stock soldOut } } } }`;

describe('the shop’s own queries against the cost and depth limits', () => {
  const schema = buildSchema();
  it('finds the front ends’ documents', () => {
    expect(operations.length).toBeGreaterThanOrEqual(10);
    expect(operations.map((o) => o.op.name?.value)).toEqual(expect.arrayContaining(['ListingProducts', 'ProductPage', 'Menu', 'CreateOrder']));
  });

  it.each(operations.map((o) => [o.op.name?.value ?? '(anonymous)', o] as const))('%s costs under 40%% of the limit with every limit at its maximum', (_, { op }) => {
    const vars = Object.fromEntries((op.variableDefinitions ?? []).filter((v) => /limit/i.test(v.variable.name.value)).map((v) => [v.variable.name.value, MAX_LIMIT]));
    const { cost, depth } = measure(schema, op, fragments, vars);
    expect(cost).toBeLessThanOrEqual(defaultLimits.maxCost * 0.4);
    expect(depth).toBeLessThanOrEqual(defaultLimits.maxDepth - 4);
  });

  it('a card listing with its offers: 24 items well inside the limit, 100 items inside it', () => {
    const op = parse(CARD_WITH_OFFERS).definitions[0] as OperationDefinitionNode;
    expect(measure(schema, op, fragments, { limit: 24 }).cost).toBeLessThanOrEqual(defaultLimits.maxCost * 0.2);
    expect(measure(schema, op, fragments, { limit: MAX_LIMIT }).cost).toBeLessThanOrEqual(defaultLimits.maxCost * 0.8);
  });
});

describeDrivers('the shop’s listing with offers over HTTP', (env) => {
  const fragmentText = (name: string) => {
    for (const { file, doc } of documents) {
      if (doc.definitions.some((d) => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === name)) return readFileSync(file, 'utf8');
    }
    throw new Error(`fragment ${name} not found`);
  };
  it('runs at 24 and at 100 items without QUERY_TOO_COMPLEX', async () => {
    const query = `${CARD_WITH_OFFERS}\n${fragmentText('ProductCardFields')}`;
    for (const limit of [24, MAX_LIMIT]) {
      const res = await env().gql(query, { limit });
      expect(res.errors, `limit ${limit}`).toBeUndefined();
      expect(res.data.products.items.length).toBe(limit);
      expect(res.data.products.items[0].offers.length).toBeGreaterThan(0);
    }
  });
});
