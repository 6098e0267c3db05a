import { ApolloClient, type FieldPolicy, HttpLink, InMemoryCache } from '@apollo/client';

export interface ApolloOptions {
  /** GraphQL endpoint; the host's server proxies `/api` to the API, so one origin serves both. */
  uri?: string;
  /** How long a catalogue answer is kept (spec §9: 10,800 s). */
  catalogueTtlMs?: number;
  /** The fetch to send requests with (tests, or a server-side render). */
  fetch?: typeof fetch;
}

export const CATALOGUE_TTL_MS = 10_800_000;

/** Catalogue queries whose answers are kept for the TTL, then fetched again when next needed. */
const CATALOGUE_FIELDS = [
  'categories',
  'category',
  'brands',
  'brand',
  'topBrands',
  'products',
  'productFilters',
  'product',
  'productModel',
  'offers',
  'recommendedProducts',
  'popularProducts',
  'newestProducts',
  'properties',
  'menu',
  'resolvePage',
  'pageMeta',
] as const;

/**
 * A field policy that evicts each stored answer (per field and arguments) once it is older
 * than the TTL; queries still on screen then fetch it again. (A time-based `read` would not
 * work: the cache memoizes reads until the data changes.)
 */
function expiring(ttlMs: number, cache: () => InMemoryCache): FieldPolicy {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  return {
    merge(_existing, incoming, { storeFieldName, fieldName, args }) {
      clearTimeout(timers.get(storeFieldName));
      const timer = setTimeout(() => {
        timers.delete(storeFieldName);
        cache().evict({ id: 'ROOT_QUERY', fieldName, args: args ?? undefined });
        cache().gc();
      }, ttlMs);
      // Never keep a Node process (tests, server rendering) alive for a cache timer.
      (timer as { unref?: () => void }).unref?.();
      timers.set(storeFieldName, timer);
      return incoming;
    },
  };
}

/**
 * One client per page, created by the host and handed to every remote through
 * `ApolloProvider`. Orders and payment links are never cached: their queries use
 * `fetchPolicy: 'no-cache'` (see mf-cart).
 */
export function createApolloClient({
  uri = '/api/graphql',
  catalogueTtlMs = CATALOGUE_TTL_MS,
  fetch: fetchImpl,
}: ApolloOptions = {}) {
  const policy = expiring(catalogueTtlMs, () => cache);
  const cache: InMemoryCache = new InMemoryCache({
    typePolicies: {
      Query: { fields: Object.fromEntries(CATALOGUE_FIELDS.map((field) => [field, policy])) },
    },
  });
  return new ApolloClient({ link: new HttpLink({ uri, ...(fetchImpl ? { fetch: fetchImpl } : {}) }), cache });
}
