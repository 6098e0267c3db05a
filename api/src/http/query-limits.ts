import {
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLError,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  isCompositeType,
  isListType,
  Kind,
  type OperationDefinitionNode,
  parse,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { apiError } from '../graphql/errors.ts';

export interface QueryLimits {
  maxDepth: number;
  maxCost: number;
  maxTokens: number;
}

export const defaultLimits: QueryLimits = { maxDepth: 12, maxCost: 25_000, maxTokens: 5_000 };

/** Lists without a limit argument (variants, gallery, offers, children…) are assumed this long. */
const ASSUMED_LIST_SIZE = 10;

function argValue(node: ValueNode | undefined, vars: Record<string, unknown>): unknown {
  if (!node) return undefined;
  if (node.kind === Kind.VARIABLE) return vars[node.name.value];
  if (node.kind === Kind.INT) return Number(node.value);
  return undefined;
}

/**
 * Depth and an estimated cost: every field costs 1, and a field's subtree is multiplied by its
 * `limit` argument (or the assumed list size for plain lists). Run with variables known, so a
 * limit passed as a variable counts the same as one written inline.
 */
export function measure(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
  vars: Record<string, unknown>,
): { depth: number; cost: number } {
  const root = operation.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  // `limited`: an enclosing field's limit already sized the list below it (products(limit) { items })
  const walk = (set: SelectionSetNode, parent: GraphQLCompositeType | null | undefined, depth: number, seen: Set<string>, limited = false): { depth: number; cost: number } => {
    let maxDepth = depth;
    let cost = 0;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        const name = sel.name.value;
        if (name.startsWith('__')) {
          cost += 1;
          continue;
        }
        const def = parent && 'getFields' in parent ? parent.getFields()[name] : undefined;
        if (!sel.selectionSet) {
          cost += 1;
          continue;
        }
        const limit = argValue(sel.arguments?.find((a) => a.name.value === 'limit')?.value, vars);
        const fieldDefault = def?.args.find((a) => a.name === 'limit')?.defaultValue;
        const hasLimit = typeof limit === 'number' || typeof fieldDefault === 'number';
        const isList = def ? isListType(getNullableType(def.type)) : false;
        const multiplier = typeof limit === 'number' ? limit : typeof fieldDefault === 'number' ? fieldDefault : isList && !limited ? ASSUMED_LIST_SIZE : 1;
        const childType = def && isCompositeType(getNamedType(def.type)) ? (getNamedType(def.type) as GraphQLCompositeType) : null;
        const child = walk(sel.selectionSet, childType, depth + 1, seen, hasLimit && !isList);
        cost += 1 + child.cost * Math.max(1, multiplier);
        maxDepth = Math.max(maxDepth, child.depth);
      } else {
        let inner: SelectionSetNode | undefined;
        let type: GraphQLCompositeType | null | undefined = parent;
        if (sel.kind === Kind.INLINE_FRAGMENT) {
          inner = sel.selectionSet;
          if (sel.typeCondition) type = schema.getType(sel.typeCondition.name.value) as GraphQLCompositeType;
        } else {
          const name = sel.name.value;
          // a fragment that spreads itself is rejected by validation; guard anyway
          if (seen.has(name)) continue;
          const frag = fragments[name];
          if (!frag) continue;
          inner = frag.selectionSet;
          type = schema.getType(frag.typeCondition.name.value) as GraphQLCompositeType;
          seen = new Set(seen).add(name);
        }
        const child = walk(inner, type, depth, seen, limited);
        cost += child.cost;
        maxDepth = Math.max(maxDepth, child.depth);
      }
    }
    return { depth: maxDepth, cost };
  };
  return walk(operation.selectionSet, root, 1, new Set());
}

function pickOperation(document: DocumentNode, operationName?: string | null): OperationDefinitionNode | undefined {
  const ops = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  return operationName ? ops.find((o) => o.name?.value === operationName) : ops[0];
}

export function useQueryLimits(limits: QueryLimits = defaultLimits): Plugin {
  return {
    onParse({ setParseFn }) {
      // bounds the parser's work on giant documents before anything else looks at them
      setParseFn((source, options) => parse(source, { ...options, maxTokens: limits.maxTokens }));
    },
    onExecute({ args, setResultAndStopExecution }) {
      const operation = pickOperation(args.document, args.operationName);
      if (!operation) return;
      const fragments: Record<string, FragmentDefinitionNode> = {};
      for (const d of args.document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments[d.name.value] = d;
      const { depth, cost } = measure(args.schema, operation, fragments, (args.variableValues ?? {}) as Record<string, unknown>);
      let error: GraphQLError | null = null;
      if (depth > limits.maxDepth) error = apiError('QUERY_TOO_DEEP', `Запрос слишком глубокий: ${depth} уровней при пределе ${limits.maxDepth}`, { depth, maxDepth: limits.maxDepth });
      else if (cost > limits.maxCost) error = apiError('QUERY_TOO_COMPLEX', `Запрос слишком сложный: стоимость ${cost} при пределе ${limits.maxCost}`, { cost, maxCost: limits.maxCost });
      if (error) setResultAndStopExecution({ errors: [error] });
    },
  };
}
