/**
 * Depth and size bounds for the JSON a request carries in `variables` and `extensions`.
 *
 * JSON.parse in V8 is iterative, so a body of `[[[[…` 10,000 levels deep parses fine and only
 * blows the stack later, in whatever recurses over it first (JSON.stringify for a cache key,
 * graphql's value coercion, a logger). This check walks the parsed value with an explicit
 * stack (never recursion) right after parsing, before any of those see it.
 * Hand-written because GraphQL Armor bounds documents, not variable values.
 */
export interface JsonBounds {
  /** Levels of nested objects/arrays; a scalar at the top is depth 0. */
  maxDepth: number;
  /** Values in total (objects, arrays, scalars, object keys not counted). */
  maxNodes: number;
}

// The shop's own deepest variables are createOrder's input (input.items[].offerId: depth 3) and
// listing filters (filter.properties[].values[]: depth 4); the largest, 20 properties × 100
// values. Both limits leave ample room.
export const variableBounds: JsonBounds = { maxDepth: 16, maxNodes: 10_000 };

export type JsonBoundsProblem = 'TOO_DEEP' | 'TOO_LARGE' | null;

export function checkJsonBounds(value: unknown, bounds: JsonBounds): JsonBoundsProblem {
  if (value === null || typeof value !== 'object') return null;
  const stack: { v: object; depth: number }[] = [{ v: value, depth: 1 }];
  let nodes = 1;
  while (stack.length) {
    const { v, depth } = stack.pop() as { v: object; depth: number };
    if (depth > bounds.maxDepth) return 'TOO_DEEP';
    const children = Array.isArray(v) ? v : Object.values(v);
    nodes += children.length;
    if (nodes > bounds.maxNodes) return 'TOO_LARGE';
    for (const child of children) {
      if (child !== null && typeof child === 'object') stack.push({ v: child, depth: depth + 1 });
    }
  }
  return null;
}
