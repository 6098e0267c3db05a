import type { GraphQLParams, Plugin } from 'graphql-yoga';

export const MAX_BODY_BYTES = 100 * 1024;

export function jsonError(status: number, code: string, message: string): Response {
  return new Response(JSON.stringify({ errors: [{ message, extensions: { code } }] }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

async function readLimited(request: Request, max: number): Promise<string | null> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Sees each JSON body once it is read; a Response it returns is the answer (a cache hit). */
export type BodyHook = (request: Request, text: string) => Response | undefined;

/**
 * JSON bodies are read with a byte cap (a missing or lying Content-Length cannot get around it),
 * so an oversized body costs at most MAX_BODY_BYTES of memory and answers 413 with a code.
 */
export function useBodyLimit(max = MAX_BODY_BYTES, onBody?: BodyHook): Plugin {
  const tooLarge = () => jsonError(413, 'PAYLOAD_TOO_LARGE', `Тело запроса больше ${Math.round(max / 1024)} КБ`);
  return {
    onRequest({ request, endResponse }) {
      const length = Number(request.headers.get('content-length'));
      if (Number.isFinite(length) && length > max) endResponse(tooLarge());
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
              return jsonError(400, 'BAD_REQUEST', `Параметр ${name} не является корректным JSON`);
            }
          }
          return params as GraphQLParams;
        });
        return;
      }
      const type = request.headers.get('content-type') ?? '';
      if (request.method !== 'POST' || !/application\/(graphql-response\+)?json/i.test(type)) return;
      setRequestParser(async (req) => {
        const text = await readLimited(req, max);
        if (text === null) return tooLarge();
        const early = onBody?.(request, text);
        if (early) return early;
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          return jsonError(400, 'BAD_REQUEST', 'Тело запроса не является корректным JSON');
        }
        if (!body || typeof body !== 'object' || Array.isArray(body)) {
          return jsonError(400, 'BAD_REQUEST', 'Ожидается JSON-объект { query, variables, operationName }');
        }
        return body as GraphQLParams;
      });
    },
  };
}
