import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';

/**
 * Request errors raised by graphql-js itself before any resolver runs (a variable of the wrong
 * type, a missing required variable) carry no code; give them one so every error does.
 */
export function useErrorCodes(): Plugin {
  return {
    onExecute() {
      return {
        onExecuteDone({ result, setResult }) {
          if (!('errors' in result) || !result.errors?.length || result.data) return;
          // resolver failures have a path: those stay for yoga to mask
          const errors = result.errors.map((e) =>
            e.extensions?.code || e.path ? e : new GraphQLError(e.message, { nodes: e.nodes, source: e.source, positions: e.positions, path: e.path, extensions: { ...e.extensions, code: 'BAD_USER_INPUT' } }),
          );
          setResult({ ...result, errors });
        },
      };
    },
  };
}
