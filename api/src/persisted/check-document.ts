import { type DocumentNode, type FragmentDefinitionNode, type GraphQLSchema, Kind, parse, validate } from 'graphql';
import { measure, type QueryLimits } from '../http/query-limits.ts';
import { singleOperation } from './persisted-operations.ts';

/** Why a document may not be registered, or null when it may. */
export type DocumentCheck = (text: string) => string | null;

/** The largest `limit` a request may pass (the resolvers refuse more): a registered operation is costed at it. */
const MAX_LIMIT = 100;

/**
 * The registration check of a trusted document: it parses within the token limit, validates
 * against the schema, holds one operation, and stays within the depth and cost limits with
 * every variable at its worst (each `limit` at 100), so no variables a shopper sends can make
 * it cost more than was checked here.
 */
export function documentCheck(schema: GraphQLSchema, limits: QueryLimits): DocumentCheck {
  return (text) => {
    let document: DocumentNode;
    try {
      document = parse(text, { maxTokens: limits.maxTokens });
    } catch (error) {
      return `does not parse: ${(error as Error).message}`;
    }
    const invalid = validate(schema, document);
    if (invalid.length > 0) return `invalid against the schema: ${invalid.map((e) => e.message).join('; ')}`;
    const operation = singleOperation(document);
    if (typeof operation === 'string') return operation;
    const fragments: Record<string, FragmentDefinitionNode> = {};
    for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments[d.name.value] = d;
    const worst = Object.fromEntries((operation.variableDefinitions ?? []).map((v) => [v.variable.name.value, MAX_LIMIT]));
    const { depth, cost } = measure(schema, operation, fragments, worst);
    if (depth > limits.maxDepth) return `too deep: ${depth} levels, limit ${limits.maxDepth}`;
    if (cost > limits.maxCost) return `too costly: ${cost} with every limit at ${MAX_LIMIT}, limit ${limits.maxCost}`;
    return null;
  };
}
