import { Agent, request } from 'undici';

/**
 * `fetch` for the page server's calls to the API (a render's GraphQL queries, the page's
 * resolution): undici's `request()`, the library Node's own fetch is built on, without fetch's
 * WHATWG layer. A render sends six to eight queries; through the global fetch, its Request,
 * Response, web streams and signal plumbing cost about 8 ms of CPU per home page (a V8 profile of
 * the page server), through `request()` a fraction of that. The answer is read whole, as a
 * GraphQL answer is (no streaming is asked of it), and offers what its readers use: `status`,
 * `ok`, `headers.get`, `text()`, `json()` and `clone()`. Connections are kept alive as fetch keeps
 * them (undici's defaults, honouring the server's `Keep-Alive: timeout` hint); a `signal` aborts
 * with its reason, as fetch does (a timeout is a `TimeoutError`). An answer longer than
 * MAX_ANSWER_BYTES is an error, not a page server holding it in memory: the largest a page asks
 * for is a listing's products and filters, tens of kilobytes.
 */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;
const agent = new Agent({ maxResponseSize: MAX_ANSWER_BYTES });

type Init = NonNullable<Parameters<typeof fetch>[1]>;

function headerRecord(headers: Init['headers']): Record<string, string> {
  if (!headers) return {};
  if (headers instanceof Headers || Array.isArray(headers)) return Object.fromEntries(new Headers(headers));
  return headers as Record<string, string>;
}

function answer(status: number, headers: Record<string, string | string[] | undefined>, text: string): Response {
  const read = {
    status,
    ok: status >= 200 && status < 300,
    headers: {
      get(name: string): string | null {
        const value = headers[name.toLowerCase()];
        if (value === undefined) return null;
        return Array.isArray(value) ? value.join(', ') : value;
      },
    },
    text: async () => text,
    json: async () => JSON.parse(text) as unknown,
    clone: () => answer(status, headers, text),
  };
  return read as unknown as Response;
}

export const upstreamFetch: typeof fetch = async (input, init = {}) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (init.body != null && typeof init.body !== 'string') throw new TypeError('upstreamFetch sends text bodies only');
  const response = await request(url, {
    method: (init.method ?? 'GET') as 'GET',
    headers: headerRecord(init.headers),
    ...(init.body != null ? { body: init.body } : {}),
    ...(init.signal ? { signal: init.signal } : {}),
    dispatcher: agent,
  });
  return answer(response.statusCode, response.headers, await response.body.text());
};
