// Guards the page server's fetch to the API (undici's request() in fetch's shape): what Apollo and
// the API client read of an answer is there (status, headers, text, json, clone), the body and
// headers arrive as sent, connections are kept and reused, a signal aborts with its reason, and an
// answer past the size bound is refused.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upstreamFetch } from '../src/ssr/upstream-fetch.ts';

let server: Server;
let base = '';
let seen: { method?: string; headers: Record<string, unknown>; body: string } = { headers: {}, body: '' };

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      seen = { method: req.method, headers: req.headers, body };
      if (req.url === '/slow') return void setTimeout(() => res.end('{}'), 1000);
      if (req.url === '/endless') return void endless(res);
      res.writeHead(req.url === '/missing' ? 404 : 200, { 'content-type': 'application/graphql-response+json', 'set-cookie': ['a=1', 'b=2'] });
      res.end(JSON.stringify({ data: { echo: body } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

/** An answer that never stops coming, in 64 KB pieces, until the reader hangs up. */
function endless(res: import('node:http').ServerResponse) {
  res.writeHead(200, { 'content-type': 'application/json' });
  const piece = 'x'.repeat(64 * 1024);
  const more = () => {
    while (!res.destroyed && res.write(piece));
    if (!res.destroyed) res.once('drain', more);
  };
  more();
}

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('upstreamFetch', () => {
  it('sends the method, headers and body, and reads the answer as fetch would', async () => {
    const response = await upstreamFetch(`${base}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
      body: '{"query":"{ a }"}',
    });
    expect(seen.method).toBe('POST');
    expect(seen.headers['x-forwarded-for']).toBe('203.0.113.7');
    expect(seen.body).toBe('{"query":"{ a }"}');
    expect(response.status).toBe(200);
    expect(response.ok).toBe(true);
    expect(response.headers.get('Content-Type')).toBe('application/graphql-response+json');
    expect(response.headers.get('set-cookie')).toBe('a=1, b=2');
    expect(response.headers.get('x-none')).toBeNull();
    // read twice (a clone first), as the persisted-query retry does
    expect(await response.clone().json()).toEqual({ data: { echo: '{"query":"{ a }"}' } });
    expect(await response.text()).toBe('{"data":{"echo":"{\\"query\\":\\"{ a }\\"}"}}');
  });

  it('takes Headers and a URL, and says when the answer is not ok', async () => {
    const response = await upstreamFetch(new URL(`${base}/missing`), { headers: new Headers({ accept: 'application/json' }) });
    expect(seen.headers.accept).toBe('application/json');
    expect(response.status).toBe(404);
    expect(response.ok).toBe(false);
  });

  it('keeps its connections for the next calls', async () => {
    let opened = 0;
    const count = () => opened++;
    server.on('connection', count);
    try {
      for (let i = 0; i < 5; i++) await (await upstreamFetch(`${base}/again`, { method: 'POST', body: String(i) })).text();
    } finally {
      server.off('connection', count);
    }
    // one at most (none when an earlier test's is still open), never one per call
    expect(opened).toBeLessThanOrEqual(1);
  });

  it('a timeout signal aborts the call with a TimeoutError, as fetch does', async () => {
    const error = await upstreamFetch(`${base}/slow`, { signal: AbortSignal.timeout(100) }).catch((e: unknown) => e as Error);
    expect((error as Error).name).toBe('TimeoutError');
  });

  it('refuses an answer past its size bound instead of holding it in memory', async () => {
    await expect(upstreamFetch(`${base}/endless`)).rejects.toThrow(/exceeded|size/i);
    // and the next call still works
    expect((await upstreamFetch(`${base}/ok`)).ok).toBe(true);
  });

  it('a refused connection is an error, never an answer', async () => {
    await expect(upstreamFetch('http://127.0.0.1:1/api/graphql', { method: 'POST', body: '{}' })).rejects.toThrow(/ECONNREFUSED/);
  });
});
