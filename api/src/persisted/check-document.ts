import { type DocumentNode, type GraphQLError, type GraphQLSchema, validate } from 'graphql';
import { checkDocument, parseWithinLimits, type QueryLimits } from '../graphql/query-limits.ts';
import { singleOperation } from './persisted-operations.ts';

/** Why a document may not be registered, or null when it may. */
export type DocumentCheck = (text: string) => string | null;

const reason = (error: GraphQLError) => `${String(error.extensions?.code ?? 'INVALID')}: ${error.message}`;

/**
 * The registration check of a trusted document: it parses within the token limit, holds one
 * operation, validates against the schema, and passes the same query limits as any request
 * (query-limits.ts's checkDocument) with every variable at its worst, so no variables a
 * shopper sends can make it cost more than was checked here.
 */
export function documentCheck(schema: GraphQLSchema, limits: QueryLimits): DocumentCheck {
  return (text) => {
    let document: DocumentNode;
    try {
      document = parseWithinLimits(text, limits);
    } catch (error) {
      return `does not parse: ${(error as Error).message}`;
    }
    const operation = singleOperation(document);
    if (typeof operation === 'string') return operation;
    const invalid = validate(schema, document, undefined, { maxErrors: 10 });
    if (invalid.length > 0) return `invalid against the schema: ${invalid.map((e) => e.message).join('; ')}`;
    const refused = checkDocument(schema, document, limits);
    return refused ? reason(refused) : null;
  };
}
