import { type DocumentNode, getOperationAST, type GraphQLSchema, Kind, type OperationDefinitionNode, print } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { BodyHook } from './body-limit.ts';
import { ByteLru } from './byte-lru.ts';

export interface ResponseCacheOptions {
  /** Catalogue version: part of every key, so a catalogue change retires all cached answers at once. */
  version: () => number;
  /** The schema: only Query fields it marks `@cached` are cached (see cachedRootFields). */
  schema: GraphQLSchema;
  /** Memory the cache may hold, keys and answers counted (default 64 MB). */
  maxBytes?: number;
  /** Answers larger than this (UTF-8 bytes) are served but never stored (default 1 MB). */
  maxEntryBytes?: number;
  ttlMs?: number;
}

export interface ResponseCacheStats {
  bytes: number;
  entries: number;
  maxBytes: number;
}

export const DEFAULT_CACHE_MAX_BYTES = 64 * 1024 * 1024;
export const DEFAULT_CACHE_MAX_ENTRY_BYTES = 1024 * 1024;

// Memory a JS string holds: V8 keeps text with Cyrillic as two bytes per character.
// Plus a fixed allowance for the Map entry and its record.
const memBytes = (...texts: string[]) => texts.reduce((n, t) => n + 2 * t.length, 96);

/**
 * The text that identifies a document, whatever form the request came in (a `query` string or
 * a persisted operation's hash resolved to its document): its source when it was parsed from
 * one, else the printed document. Remembered per document object (yoga's parse cache hands the
 * same object to every request with the same text).
 */
const documentTexts = new WeakMap<DocumentNode, string>();
function documentText(document: DocumentNode): string {
  let text = documentTexts.get(document);
  if (text === undefined) {
    text = document.loc?.source.body ?? print(document);
    documentTexts.set(document, text);
  }
  return text;
}

/**
 * The Query fields whose definition carries `@cached`. Caching is opt-in: an answer that depends
 * on the shopper or the moment (an order, a payment, a redirect) must never be served to another
 * request, and a field nobody thought about is exactly that risk. `__typename` names the root type
 * only, the same for everyone.
 */
export function cachedRootFields(schema: GraphQLSchema): Set<string> {
  const fields = Object.values(schema.getQueryType()?.getFields() ?? {});
  const marked = fields.filter((f) => f.astNode?.directives?.some((d) => d.name.value === 'cached'));
  return new Set(['__typename', ...marked.map((f) => f.name)]);
}

/** The answer's key: catalogue version, operation name, document and variables; null when the variables cannot be keyed. */
function entryKeyOf(version: number, document: DocumentNode, operationName: string | null | undefined, variableValues: unknown): string | null {
  let variables: string;
  try {
    // depth and size were bounded when the request was parsed (body-limit.ts); this is a
    // last guard: an answer that cannot be keyed is simply not cached
    variables = JSON.stringify(variableValues ?? {});
  } catch {
    return null;
  }
  return `e${version}\u0001${operationName ?? ''}\u0001${documentText(document)}\u0001${variables}`;
}

/**
 * Whole-response cache for catalogue queries, keyed by the catalogue version, the executed
 * document, operation name and variables: no document rewriting, no per-entity bookkeeping, so
 * a miss costs almost nothing extra and a hit skips execution entirely.
 * @graphql-yoga/plugin-response-cache added ~8 ms to every miss of a 24-item listing here.
 * Memory is bounded by bytes (LRU), not by entries: one answer may be 200 bytes or 18 MB.
 */
export function useCatalogResponseCache(
  options: ResponseCacheOptions,
): Plugin & { lookupBody: BodyHook; stats(): ResponseCacheStats } {
  const ttl = options.ttlMs ?? 15 * 60_000;
  const maxEntryBytes = options.maxEntryBytes ?? DEFAULT_CACHE_MAX_ENTRY_BYTES;
  // Both levels keep the serialised answer (one string), never the result's object graph: a
  // few thousand retained graphs of 24-item listings made the old generation large and every
  // garbage collection slow, a cost every miss paid (measured ~0.5 ms of CPU per uncached listing).
  // One byte budget for both levels:
  // - 'e' entries: the answer, by operation, document and variables, whatever the request's text;
  // - 'r' entries: the raw request body (small bodies only: it is the key) pointing at an 'e'
  //   entry, so a repeated request skips parsing, validation and serialisation too.
  const cache = new ByteLru<{ json: string } | { entryKey: string; contentType: string }>(options.maxBytes ?? DEFAULT_CACHE_MAX_BYTES);
  const MAX_RAW_BODY = 4096;
  const rawKeys = new WeakMap<Request, string>();
  // set once a cacheable operation ran without errors: only those answers are stored
  const entryKeys = new WeakMap<Request, string>();

  const cachedFields = cachedRootFields(options.schema);
  const cacheable = (op: OperationDefinitionNode | null | undefined) =>
    op?.operation === 'query' &&
    op.selectionSet.selections.every((s) => s.kind === Kind.FIELD && cachedFields.has(s.name.value));

  return {
    stats: () => ({ bytes: cache.bytes, entries: cache.size, maxBytes: cache.maxBytes }),
    lookupBody(request, text) {
      if (text.length > MAX_RAW_BODY) return undefined;
      const key = `r${options.version()}\u0001${request.headers.get('accept') ?? ''}\u0001${text}`;
      const hit = cache.get(key);
      if (hit && 'entryKey' in hit) {
        const entry = cache.get(hit.entryKey);
        if (entry && 'json' in entry) return new Response(entry.json, { status: 200, headers: { 'content-type': hit.contentType } });
      }
      rawKeys.set(request, key);
      return undefined;
    },
    async onResponse({ request, response }) {
      const entryKey = entryKeys.get(request);
      if (!entryKey || response.status !== 200) return;
      const contentType = response.headers.get('content-type') ?? 'application/json; charset=utf-8';
      // the first level hands a result to the executor: only plain JSON answers qualify
      if (!/json/i.test(contentType)) return;
      // a big answer is not even read again: its declared length says enough
      const declared = Number(response.headers.get('content-length') ?? Number.NaN);
      if (declared > maxEntryBytes) return;
      const json = await response.clone().text();
      if (Buffer.byteLength(json) > maxEntryBytes) return;
      const expires = Date.now() + ttl;
      if (!cache.set(entryKey, { json }, memBytes(entryKey, json), expires)) return;
      const rawKey = rawKeys.get(request);
      if (rawKey) cache.set(rawKey, { entryKey, contentType }, memBytes(rawKey, entryKey), expires);
    },
    onExecute({ args, setResultAndStopExecution }) {
      const document = args.document as DocumentNode;
      if (!cacheable(getOperationAST(document, args.operationName || undefined))) return;
      const key = entryKeyOf(options.version(), document, args.operationName, args.variableValues);
      if (key === null) return;
      const hit = cache.get(key);
      if (hit && 'json' in hit) {
        setResultAndStopExecution(JSON.parse(hit.json));
        return;
      }
      return {
        onExecuteDone({ result }) {
          if (!('data' in result) || (result as { errors?: unknown[] }).errors?.length) return;
          const request = (args.contextValue as { request?: Request }).request;
          if (!request) return;
          entryKeys.set(request, key);
        },
      };
    },
  };
}
