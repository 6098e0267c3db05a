import { ApolloClient, type FieldPolicy, HttpLink, InMemoryCache } from '@apollo/client';
import { addTypenameToDocument, DocumentTransform } from '@apollo/client/utilities';

export interface ApolloOptions {
  /** GraphQL endpoint; the host's server proxies `/api` to the API, so one origin serves both. */
  uri?: string;
  /** How long a catalogue answer is kept (three hours: 10,800 s). */
  catalogueTtlMs?: number;
  /** The fetch to send requests with (tests, or a server-side render). */
  fetch?: typeof fetch;
  /** Send operations by id (trusted documents, see persistedFetch); off only for tests. */
  persisted?: boolean;
  /**
   * A server render's client (one per request): Apollo's `ssrMode`, and no expiry timers, which
   * would keep each request's cache alive for the TTL.
   */
  ssrMode?: boolean;
  /** Headers sent with every request (a server render forwards the shopper's address). */
  headers?: Record<string, string>;
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

/** Types whose `id` does not name one object across answers (see the cache's typePolicies). */
export const PER_ANSWER_TYPES = ['ResolvedPage', 'BrandFacet', 'CategoryFacet', 'PropertyFilter', 'PropertyValueFacet'] as const;

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
 * Operation ids by text, for the whole page (or server): a server render makes a client per
 * request, and hashing each of its operations anew cost a millisecond a page. The texts are the
 * operations of the loaded code, never input.
 */
const ids = new Map<string, Promise<string>>();

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

function jsonObject(text: string): { query?: unknown; extensions?: Record<string, unknown> } | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? value : null;
  } catch {
    return null;
  }
}

function persistedQueryNotFound(body: unknown): boolean {
  const errors = (body as { errors?: { extensions?: { code?: unknown } }[] } | null)?.errors;
  return Array.isArray(errors) && errors.some((e) => e?.extensions?.code === 'PERSISTED_QUERY_NOT_FOUND');
}

/**
 * Trusted documents: every operation goes out as `{ operationName, variables, extensions:
 * { persistedQuery: { version: 1, sha256Hash } } }`, the hash of the exact text HttpLink would
 * have sent (codegen's manifests hold the same texts, and each release registers its manifest
 * with the API, which in production runs nothing else). This is Apollo's persisted-query
 * protocol, done at the fetch level rather than with `@apollo/client/link/persisted-queries`:
 * that subpath would bundle a second copy of Apollo's link core and rxjs into mf-shared's
 * chunk beside the page's tree-shaken singleton (rspack.base.ts), and it would fall back to
 * sending the text, which production refuses. Hashing happens in the page, so a remote's
 * release brings its own operations with no change to the host. Outside production builds an
 * id the API does not know (an operation edited under `npm run dev`) is retried with its text.
 * Without WebCrypto (a page not served over HTTPS or localhost) the text is sent as is.
 */
export function persistedFetch(base: typeof fetch): typeof fetch {
  return async (input, init) => {
    if (typeof init?.body !== 'string' || !globalThis.crypto?.subtle) return base(input, init);
    const body = jsonObject(init.body);
    if (!body || typeof body.query !== 'string') return base(input, init);
    let id = ids.get(body.query);
    if (!id) {
      id = sha256Hex(body.query);
      ids.set(body.query, id);
    }
    const { query: _text, ...rest } = body;
    const hashed = { ...rest, extensions: { ...rest.extensions, persistedQuery: { version: 1, sha256Hash: await id } } };
    const response = await base(input, { ...init, body: JSON.stringify(hashed) });
    if (process.env.NODE_ENV !== 'production' && response.status === 400) {
      const answer = await response
        .clone()
        .json()
        .catch(() => null);
      if (persistedQueryNotFound(answer)) return base(input, init);
    }
    return response;
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
  persisted = true,
  ssrMode = false,
  headers,
}: ApolloOptions = {}) {
  const policy = expiring(catalogueTtlMs, () => cache);
  const cache: InMemoryCache = new InMemoryCache({
    // Result caching hands back the same object for a query read again while its data is the
    // same, which a browser's re-renders rely on. A server render reads each answer about once,
    // in a cache made for that render: the dependency tracking behind it cost a third of the
    // render's CPU (home 38 → 27 ms, a category 48 → 30, a product 27 → 19, one at a time).
    resultCaching: !ssrMode,
    typePolicies: {
      ...(ssrMode ? {} : { Query: { fields: Object.fromEntries(CATALOGUE_FIELDS.map((field) => [field, policy])) } }),
      // Answers that are not one shared object but belong to the question asked: the
      // resolver's `id` is a category's, a brand's or a product's (CATEGORY 1, BRAND 1 and
      // PRODUCT 1 would be one `ResolvedPage:1`, so a prefetched link or a redirect answer
      // would rewrite the page on screen), and a facet's count and `selected` depend on the
      // listing it was counted in. Each stays inside the answer of its own field and arguments.
      ...Object.fromEntries(PER_ANSWER_TYPES.map((type) => [type, { keyFields: false as const }])),
      // A picture has no id: it is stored inside its product. Two answers that ask different
      // fields of it (a card asks its colour, the product page does not) describe one picture, so
      // they are merged; replaced, the later answer would drop the card's field and send its
      // listing back to the API.
      Image: { merge: true },
      GalleryImage: { merge: true },
      // A menu item lives only in the one menu answer, which is read and replaced whole: kept
      // inside it, an item costs the page's serialized state no key and no reference of its own.
      MenuItem: { keyFields: false },
    },
  });
  // looked up per request, not bound now: tests and server renders may replace the global fetch
  const send: typeof fetch = fetchImpl ?? ((input, init) => fetch(input, init));
  const client = new ApolloClient({
    link: new HttpLink({ uri, fetch: persisted ? persistedFetch(send) : send, ...(headers ? { headers } : {}) }),
    cache,
    ssrMode,
  });
  if (ssrMode) shareDocumentWork(client, cache);
  return client;
}

/**
 * What Apollo Client works out from a query document (it with `__typename` added; whether it has
 * `@client`, `@export` or `@defer`; it without client-only fields) depends on the document alone,
 * and each client keeps it in caches of its own. A server render makes a client per request, so
 * every render walked each of its documents six times again: about a twentieth of a render's
 * CPU. Server clients share those two caches. They are Apollo's private fields (Apollo Client
 * 4.x): where a later version has none, each client keeps its own and only the saving is lost,
 * which `create-apollo-client.test.ts` notices.
 */
const sharedTypename = new DocumentTransform(addTypenameToDocument);
let sharedDocumentInfo: unknown;

export function shareDocumentWork(client: ApolloClient, cache: InMemoryCache): boolean {
  const cacheFields = cache as unknown as { addTypenameTransform?: DocumentTransform };
  const manager = (client as unknown as { queryManager?: { transformCache?: unknown } }).queryManager;
  if (!cacheFields.addTypenameTransform || !manager?.transformCache) return false;
  cacheFields.addTypenameTransform = sharedTypename;
  sharedDocumentInfo ??= manager.transformCache;
  manager.transformCache = sharedDocumentInfo;
  return true;
}
