// Guards the query limits: every operation the front ends send (the .graphql documents of host
// and the remotes), with every variable at its worst, stays well inside them; the check itself
// is linear in the document (fragment diamonds are refused after a walk of the document, not
// of its 2^k paths); introspection, id lists and aliases of database-backed fields are costed
// for what they really do; subscriptions get a coded 400, never a 500.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DocumentNode, type FragmentDefinitionNode, getIntrospectionQuery, getNullableType, isListType, isObjectType, Kind, type OperationDefinitionNode, parse, print, validate, visit } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { buildSchema } from '../src/graphql/schema.ts';
import { createApi } from '../src/http/app.ts';
import { checkDocument, DB_ROUND_TRIP, defaultLimits, LIST_SIZE, MAX_NESTING, measure, nestingDepth, parseWithinLimits, type QueryLimits } from '../src/graphql/query-limits.ts';
import { describeDrivers, type GqlResponse } from './test-env.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const sourceDirs = readdirSync(root)
  .filter((d) => d === 'host' || d.startsWith('mf-'))
  .map((d) => join(root, d, 'src'));
const documents = sourceDirs.flatMap((dir) =>
  (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.graphql')).map((f) => ({ file: join(dir, f), text: readFileSync(join(dir, f), 'utf8') })),
);
const parsed = documents.map((d) => ({ ...d, doc: parse(d.text) }));
const fragments: Record<string, FragmentDefinitionNode> = {};
for (const { doc } of parsed) for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments[d.name.value] = d;
const operations = parsed.flatMap(({ file, doc }) =>
  doc.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION).map((op) => ({ file, op })),
);
const MAX_LIMIT = 100;
const production: QueryLimits = { ...defaultLimits, introspection: false };
const schema = buildSchema();

/** An operation with the fragments it spreads, as one document (what a client sends). */
function withFragments(op: OperationDefinitionNode): DocumentNode {
  const needed = new Set<string>();
  const collect = (node: OperationDefinitionNode | FragmentDefinitionNode) =>
    visit(node, {
      FragmentSpread(spread) {
        if (needed.has(spread.name.value)) return;
        needed.add(spread.name.value);
        collect(fragments[spread.name.value] as FragmentDefinitionNode);
      },
    });
  collect(op);
  return { kind: Kind.DOCUMENT, definitions: [op, ...[...needed].map((n) => fragments[n] as FragmentDefinitionNode)] };
}

const opOf = (text: string) => parse(text).definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION) as OperationDefinitionNode;
const fragmentsIn = (text: string) => {
  const out: Record<string, FragmentDefinitionNode> = {};
  for (const d of parse(text).definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) out[d.name.value] = d;
  return out;
};
const costOf = (text: string, vars?: Record<string, unknown>) => measure(schema, opOf(text), fragmentsIn(text), vars).cost;
const check = (text: string, limits: QueryLimits = defaultLimits, vars?: Record<string, unknown>) => checkDocument(schema, parse(text, { maxTokens: limits.maxTokens }), limits, vars);
/** Selections in a document: what a linear walk may visit (twice: fragments are measured per context). */
const selectionCount = (text: string) => (text.match(/\.\.\.|[A-Za-z_]\w*\s*(?=[{}\s(])/g) ?? []).length;

/** k levels; fragments A_i and B_i each spread A_{i+1} and B_{i+1}: 2^k paths to the last level. */
function diamond(k: number, type = 'Category', field = 'id', around = (s: string) => `categories { ${s} }`) {
  const defs: string[] = [];
  for (let i = 0; i < k; i++) for (const p of ['A', 'B']) defs.push(`fragment ${p}${i} on ${type} { ${field} ...A${i + 1} ...B${i + 1} }`);
  defs.push(`fragment A${k} on ${type} { ${field} }`, `fragment B${k} on ${type} { ${field} }`);
  return `{ ${around('...A0 ...B0')} }\n${defs.join('\n')}`;
}

/** Three spreads per level (3^k paths), through a list field on every level. */
function fan(k: number) {
  const defs: string[] = [];
  for (let i = 0; i < k; i++) defs.push(`fragment F${i} on Product { id ...F${i + 1} ...F${i + 1} ...G${i + 1} }`, `fragment G${i} on Product { name ...F${i + 1} }`);
  defs.push(`fragment F${k} on Product { sku }`, `fragment G${k} on Product { sku }`);
  return `{ products(limit: 1) { items { ...F0 } } }\n${defs.join('\n')}`;
}

/** n aliases of __schema, each spreading a fragment with m aliases of its type list. */
function introspectionAmplifier(n: number, m: number) {
  const types = Array.from({ length: m }, (_, j) => `t${j}: types { name fields { name args { name } type { name ofType { name } } } }`).join(' ');
  return `{ ${Array.from({ length: n }, (_, i) => `s${i}: __schema { ...T }`).join(' ')} }\nfragment T on __Schema { ${types} }`;
}

const aliases = (n: number, field: string) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: ${field.replaceAll('$i', String(i))}`).join(' ')} }`;
const noAliasLimit: QueryLimits = { ...defaultLimits, maxAliases: 100_000 };

describe('the shop’s own queries against the limits', () => {
  it('finds the front ends’ documents', () => {
    expect(operations.length).toBeGreaterThanOrEqual(10);
    expect(operations.map((o) => o.op.name?.value)).toEqual(expect.arrayContaining(['ListingProducts', 'ProductPage', 'Menu', 'Sitemap', 'CreateOrder']));
  });

  it.each(operations.map((o) => o.op.name?.value ?? '(anonymous)'))('%s costs under 0.4 × the limit with every variable at its worst, and passes in production', (name) => {
    const { op } = operations.find((o) => (o.op.name?.value ?? '(anonymous)') === name) as (typeof operations)[number];
    // no variables: every limit at 100, every id list at 200 ids, every search present
    const { cost, depth } = measure(schema, op, fragments);
    expect(cost).toBeLessThanOrEqual(defaultLimits.maxCost * 0.4);
    expect(depth).toBeLessThanOrEqual(defaultLimits.maxDepth - 4);
    const document = withFragments(op);
    expect(validate(schema, document)).toEqual([]);
    expect(checkDocument(schema, document, production)).toBeNull();
  });

  it('a card listing with its offers: 24 items well inside the limit, 100 items inside it', () => {
    const cardWithOffers = `query($limit: Int) { products(limit: $limit) { totalCount searchWords items { ...ProductCardFields sizes inStock
      offers { id productId size sku priceInRUB stock soldOut } } } }`;
    const op = opOf(cardWithOffers);
    expect(measure(schema, op, fragments, { limit: 24 }).cost).toBeLessThanOrEqual(defaultLimits.maxCost * 0.2);
    expect(measure(schema, op, fragments, { limit: MAX_LIMIT }).cost).toBeLessThanOrEqual(defaultLimits.maxCost * 0.8);
    // a limit passed as a variable costs what the same limit written inline does
    const inline = cardWithOffers.replace('($limit: Int)', '').replace('$limit', '37');
    expect(measure(schema, op, fragments, { limit: 37 }).cost).toBe(measure(schema, opOf(inline), fragments, {}).cost);
  });

  it('gives every list field of the schema a size: its limit, an id list or a realistic maximum', () => {
    const unsized: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith('__')) continue;
      for (const field of Object.values(type.getFields())) {
        const key = `${type.name}.${field.name}`;
        if (!isListType(getNullableType(field.type)) || key === 'Query.offers' || key === 'Query.cartOffers' || field.args.some((a) => a.name === 'limit')) continue;
        if (LIST_SIZE[key] === undefined) unsized.push(key);
      }
    }
    expect(unsized).toEqual([]);
  });
});

describe('the check is linear in the document', () => {
  it.each([30, 40])('refuses a fragment diamond of %i levels after visiting each selection at most twice', (k) => {
    const text = diamond(k);
    const { cost, visits } = measure(schema, opOf(text), fragmentsIn(text));
    // 2^k paths: an exponential walk would visit ~10^9 (k = 30) or ~10^12 (k = 40) selections
    expect(visits).toBeLessThanOrEqual(2 * selectionCount(text));
    expect(cost).toBeGreaterThan(2 ** k);
    expect(check(text)?.extensions.code).toBe('QUERY_TOO_COMPLEX');
  });

  it('refuses fan-outs through lists and diamonds in other types the same way', () => {
    const products = (inner: string) => `products(limit: 1) { items { ${inner} } }`;
    for (const text of [fan(30), diamond(35, 'Product', 'offers { id }', products), diamond(30, 'MenuItem', 'children { id }', (inner) => `menu { ${inner} }`)]) {
      const { visits } = measure(schema, opOf(text), fragmentsIn(text));
      expect(visits).toBeLessThanOrEqual(2 * selectionCount(text));
      expect(check(text)?.extensions.code).toBe('QUERY_TOO_COMPLEX');
    }
  });

  it('a fragment spread at many places is measured once', () => {
    const text = `{ ${Array.from({ length: 12 }, (_, i) => `p${i}: product(id: "${i + 1}") { ...Big }`).join(' ')} }\nfragment Big on Product { ${Array.from({ length: 200 }, (_, i) => `f${i}: name`).join(' ')} }`;
    const { visits } = measure(schema, opOf(text), fragmentsIn(text));
    expect(visits).toBeLessThanOrEqual(12 * 2 + 200);
  });
});

describe('introspection is counted like any other field', () => {
  it('sizes __schema lists from this schema: one full introspection passes, amplified ones do not', () => {
    const full = getIntrospectionQuery();
    expect(check(full)).toBeNull();
    const one = costOf(full);
    expect(one).toBeGreaterThan(5_000);
    // aliased __schema and aliased type lists
    for (const [n, m] of [
      [50, 50],
      [30, 30],
      [10, 10],
      [4, 25],
    ] as const) {
      const text = introspectionAmplifier(n, m);
      expect(check(text)?.extensions.code, `${n}×${m}`).toBe('QUERY_TOO_COMPLEX');
      // without the alias limit the cost alone refuses it
      expect(check(text, noAliasLimit)?.extensions.code, `${n}×${m} by cost`).toBe('QUERY_TOO_COMPLEX');
    }
    // nested lists without any alias: fields of the types of fields of the types of fields
    const nested = '{ __type(name: "Query") { fields { type { fields { type { fields { args { name type { name } } } } } } } } }';
    expect(costOf(nested)).toBeGreaterThan(defaultLimits.maxCost);
    expect(check(nested)?.extensions.code).toBe('QUERY_TOO_COMPLEX');
    // 14 aliases of __type (within the alias limit) cost each
    const typeAliases = aliases(14, '__type(name: "Product") { fields { name args { name } type { name } } }');
    expect(costOf(typeAliases)).toBe(14 * costOf('{ __type(name: "Product") { fields { name args { name } type { name } } } }'));
  });

  it('is refused outright when turned off (production) — also behind aliases and fragments', () => {
    for (const text of ['{ __schema { types { name } } }', '{ x: __type(name: "Order") { fields { name } } }', '{ ...Q }\nfragment Q on Query { __schema { queryType { name } } }', getIntrospectionQuery()]) {
      expect(check(text, production)?.extensions.code, text).toBe('INTROSPECTION_DISABLED');
    }
    expect(check('{ __typename health }', production)).toBeNull();
  });
});

describe('lists are costed by what they return, database round trips each', () => {
  const ids = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => String(i + 1)));

  it('costs offers(productIds) by the number of ids, inline or as a variable', () => {
    const inline = (n: number) => costOf(`{ offers(productIds: ${ids(n)}) { id productId priceInRUB } }`);
    expect(inline(100) - inline(50)).toBe(inline(50) - inline(0));
    expect(inline(153)).toBeGreaterThan(153 * 5 * 3);
    const viaVariable = 'query($ids: [ID!]) { offers(productIds: $ids) { id productId priceInRUB } }';
    expect(costOf(viaVariable, { ids: JSON.parse(ids(153)) })).toBe(inline(153));
    // an amplifier: 7 aliases × 153 ids with each offer's product (18 MB before)
    const product = 'product { id name sku variants { id name webPath } gallery { url width height } offers { id size priceInRUB } }';
    expect(check(aliases(7, `offers(productIds: ${ids(153)}) { id size ${product} }`))?.extensions.code).toBe('QUERY_TOO_COMPLEX');
    expect(check(aliases(7, `offers(productIds: ${ids(153)}) { id size ${product} }`), noAliasLimit)?.extensions.code).toBe('QUERY_TOO_COMPLEX');
    expect(check(`{ offers(modelIds: ${ids(200)}) { id ${product} } }`)?.extensions.code).toBe('QUERY_TOO_COMPLEX');
    // registration (no variables): the id list at its maximum
    expect(costOf(viaVariable)).toBe(inline(200));
  });

  it.each([
    ['products(scope: { search: "кроссовки $i" }) { totalCount }'],
    ['productFilters(scope: { search: "nike $i" }) { totalCount }'],
    ['productFilters { totalCount }'],
    ['order(number: "A$i", key: "k") { id }'],
    ['resolvePage(path: "/p/$i") { status }'],
    ['pageMeta(type: SEARCH, query: "q=$i") { title }'],
    ['offers(productIds: ["$i1"]) { id }'],
    ['category(id: "$i1") { id }'],
  ])('refuses 200 aliases of %s by the alias limit and by cost alone', (field) => {
    const text = aliases(200, field);
    expect(check(text)?.extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'aliases' });
    expect(check(text, noAliasLimit)?.extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', maxCost: defaultLimits.maxCost });
    expect(costOf(aliases(2, field)) - costOf(aliases(1, field))).toBeGreaterThanOrEqual(DB_ROUND_TRIP);
  });

  it('a search costs a round trip more than the same listing without one', () => {
    expect(costOf('{ products(scope: { search: "nike" }) { totalCount } }') - costOf('{ products { totalCount } }')).toBe(DB_ROUND_TRIP);
    expect(costOf('query($s: ListingScopeInput) { products(scope: $s) { totalCount } }', { s: { search: 'nike' } })).toBe(costOf('{ products(scope: { search: "nike" }) { totalCount } }'));
    expect(costOf('query($s: ListingScopeInput) { products(scope: $s) { totalCount } }', { s: { categoryId: '1' } })).toBe(costOf('{ products { totalCount } }'));
  });

  it('bounds directives', () => {
    expect(check(`{ health ${'@include(if: true) '.repeat(1)} }`)).toBeNull();
    const many = `query($t: Boolean!) { ${Array.from({ length: 60 }, (_, i) => `h${i}: __typename @include(if: $t)`).join(' ')} }`;
    expect(check(many)?.extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'directives' });
  });
});

function expectCoded(res: GqlResponse, code: string, status = 400) {
  expect(res.status).toBe(status);
  expect(res.errors?.[0]?.extensions?.code).toBe(code);
  expect(res.errors?.[0]?.message).toMatch(/[а-я]/);
  expect(JSON.stringify(res.errors)).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
}

describeDrivers('the limits over HTTP', (env) => {
  it('runs the card listing with offers at 24 and at 100 items', async () => {
    const query = `query($limit: Int) { products(limit: $limit) { totalCount items { ...ProductCardFields sizes offers { id size priceInRUB } } } }\n${print(fragments.ProductCardFields as FragmentDefinitionNode)}`;
    for (const limit of [24, MAX_LIMIT]) {
      const res = await env().gql(query, { limit });
      expect(res.errors, `limit ${limit}`).toBeUndefined();
      expect(res.data.products.items.length).toBe(limit);
    }
  });

  it('refuses a fragment diamond at once, and the API answers a listing right after', async () => {
    const started = performance.now();
    expectCoded(await env().gql(diamond(40)), 'QUERY_TOO_COMPLEX');
    // generous: the exponential walk took ~9 s at k = 21; k = 40 would never finish
    expect(performance.now() - started).toBeLessThan(2_000);
    expect((await env().gql('{ products(limit: 24) { totalCount } }')).data.products.totalCount).toBe(153);
  });

  it('refuses aliased introspection and 200 aliased searches with coded 400s', async () => {
    expectCoded(await env().gql(introspectionAmplifier(50, 50)), 'QUERY_TOO_COMPLEX');
    expectCoded(await env().gql(aliases(200, 'products(scope: { search: "nike $i" }) { totalCount }')), 'QUERY_TOO_COMPLEX');
    expectCoded(await env().gql(aliases(200, 'resolvePage(path: "/p$i") { status }')), 'QUERY_TOO_COMPLEX');
    // within the limits the same fields answer
    expect((await env().gql(aliases(3, 'resolvePage(path: "/p$i") { status }'))).data).toEqual({ a0: { status: 404 }, a1: { status: 404 }, a2: { status: 404 } });
    expect((await env().gql('{ __schema { queryType { name } } }')).data).toEqual({ __schema: { queryType: { name: 'Query' } } });
  });

  it('answers any subscription with a coded 400 and logs nothing', async () => {
    const logged = [vi.spyOn(console, 'error').mockImplementation(() => {}), vi.spyOn(console, 'warn').mockImplementation(() => {})];
    // logging on (as in production), to see that nothing is logged
    const api = await createApi({ db: env().database.db, config: env().config, catalogPollMs: 0 });
    try {
      for (const query of ['subscription { __typename }', 'subscription S { health }', 'subscription { products { totalCount } }']) {
        const res = await api.fetch('http://localhost/api/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
        const body = (await res.json()) as GqlResponse;
        expectCoded({ ...body, status: res.status }, 'SUBSCRIPTIONS_NOT_SUPPORTED');
      }
      const get = await api.fetch(`http://localhost/api/graphql?query=${encodeURIComponent('subscription { __typename }')}`, { headers: { accept: 'text/event-stream' } });
      // over server-sent events too: the error is the stream's only event
      expect(get.status).toBeLessThan(500);
      expect(await get.text()).toContain('SUBSCRIPTIONS_NOT_SUPPORTED');
      for (const spy of logged) expect(spy).not.toHaveBeenCalled();
    } finally {
      api.close();
      for (const spy of logged) spy.mockRestore();
    }
  });
});

describeDrivers(
  'introspection in production',
  (env) => {
    it('is refused with a code, and an ordinary query still runs', async () => {
      expectCoded(await env().gql('{ __schema { types { name } } }'), 'INTROSPECTION_DISABLED');
      expectCoded(await env().gql('{ a: __type(name: "Order") { fields { name } } }'), 'INTROSPECTION_DISABLED');
      expect((await env().gql('{ __typename health }')).data).toEqual({ __typename: 'Query', health: true });
    });
  },
  { graphqlIntrospection: false },
);

describe('bracket nesting, before the parser', () => {
  it('counts { [ ( outside strings, block strings and comments, and stops past the bound', () => {
    expect(nestingDepth('{ a { b(c: [1, [2]]) } }')).toBe(5);
    expect(nestingDepth('{ a(s: "[[[[{{{{") # ((((\n}')).toBe(2);
    expect(nestingDepth('{ a(s: """ [[[ \\""" ((( """) }')).toBe(2);
    expect(nestingDepth('{ a(s: "\\"[[[") }')).toBe(2);
    expect(nestingDepth('['.repeat(100_000), 64)).toBe(65);
  });

  it('refuses a document nested past the bound as QUERY_TOO_DEEP, never a stack overflow', () => {
    const deep = `{ offers(productIds: ${'['.repeat(5_000)}"1"${']'.repeat(5_000)}) { id } }`;
    expect(() => parseWithinLimits(deep, defaultLimits)).toThrow(expect.objectContaining({ extensions: expect.objectContaining({ code: 'QUERY_TOO_DEEP' }) }));
    expect(nestingDepth(deep)).toBeGreaterThan(MAX_NESTING);
    expect(parseWithinLimits('{ menu { id } }', defaultLimits).kind).toBe('Document');
  });
});
