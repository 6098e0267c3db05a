/**
 * A server render's queries, learned per page so the next render of it takes one pass.
 *
 * Apollo's prerenderStatic renders a tree, waits for the queries that pass started, and renders
 * again until a pass starts none: a page takes at least two passes, the first one only to find
 * out what the page asks. Here each pass notes the queries its components made and whether the
 * cache already held every answer. A pass that waited for nothing is the page (a further pass
 * would render the same answers into the same HTML), and its queries are the page's plan: the
 * next render of the same page (same URL, same releases) sends them first, in parallel, and
 * renders once. The plan holds queries, never answers: every render fetches its data anew, so
 * a price or stock changed a second ago shows. A plan that no longer fits (a release that asks
 * for something else, a product that moved) costs one more pass, and is learned again.
 */
import type { ApolloClient, DocumentNode, ErrorPolicy, OperationVariables } from '@apollo/client';
import { getApolloContext } from '@apollo/client/react';
import { type HookWrappers, wrapperSymbol } from '@apollo/client/react/internal';
import { LRUCache } from 'lru-cache';
import * as React from 'react';

export interface PlannedQuery {
  query: DocumentNode;
  variables?: OperationVariables;
  errorPolicy?: ErrorPolicy;
}

type UseQuery = NonNullable<HookWrappers['useQuery']> extends (hook: infer H) => unknown ? H : never;
type QueryOptions = { skip?: boolean; ssr?: boolean; fetchPolicy?: string; variables?: OperationVariables; errorPolicy?: ErrorPolicy };

const documentIds = new WeakMap<DocumentNode, number>();
let documents = 0;

/** A query document's number in this process (documents are the loaded code's, compared by identity). */
function documentId(query: DocumentNode): number {
  let id = documentIds.get(query);
  if (id === undefined) {
    documents += 1;
    id = documents;
    documentIds.set(query, id);
  }
  return id;
}

/** What one render pass asked of Apollo: its queries, and how many of them it had to wait for. */
export class PassLog {
  readonly queries = new Map<string, PlannedQuery>();
  waiting = 0;
  /** The pass's queries could be seen (Apollo's server hook was there to wrap). */
  watching = false;

  reset() {
    this.queries.clear();
    this.waiting = 0;
    this.watching = false;
  }

  note(query: DocumentNode, options: unknown, result: { loading: boolean }) {
    const o = (typeof options === 'object' && options !== null ? options : {}) as QueryOptions;
    // a skipped query, or one the server render does not make, asks nothing of the network
    if (o.skip || o.ssr === false || o.fetchPolicy === 'standby' || o.fetchPolicy === 'no-cache') return;
    const key = `${documentId(query)}|${JSON.stringify(o.variables ?? {})}`;
    this.queries.set(key, { query, variables: o.variables, errorPolicy: o.errorPolicy });
    if (result.loading) this.waiting += 1;
  }

  /** True when the pass is known to have waited for nothing: its HTML is the page. */
  get complete() {
    return this.watching && this.waiting === 0;
  }
}

/**
 * Inside prerenderStatic's tree: its server `useQuery` (the hook wrapper it puts in Apollo's
 * context) is wrapped once more, so every query a component makes is noted in `log`.
 */
export function QueryLogProvider({ log, children }: { log: PassLog; children: React.ReactNode }) {
  const ApolloContext = getApolloContext();
  const parent = React.useContext(ApolloContext);
  // without Apollo's server hook to wrap, no pass is known complete: prerenderStatic decides alone
  log.watching = Boolean(parent[wrapperSymbol]?.useQuery);
  const value = React.useMemo(() => {
    const wrappers = parent[wrapperSymbol];
    const serverUseQuery = wrappers?.useQuery;
    if (!serverUseQuery) return parent;
    const useQuery = (hook: UseQuery): UseQuery => {
      const inner = serverUseQuery(hook) as (query: DocumentNode, options?: unknown) => { loading: boolean };
      return ((query: DocumentNode, options?: unknown) => {
        const result = inner(query, options);
        log.note(query, options, result);
        return result;
      }) as unknown as UseQuery;
    };
    return { ...parent, [wrapperSymbol]: { ...wrappers, useQuery } };
  }, [parent, log]);
  return <ApolloContext.Provider value={value}>{children}</ApolloContext.Provider>;
}

/**
 * One planned query's answer, written into the render's cache unless the cache holds it already.
 * Fetched past the cache (`no-cache`) and written here: `client.query` would write the answer and
 * then read all of it back out of the cache to hand it over, a read nobody uses, since the render
 * reads it again (about a twentieth of a page's render CPU).
 */
async function prefetchOne(client: ApolloClient, { query, variables, errorPolicy }: PlannedQuery): Promise<void> {
  if (client.cache.readQuery({ query, variables }) !== null) return;
  // an answer with errors rejects here unless the query's policy lets its data through, as Apollo
  // itself would write it only then: the render asks for it again
  const answer = await client.query({ query, variables, errorPolicy, fetchPolicy: 'no-cache' });
  if (answer.data) client.cache.writeQuery({ query, variables, data: answer.data });
}

/**
 * The pages' plans, by page (URL, releases, preview). Bounded by memory (the keys are URLs a
 * visitor chose): a crawler walking every filter combination evicts the least recently rendered
 * pages, whose next render learns theirs again.
 */
export function createQueryPlans(maxBytes = 8 * 1024 * 1024) {
  const plans = new LRUCache<string, PlannedQuery[]>({
    maxSize: maxBytes,
    // a key's characters, and an allowance per query (the documents are shared with the code)
    sizeCalculation: (plan, key) => 2 * key.length + 256 * (plan.length + 1),
  });
  return {
    get: (key: string) => plans.get(key),
    learn: (key: string, log: PassLog) => {
      plans.set(key, [...log.queries.values()]);
    },
    /**
     * Sends a plan's queries at once and waits for their answers. One that fails is left to the
     * render, which asks for it again as it would have without a plan. The answers the client
     * holds already (the resolved page) are not asked again. Gives up when `signal` does (the
     * render's time is up).
     */
    prefetch: async (client: ApolloClient, plan: PlannedQuery[], signal: AbortSignal) => {
      const answers = Promise.all(plan.map((planned) => prefetchOne(client, planned).catch(() => undefined)));
      const aborted = new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      await Promise.race([answers, aborted]);
    },
  };
}
