/**
 * Limits on what one GraphQL document may ask for, checked before anything is executed, and
 * whose own checks are linear in the document's size.
 *
 * - Tokens: graphql's parser stops at `maxTokens`; nesting: brackets, braces and parentheses
 *   deeper than MAX_NESTING are refused before the parser (a recursive descent) sees them.
 * - Before graphql-js's validation (and cached with it, as it depends on the document only):
 *   subscriptions are refused (the shop has none), introspection is refused unless allowed
 *   (`GRAPHQL_INTROSPECTION`, off under NODE_ENV=production), and GraphQL Armor's maintained
 *   rules bound aliases, directives and depth. Armor counts each fragment once (memoised), so
 *   these are linear too. A refusal here skips graphql-js's own rules, whose overlap check is
 *   not linear in the number of aliases.
 * - Before execution, with the variables known: the estimated cost, below.
 *
 * Why our own cost estimate and not Armor's cost-limit: Armor multiplies only by literal
 * `first`/`last` arguments (no variables, no list sizes from the schema or from an id list),
 * skips introspection by default and scales fragments by a depth factor, so it cannot tell a
 * 24-card listing from an `offers` call with 200 ids. The estimate here is an upper bound of
 * the answer's values plus a fixed price per database round trip:
 *
 * - every field costs 1; a field with a selection costs 1 + n × its selection, where n is what
 *   the field can really return: its `limit` (capped as the resolvers cap it), the length of
 *   an id list (`offers(productIds)`, `cartOffers(ids)`), a realistic maximum for plain child lists (LIST_SIZE),
 *   and for introspection the sizes of this very schema;
 * - every root field that runs its own SQL (all of Query and Mutation but `__…`), a search
 *   text, the facet counts and per-item queries add DB_ROUND_TRIP each, so aliases of them
 *   are costed each;
 * - a fragment's cost is computed once per document (memoised per fragment and context) and
 *   reused at every spread, so the walk is linear in the document however the fragments
 *   spread each other; the total may be astronomically large (2^k for a k-level diamond) and
 *   is then refused at once.
 */
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import {
  type ArgumentNode,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  NoSchemaIntrospectionCustomRule,
  type OperationDefinitionNode,
  type ParseOptions,
  parse,
  SchemaMetaFieldDef,
  type Source,
  type SelectionSetNode,
  TypeMetaFieldDef,
  type ValidationContext,
  type ValidationRule,
  type ValueNode,
  validate,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { ErrorCode } from './errors.ts';

export interface QueryLimits {
  maxDepth: number;
  maxCost: number;
  maxTokens: number;
  /** Aliased fields in an operation (GraphQL Armor's count; `__typename` aliases are free). */
  maxAliases: number;
  /** Directives in an operation (GraphQL Armor's count). */
  maxDirectives: number;
  /** `__schema` / `__type` allowed; the API turns it off in production unless GRAPHQL_INTROSPECTION=true. */
  introspection: boolean;
}

/**
 * maxCost ≈ the values of a 3 MB answer: the shop's largest real answer, the sitemap of the
 * large catalogue (~9,600 pages × 3 values), costs 30,601; a 100-card listing with its offers
 * about 16,000. The shop's front ends use no aliases and two directives.
 */
export const defaultLimits: QueryLimits = { maxDepth: 12, maxCost: 100_000, maxTokens: 5_000, maxAliases: 15, maxDirectives: 50, introspection: true };

/** The price of one SQL statement (or one search) in answer values: a round trip is worth ~600 values of work. */
export const DB_ROUND_TRIP = 600;
/** The largest `limit` the resolvers accept (pageArgs), and the most ids an id list may hold (parseIds). */
const MAX_LIMIT = 100;
const MAX_IDS = 200;
/** `offers(productIds)`: a product (colour variant) has 4–7 sizes in the catalogues; `modelIds`: a model up to 10 variants. */
const OFFERS_PER_PRODUCT = 10;
const OFFERS_PER_MODEL = 100;
/** A list field missing from LIST_SIZE (a field added later): costed high so that it gets a size. */
export const UNKNOWN_LIST_SIZE = 1_000;

/**
 * What a plain list can really return (the seeded catalogues' maxima with room; the import's
 * own caps are higher but no real catalogue comes near them). `1`: the list is sized by the
 * enclosing field's `limit` (products(limit) { items }), or it is a tree whose nodes are all
 * counted at its root (menu: every item once, however deep the query reaches).
 */
export const LIST_SIZE: Record<string, number> = {
  'Query.categories': 50, // seed: 8
  'Query.properties': 50,
  'Property.values': 200, // sizes, colours, genders (seed: ≤ 17)
  'Query.menu': 500, // every menu item at any depth (seed: 37)
  'MenuItem.children': 1, // counted in Query.menu: MenuItem is reachable only from there and has no way back up
  'Query.sitemap': 10_000, // every catalogue page (large seed: ~9,600)
  'Category.children': 20,
  'Brand.aliases': 20, // import cap
  'BrandList.items': 1, // brands(limit)
  'ProductList.items': 1, // products(limit)
  'ProductList.searchWords': 10,
  'SearchHint.unmatched': 12, // the query's words (at most 12 are read)
  'SearchHint.alternatives': 4,
  'SearchHint.categories': 20, // three, or the top sections
  'SearchAlternative.without': 12,
  'Product.sizes': 10,
  'Product.variants': 10, // seed: ≤ 7 colours
  'Product.gallery': 10, // seed: 4 photos
  'Product.technicalAttributes': 20, // seed: 4
  'Product.offers': 10, // seed: ≤ 7 sizes
  'ProductModel.technicalAttributes': 20,
  'ProductModel.variants': 10,
  'ProductFilters.brands': 100, // seed: 17 brands
  'ProductFilters.categories': 50,
  'ProductFilters.properties': 10, // ALLOWED_PROPERTY_FILTERS
  'PropertyFilter.values': 100,
  'PropertyFilter.options': 100,
  'PageMeta.ogImages': 10,
  'Order.lines': 50, // MAX_LINES
  'DeliveryOptions.terms': 3, // one per delivery method
  'Query.addressSuggestions': 7,
  'SizeChart.columns': 8,
  'SizeChart.rows': 60,
  'SizeChartRow.values': 8,
  'Order.returns': 20,
  'ReturnRequest.lines': 50, // MAX_LINES
  'RequestReturnResult.errors': 55,
  'PickupPointList.points': 1, // pickupPoints(limit)
  'CreateOrderResult.errors': 100, // a few per line
};

/** Resolvers that run an SQL statement for every element they are asked on (no batching). */
const PER_ITEM_QUERY = new Set(['Category.children', 'Order.lines']);

type Vars = Record<string, unknown> | undefined;

/** Sizes of this schema's introspection lists: all-types totals averaged per type, and maxima. */
interface IntrospectionSizes {
  types: number;
  directives: number;
  directiveArgs: number;
  locations: number;
  /** per __Type list field: [average per type (ceil), maximum] */
  perType: Record<string, [number, number]>;
  /** __Field.args: [average per field (ceil), maximum] */
  args: [number, number];
}

const introspectionSizes = new WeakMap<GraphQLSchema, IntrospectionSizes>();

function sizesOf(schema: GraphQLSchema): IntrospectionSizes {
  let sizes = introspectionSizes.get(schema);
  if (sizes) return sizes;
  const types = Object.values(schema.getTypeMap());
  const totals: Record<string, [number, number]> = { fields: [0, 0], inputFields: [0, 0], enumValues: [0, 0], interfaces: [0, 0], possibleTypes: [0, 0] };
  const add = (key: string, n: number) => {
    const t = totals[key] as [number, number];
    t[0] += n;
    t[1] = Math.max(t[1], n);
  };
  let fieldCount = 0;
  let argTotal = 0;
  let argMax = 0;
  for (const type of types) {
    if (isObjectType(type) || isInterfaceType(type)) {
      const fields = Object.values(type.getFields()) as GraphQLField<unknown, unknown>[];
      add('fields', fields.length);
      add('interfaces', type.getInterfaces().length);
      for (const f of fields) {
        fieldCount++;
        argTotal += f.args.length;
        argMax = Math.max(argMax, f.args.length);
      }
      if (isInterfaceType(type)) add('possibleTypes', schema.getPossibleTypes(type).length);
    } else if (isInputObjectType(type)) add('inputFields', Object.keys(type.getFields()).length);
    else if ('getValues' in type) add('enumValues', type.getValues().length);
    else if ('getTypes' in type) add('possibleTypes', type.getTypes().length);
  }
  const perType: Record<string, [number, number]> = {};
  for (const [key, [total, max]] of Object.entries(totals)) perType[key] = [Math.ceil(total / types.length), max];
  const directives = schema.getDirectives();
  sizes = {
    types: types.length,
    directives: directives.length,
    directiveArgs: Math.max(0, ...directives.map((d) => d.args.length)),
    locations: Math.max(0, ...directives.map((d) => d.locations.length)),
    perType,
    args: [Math.ceil(argTotal / Math.max(1, fieldCount)), argMax],
  };
  introspectionSizes.set(schema, sizes);
  return sizes;
}

function argument(field: FieldNode, name: string): ArgumentNode | undefined {
  return field.arguments?.find((a) => a.name.value === name);
}

/** A variable's value, or `worst` when the variables are not known (registration) or hold something unexpected. */
function variable<T>(node: ValueNode, vars: Vars, accept: (v: unknown) => T | undefined, worst: T): T | undefined {
  if (node.kind !== Kind.VARIABLE) return undefined;
  if (vars === undefined) return worst;
  const v = vars[node.name.value];
  if (v === undefined || v === null) return accept(null);
  const accepted = accept(v);
  return accepted === undefined ? worst : accepted;
}

/** `limit`: its value, the field's default, or the resolvers' maximum when not known. */
function limitOf(field: FieldNode, def: GraphQLField<unknown, unknown>, vars: Vars): number {
  const fallback = def.args.find((a) => a.name === 'limit')?.defaultValue;
  const byDefault = typeof fallback === 'number' ? fallback : MAX_LIMIT;
  const node = argument(field, 'limit')?.value;
  let n: number | undefined;
  if (!node || node.kind === Kind.NULL) n = byDefault;
  else if (node.kind === Kind.INT) n = Number(node.value);
  else n = variable(node, vars, (v) => (v === null ? byDefault : typeof v === 'number' ? v : undefined), MAX_LIMIT);
  // past the maximum the resolver refuses (BAD_USER_INPUT); not a number: the worst
  return Number.isFinite(n) ? Math.min(Math.max(n as number, 0), MAX_LIMIT) : MAX_LIMIT;
}

/** The length of an id list argument (0 when absent). */
function idCount(field: FieldNode, name: string, vars: Vars): number {
  const node = argument(field, name)?.value;
  if (!node || node.kind === Kind.NULL) return 0;
  if (node.kind === Kind.LIST) return Math.min(node.values.length, MAX_IDS);
  if (node.kind !== Kind.VARIABLE) return 1; // a single value is coerced to a list of one
  return Math.min(variable(node, vars, (v) => (v === null ? 0 : Array.isArray(v) ? v.length : undefined), MAX_IDS) ?? 0, MAX_IDS);
}

/** Whether `scope: { search }` carries a search text (a separate search statement). */
function hasSearch(field: FieldNode, vars: Vars): boolean {
  const node = argument(field, 'scope')?.value;
  if (!node || node.kind === Kind.NULL) return false;
  const nonEmpty = (v: unknown) => (v === null ? false : typeof v === 'string' ? v.trim() !== '' : undefined);
  if (node.kind === Kind.VARIABLE) {
    return variable(node, vars, (v) => (v === null ? false : typeof v === 'object' && !Array.isArray(v) ? (nonEmpty((v as { search?: unknown }).search ?? null) ?? true) : undefined), true) ?? false;
  }
  if (node.kind !== Kind.OBJECT) return true;
  const search = node.fields.find((f) => f.name.value === 'search')?.value;
  if (!search || search.kind === Kind.NULL) return false;
  if (search.kind === Kind.STRING) return search.value.trim() !== '';
  return variable(search, vars, nonEmpty, true) ?? true;
}

interface Measured {
  /** Levels below and including the selection set's fields. */
  depth: number;
  cost: number;
}

export interface Measure extends Measured {
  /** Selections walked: proportional to the document's size, whatever the fragments do. */
  visits: number;
}

/**
 * The size a list field is counted at. `all`: the __Type or __Field elements came from
 * __schema.types, so lists under them are counted at this schema's average per type (which sums
 * exactly to the totals), not at the maximum.
 */
function listSizeOf(intro: ReturnType<typeof sizesOf>, vars: Vars | undefined, key: string, field: FieldNode, def: GraphQLField<unknown, unknown>, all: boolean): number {
  if (key.startsWith('__')) {
    if (key === '__Schema.types') return intro.types;
    if (key === '__Schema.directives') return intro.directives;
    if (key === '__Directive.args') return intro.directiveArgs;
    if (key === '__Directive.locations') return intro.locations;
    if (key === '__Field.args') return intro.args[all ? 0 : 1];
    const perType = intro.perType[key.slice('__Type.'.length)];
    return perType ? perType[all ? 0 : 1] : UNKNOWN_LIST_SIZE;
  }
  if (key === 'Query.offers') return idCount(field, 'productIds', vars) * OFFERS_PER_PRODUCT + idCount(field, 'modelIds', vars) * OFFERS_PER_MODEL;
  // one offer per id, at most the 100 the resolver takes
  if (key === 'Query.cartOffers') return Math.min(idCount(field, 'ids', vars), 100);
  // a plain list that may be cut shorter (Product.variants(limit)): its limit, never more than its size
  if (def.args.some((a) => a.name === 'limit')) return Math.min(limitOf(field, def, vars), LIST_SIZE[key] ?? MAX_LIMIT);
  return LIST_SIZE[key] ?? UNKNOWN_LIST_SIZE;
}

/**
 * Depth and estimated cost of one operation (see the top of this file). `vars`: the operation's
 * variables; undefined costs every variable at its worst (each `limit` at 100, each id list at
 * 200 ids, every search present), as when an operation is registered ahead of any request.
 */
export function measure(schema: GraphQLSchema, operation: OperationDefinitionNode, fragments: Record<string, FragmentDefinitionNode>, vars?: Vars): Measure {
  const root = operation.operation === 'mutation' ? schema.getMutationType() : operation.operation === 'subscription' ? schema.getSubscriptionType() : schema.getQueryType();
  const rootTypes = new Set([schema.getQueryType()?.name, schema.getMutationType()?.name]);
  const intro = sizesOf(schema);
  // fragment name + context → its measure; a fragment being walked is skipped (a cycle: invalid anyway)
  const memo = new Map<string, Measured | null>();
  let visits = 0;

  const listSize = (key: string, field: FieldNode, def: GraphQLField<unknown, unknown>, all: boolean) => listSizeOf(intro, vars, key, field, def, all);

  const walkField = (field: FieldNode, parent: GraphQLNamedType | null | undefined, all: boolean): Measured => {
    const name = field.name.value;
    let def = parent && (isObjectType(parent) || isInterfaceType(parent)) ? (parent.getFields()[name] as GraphQLField<unknown, unknown> | undefined) : undefined;
    // the introspection roots are not among Query's fields: walked with their types like any other
    if (!def && parent === schema.getQueryType()) def = name === '__schema' ? SchemaMetaFieldDef : name === '__type' ? TypeMetaFieldDef : undefined;
    if (!def) {
      // __typename, or a field the schema lacks (validation refuses those documents)
      const child = field.selectionSet ? walkSet(field.selectionSet, null, false) : { depth: 0, cost: 0 };
      return { depth: 1 + child.depth, cost: 1 + child.cost };
    }
    const key = `${(parent as GraphQLNamedType).name}.${name}`;
    let own = 1;
    if (rootTypes.has((parent as GraphQLNamedType).name) && !name.startsWith('__')) own += DB_ROUND_TRIP;
    if (key === 'Query.productFilters') own += 2 * DB_ROUND_TRIP; // its facet counts: several aggregate statements
    if ((key === 'Query.products' || key === 'Query.productFilters') && hasSearch(field, vars)) own += DB_ROUND_TRIP;
    if (PER_ITEM_QUERY.has(key)) own += DB_ROUND_TRIP;
    const isList = isListType(getNullableType(def.type));
    // a field with a `limit` returning one object (products, brands) is that many times its selection
    const n = isList || def.args.some((a) => a.name === 'limit') ? listSize(key, field, def, all) : 1;
    if (!field.selectionSet) return { depth: 1, cost: own + (isList ? n : 0) };
    const childAll = key === '__Schema.types' || (all && key === '__Type.fields');
    const child = walkSet(field.selectionSet, getNamedType(def.type), childAll);
    // n = 0 (no ids): nothing below runs; never 0 × Infinity
    return { depth: 1 + child.depth, cost: own + (n === 0 ? 0 : n * child.cost) };
  };

  const walkSet = (set: SelectionSetNode, parent: GraphQLNamedType | null | undefined, all: boolean): Measured => {
    let depth = 0;
    let cost = 0;
    for (const sel of set.selections) {
      visits++;
      let m: Measured | null | undefined;
      if (sel.kind === Kind.FIELD) m = walkField(sel, parent, all);
      else if (sel.kind === Kind.INLINE_FRAGMENT) {
        m = walkSet(sel.selectionSet, sel.typeCondition ? schema.getType(sel.typeCondition.name.value) : parent, all);
      } else {
        const fragment = fragments[sel.name.value];
        const key = `${sel.name.value}\n${all}`;
        m = memo.get(key);
        if (m === undefined && fragment) {
          memo.set(key, null);
          m = walkSet(fragment.selectionSet, schema.getType(fragment.typeCondition.name.value), all);
          memo.set(key, m);
        }
      }
      if (!m) continue;
      cost += m.cost;
      depth = Math.max(depth, m.depth);
    }
    return { depth, cost };
  };

  const { depth, cost } = walkSet(operation.selectionSet, root, false);
  return { depth, cost, visits };
}

function limitError(code: ErrorCode, message: string, extensions: Record<string, unknown> = {}): GraphQLError {
  // a request error: nothing ran, so HTTP 400 whatever the Accept header (spec: false: yoga would
  // answer application/json validation errors with 200); yoga leaves extensions.http out of the answer
  return new GraphQLError(message, { extensions: { code, ...extensions, http: { status: 400, spec: false } } });
}

/** Armor reports «… limit of N exceeded, found M.»; the count goes into the coded error. */
const found = (error: GraphQLError) => Number(/found (\d+)/.exec(error.message)?.[1]) || undefined;

const subscriptionsRule: ValidationRule = (context) => ({
  OperationDefinition(node) {
    if (node.operation === 'subscription') {
      context.reportError(limitError('SUBSCRIPTIONS_NOT_SUPPORTED', 'Подписки (subscription) не поддерживаются: отправьте query или mutation'));
    }
  },
});

/** graphql-js's own rule for __schema / __type, reporting once, with a code and in Russian. */
const introspectionRule: ValidationRule = (context) => {
  let reported = false;
  const coded = Object.create(context) as ValidationContext;
  coded.reportError = () => {
    if (reported) return;
    reported = true;
    context.reportError(limitError('INTROSPECTION_DISABLED', 'Интроспекция схемы на этом сервере отключена'));
  };
  return NoSchemaIntrospectionCustomRule(coded);
};

function documentRules(limits: QueryLimits): ValidationRule[] {
  const armor = { exposeLimits: true, propagateOnRejection: false } as const;
  return [
    subscriptionsRule,
    ...(limits.introspection ? [] : [introspectionRule]),
    maxAliasesRule({
      ...armor,
      n: limits.maxAliases,
      onReject: [
        (context, error) =>
          context?.reportError(
            limitError('QUERY_TOO_COMPLEX', `Слишком много псевдонимов (alias) в запросе: больше ${limits.maxAliases}`, { limit: 'aliases', found: found(error), maxAliases: limits.maxAliases }),
          ),
      ],
    }),
    maxDirectivesRule({
      ...armor,
      n: limits.maxDirectives,
      onReject: [
        (context, error) =>
          context?.reportError(
            limitError('QUERY_TOO_COMPLEX', `Слишком много директив в запросе: больше ${limits.maxDirectives}`, { limit: 'directives', found: found(error), maxDirectives: limits.maxDirectives }),
          ),
      ],
    }),
    maxDepthRule({
      ...armor,
      n: limits.maxDepth,
      // the depth below __schema is graphql-js's MaxIntrospectionDepthRule's (lists nested at
      // most 3 deep); counted here, the standard introspection query's 9-level ofType chain
      // would be refused. Its cost is counted like any other field's.
      ignoreIntrospection: true,
      flattenFragments: true,
      onReject: [
        (context, error) =>
          context?.reportError(
            limitError('QUERY_TOO_DEEP', `Запрос слишком глубокий: больше ${limits.maxDepth} уровней`, { depth: found(error), maxDepth: limits.maxDepth }),
          ),
      ],
    }),
  ];
}

/**
 * The checks that depend on the document only (subscriptions, introspection, aliases,
 * directives, depth): linear, run before graphql-js's validation.
 */
export function documentErrors(schema: GraphQLSchema, document: DocumentNode, limits: QueryLimits = defaultLimits): GraphQLError[] {
  return [...validate(schema, document, documentRules(limits), { maxErrors: 10 })];
}

function fragmentsOf(document: DocumentNode): Record<string, FragmentDefinitionNode> {
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments[d.name.value] ??= d;
  return fragments;
}

function costError(schema: GraphQLSchema, operation: OperationDefinitionNode, fragments: Record<string, FragmentDefinitionNode>, limits: QueryLimits, vars: Vars): GraphQLError | null {
  const { cost } = measure(schema, operation, fragments, vars);
  if (cost <= limits.maxCost) return null;
  const shown = cost < 1e12 ? String(Math.round(cost)) : 'больше 10¹²';
  return limitError('QUERY_TOO_COMPLEX', `Запрос слишком сложный: стоимость ${shown} при пределе ${limits.maxCost}`, { cost: cost < 1e12 ? Math.round(cost) : null, maxCost: limits.maxCost });
}

/**
 * Every limit for a whole document: the document checks, then the cost of each operation (or
 * of `operationName`'s only). Without `variables` every variable counts at its worst, so a
 * document that passes here passes with any variables a request may send. The document should
 * be valid against the schema (graphql's validate): this checks limits, not validity.
 */
export function checkDocument(
  schema: GraphQLSchema,
  document: DocumentNode,
  limits: QueryLimits = defaultLimits,
  variables?: Record<string, unknown>,
  operationName?: string | null,
): GraphQLError | null {
  const errors = documentErrors(schema, document, limits);
  if (errors.length > 0) return errors[0] as GraphQLError;
  const fragments = fragmentsOf(document);
  for (const d of document.definitions) {
    if (d.kind !== Kind.OPERATION_DEFINITION || (operationName && d.name?.value !== operationName)) continue;
    const error = costError(schema, d, fragments, limits, variables);
    if (error) return error;
  }
  return null;
}

function pickOperation(document: DocumentNode, operationName?: string | null): OperationDefinitionNode | undefined {
  const ops = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  return operationName ? ops.find((o) => o.name?.value === operationName) : ops.length === 1 ? ops[0] : undefined;
}

/**
 * How deep `{`, `[` and `(` may nest in a document. The shop's deepest real document is its
 * selection depth (maxDepth) plus a filter object a few levels deep; graphql-js's parser is a
 * recursive descent that overflows the stack somewhere past 2,000 levels of `[` (a 5 KB text,
 * under maxTokens), which would answer 500 with a stack in the log.
 */
export const MAX_NESTING = 64;

/** The refusal's text, the same from the request check (body-limit.ts) and from the parser. */
export const TOO_DEEPLY_NESTED = `Запрос слишком глубоко вложен: больше ${MAX_NESTING} уровней скобок`;

/**
 * The deepest nesting of `{`, `[` and `(` in a document's text, outside strings, block strings
 * and comments: one linear scan, stopping as soon as `max` is passed.
 */
export function nestingDepth(text: string, max = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '#') {
      while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i++;
    } else if (c === '"') {
      if (text.startsWith('"""', i)) {
        const end = text.indexOf('"""', i + 3);
        // an escaped \""" inside a block string is \ then the three quotes: skip past it
        let close = end;
        while (close > 0 && text[close - 1] === '\\') close = text.indexOf('"""', close + 3);
        i = close < 0 ? text.length : close + 2;
      } else {
        for (i++; i < text.length && text[i] !== '"' && text[i] !== '\n'; i++) if (text[i] === '\\') i++;
      }
    } else if (c === '{' || c === '[' || c === '(') {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > max) return deepest;
    } else if (c === '}' || c === ']' || c === ')') {
      depth = Math.max(0, depth - 1);
    }
  }
  return deepest;
}

/**
 * graphql-js's parse within the limits: at most `maxTokens` tokens and MAX_NESTING levels; a
 * document past them is a 400 (QUERY_TOO_DEEP), never a stack overflow.
 */
export function parseWithinLimits(source: string | Source, limits: Pick<QueryLimits, 'maxTokens'>, options: ParseOptions = {}): DocumentNode {
  const text = typeof source === 'string' ? source : source.body;
  if (nestingDepth(text, MAX_NESTING) > MAX_NESTING)
    throw limitError('QUERY_TOO_DEEP', TOO_DEEPLY_NESTED, { nesting: true });
  try {
    return parse(source, { ...options, maxTokens: limits.maxTokens });
  } catch (error) {
    // any other recursion the scan above does not foresee: refused the same way
    if (error instanceof RangeError) throw limitError('QUERY_TOO_DEEP', TOO_DEEPLY_NESTED, { nesting: true });
    throw error;
  }
}

export function useQueryLimits(limits: QueryLimits = defaultLimits): Plugin {
  // yoga's parse cache hands the same document object to every request with the same text
  const checked = new WeakMap<DocumentNode, GraphQLError[]>();
  return {
    onParse({ setParseFn }) {
      // bounds the parser's work on giant documents before anything else looks at them
      setParseFn((source, options) => parseWithinLimits(source, limits, options));
    },
    onValidate({ params, setResult }) {
      // document-only checks: a refusal replaces graphql-js's validation (and is cached with it)
      let errors = checked.get(params.documentAST);
      if (!errors) {
        errors = documentErrors(params.schema, params.documentAST, limits);
        checked.set(params.documentAST, errors);
      }
      if (errors.length > 0) setResult(errors);
    },
    onExecute({ args, setResultAndStopExecution }) {
      const operation = pickOperation(args.document, args.operationName);
      if (!operation) return;
      const error = costError(args.schema, operation, fragmentsOf(args.document), limits, (args.variableValues ?? {}) as Record<string, unknown>);
      if (error) setResultAndStopExecution({ errors: [error] });
    },
  };
}
