import { errorMessage } from '@shop/contracts/errors';
import type { GraphQLParams, Plugin } from 'graphql-yoga';
import { errorResponse } from '@shop/server-kit';
import { readLimited } from '../util/read-limited.ts';
import { MAX_NESTING, nestingDepth, TOO_DEEPLY_NESTED } from '../graphql/query-limits.ts';
import { checkJsonBounds, type JsonBounds, variableBounds } from './json-bounds.ts';

export const MAX_BODY_BYTES = 100 * 1024;


/**
 * The only body types /api/graphql takes. Matched on the MIME type's essence (anchored): a
 * browser sends `text/plain; x=application/json` as a simple cross-site request, so a substring
 * match would let a form post through. The three simple-form types (urlencoded, multipart,
 * text/plain) and `application/graphql` are refused: a cross-site page cannot post JSON without
 * a CORS preflight, which the API's CORS policy (the shop's own origin only) denies.
 */
const GRAPHQL_BODY_TYPE = /^\s*application\/(?:json|graphql-response\+json)\s*(?:;|$)/i;

/** Sees each JSON body once it is read; a Response it returns is the answer (a cache hit). */
export type BodyHook = (request: Request, text: string) => Response | undefined;

/** 413 PAYLOAD_TOO_LARGE naming the cap, the answer to any body over its route's cap. */
export const payloadTooLarge = (cap: number) => errorResponse('PAYLOAD_TOO_LARGE', errorMessage('PAYLOAD_TOO_LARGE', { maxKb: Math.round(cap / 1024) }));

export interface BodyLimitOptions {
  /** Byte cap of a GraphQL request body (default MAX_BODY_BYTES). */
  max?: number;
  /** Bounds of `variables` and `extensions` (GET and POST). */
  bounds?: JsonBounds;
  onBody?: BodyHook;
}

/**
 * `variables`/`extensions` must be JSON objects of bounded depth and size, and the document's
 * brackets may nest MAX_NESTING deep at most (graphql-js's parser is a recursive descent): 400
 * with a code otherwise, answered here, before yoga, whatever the Accept header.
 */
function boundsError(params: Record<string, unknown>, bounds: JsonBounds): Response | null {
  if (typeof params.query === 'string' && nestingDepth(params.query, MAX_NESTING) > MAX_NESTING)
    return errorResponse('QUERY_TOO_DEEP', TOO_DEEPLY_NESTED);
  for (const name of ['variables', 'extensions'] as const) {
    const problem = checkJsonBounds(params[name], bounds);
    if (problem === 'TOO_DEEP') {
      const code = name === 'variables' ? 'VARIABLES_TOO_DEEP' : 'EXTENSIONS_TOO_DEEP';
      return errorResponse(code, errorMessage(code, { max: bounds.maxDepth }));
    }
    if (problem === 'TOO_LARGE') {
      const code = name === 'variables' ? 'VARIABLES_TOO_LARGE' : 'EXTENSIONS_TOO_LARGE';
      return errorResponse(code, errorMessage(code, { max: bounds.maxNodes }));
    }
  }
  return null;
}

/**
 * The GraphQL request's body: counted again with the cap (Fastify caps it per route; an in-process
 * yoga.fetch has no Fastify in front), a declared length over the cap refused without reading,
 * 413 PAYLOAD_TOO_LARGE either way; /api/graphql takes only JSON (415 UNSUPPORTED_MEDIA_TYPE
 * otherwise), parsed here, with `variables` and `extensions` bounded before anything recurses
 * over them (yoga's own parsers read up to 25 MB and recurse freely).
 */
export function useBodyLimit(options: BodyLimitOptions = {}): Plugin {
  const max = options.max ?? MAX_BODY_BYTES;
  const bounds = options.bounds ?? variableBounds;
  // the GraphQL bodies read in onRequest, for the parser
  const texts = new WeakMap<Request, string>();
  return {
    async onRequest({ request, endResponse }) {
      if (request.method !== 'POST') return;
      const bytes = await readLimited(request, max);
      if (bytes === null) {
        endResponse(payloadTooLarge(max));
        return;
      }
      if (!GRAPHQL_BODY_TYPE.test(request.headers.get('content-type') ?? '')) {
        endResponse(errorResponse('UNSUPPORTED_MEDIA_TYPE'));
        return;
      }
      texts.set(request, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
    },
    onRequestParse({ request, setRequestParser }) {
      // GET: yoga's own parser throws on `variables`/`extensions` that are not JSON, which
      // ends as a 500; answer 400 BAD_REQUEST like a malformed POST body instead.
      if (request.method === 'GET') {
        setRequestParser((req) => {
          const search = new URL(req.url).searchParams;
          const params: Record<string, unknown> = {};
          for (const name of ['query', 'operationName']) {
            const value = search.get(name);
            if (value !== null) params[name] = value;
          }
          for (const name of ['variables', 'extensions']) {
            const raw = search.get(name);
            if (raw === null) continue;
            try {
              params[name] = JSON.parse(raw);
            } catch {
              return errorResponse('BAD_REQUEST', `Параметр ${name} не является корректным JSON`);
            }
          }
          return boundsError(params, bounds) ?? (params as GraphQLParams);
        });
        return;
      }
      if (request.method !== 'POST') return;
      setRequestParser(async (req) => {
        // the hook's request is the one onRequest saw (the parser may be handed a wrapper)
        let text = texts.get(request) ?? texts.get(req);
        if (text === undefined) {
          // not seen by onRequest (a request replaced by a later plugin): same cap, same types
          if (!GRAPHQL_BODY_TYPE.test(req.headers.get('content-type') ?? '')) {
            return errorResponse('UNSUPPORTED_MEDIA_TYPE');
          }
          const bytes = await readLimited(req, max);
          if (bytes === null) return payloadTooLarge(max);
          text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
        }
        const early = options.onBody?.(request, text);
        if (early) return early;
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          return errorResponse('BAD_REQUEST', 'Тело запроса не является корректным JSON');
        }
        if (!body || typeof body !== 'object' || Array.isArray(body)) {
          return errorResponse('BAD_REQUEST', 'Ожидается JSON-объект { query, variables, operationName }');
        }
        return boundsError(body as Record<string, unknown>, bounds) ?? (body as GraphQLParams);
      });
    },
  };
}
