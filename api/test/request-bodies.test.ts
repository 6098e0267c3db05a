// Guards how the API takes request bodies, over a real HTTP socket:
// - every body, of any content type, chunked or not, on any route, is cut off at the cap with
//   413 PAYLOAD_TOO_LARGE, and the server keeps serving;
// - /api/graphql takes JSON only: a mutation sent as a cross-site simple form post
//   (urlencoded, multipart, text/plain) or as application/graphql gets 415 and runs nothing;
//   GET never runs a mutation;
// - variables/extensions nested 10,000 deep or with tens of thousands of values get a 400
//   with a code, and nothing is logged at error level (it was a 500 with a stack trace).
import { randomUUID } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { rows } from '../src/db/database.ts';
import { createApi } from '../src/http/app.ts';
import { describeDrivers } from './test-env.ts';

interface Answer {
  status: number;
  body: string;
  /** Body bytes the client had written when the answer arrived. */
  written: number;
}

/** Sends `total` bytes in 16 KB chunks (chunked transfer unless a length is given), stopping as soon as an answer arrives. */
function send(port: number, path: string, headers: Record<string, string>, total: number, head = ''): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let written = 0;
    let answered = false;
    const req = httpRequest({ port, host: '127.0.0.1', path, method: 'POST', headers }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), written }));
    });
    req.on('error', (e) => (answered ? undefined : reject(e)));
    const chunk = Buffer.alloc(16 * 1024, 0x20);
    const pump = () => {
      if (head && written === 0) {
        req.write(head);
        written += Buffer.byteLength(head);
      }
      while (!answered && written < total) {
        written += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      // a declared length is never met: the answer must come without the rest
      if (!answered && !headers['content-length']) req.end();
    };
    pump();
  });
}

const code = (body: string) => (JSON.parse(body) as { errors?: { extensions?: { code?: string } }[] }).errors?.[0]?.extensions?.code;

describeDrivers('request bodies', (env) => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer(env().api.yoga);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
  const listingStillAnswers = async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ products(limit: 24) { totalCount items { id name } } }' }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { products: { items: unknown[] } } }).data.products.items).toHaveLength(24);
  };

  it('cuts off a chunked body over 100 KB of every content type with 413, while it is still arriving', async () => {
    const types = [
      'application/json',
      'application/graphql',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'text/plain',
      'application/octet-stream',
      'application/graphql-response+json; charset=utf-8',
    ];
    for (const type of types) {
      // 8 MB offered; the answer must come long before it is all sent
      const res = await send(port, '/api/graphql', { 'content-type': type, 'transfer-encoding': 'chunked' }, 8 * 1024 * 1024, '{"query":"{ health }", "x": "');
      expect(res.status, type).toBe(413);
      expect(code(res.body), type).toBe('PAYLOAD_TOO_LARGE');
      expect(res.written, type).toBeLessThan(4 * 1024 * 1024);
    }
    // other routes read their bodies too: the sandbox form and the ops API are capped the same way
    for (const path of ['/api/sandbox/pay/1', '/api/ops/publish', '/api/registry', '/api/nope']) {
      const res = await send(port, path, { 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked' }, 8 * 1024 * 1024, 'key=');
      expect(res.status, path).toBe(413);
      expect(code(res.body), path).toBe('PAYLOAD_TOO_LARGE');
    }
    await listingStillAnswers();
  });

  it('refuses a declared Content-Length over the cap without reading the body', async () => {
    for (const type of ['application/json', 'application/graphql', 'multipart/form-data; boundary=x']) {
      // declares 50 MB, sends 16 KB and waits: the answer comes without the rest
      const res = await send(port, '/api/graphql', { 'content-type': type, 'content-length': String(50 * 1024 * 1024) }, 16 * 1024);
      expect(res.status, type).toBe(413);
      expect(code(res.body), type).toBe('PAYLOAD_TOO_LARGE');
    }
    await listingStillAnswers();
  });

  it('refuses a mutation sent as a cross-site simple form post (or as application/graphql) with 415, and runs nothing', async () => {
    const countOrders = async () => (await rows<{ n: number }>(env().database.db, sql`SELECT count(*)::int AS n FROM orders`))[0]?.n;
    const ordersBefore = await countOrders();
    const mutation = `mutation { createOrder(input: { idempotencyKey: "${randomUUID()}", orderData: { fullName: "Петрова Анна", phone: "+79001234567", email: "anna@example.ru", city: "Москва", address: "ул. Тверская, 1", deliveryMethod: COURIER, personalDataConsent: true, consentVersion: "2025-09-01" }, items: [{ offerId: "1", quantity: 1 }] }) { success } }`;
    const json = JSON.stringify({ query: mutation });
    const form = new FormData();
    form.set('query', mutation);
    const posts: [string, RequestInit][] = [
      ['urlencoded', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `query=${encodeURIComponent(mutation)}` }],
      ['multipart', { body: form }],
      ['text/plain', { headers: { 'content-type': 'text/plain' }, body: json }],
      // a simple request by its MIME essence, with "application/json" only in a parameter
      ['text/plain with a json parameter', { headers: { 'content-type': 'text/plain; x=application/json' }, body: json }],
      ['text/plain charset', { headers: { 'content-type': 'text/plain;charset=UTF-8' }, body: json }],
      ['application/graphql', { headers: { 'content-type': 'application/graphql' }, body: mutation }],
      ['no content type', { body: new Blob([json]) }],
    ];
    for (const [name, init] of posts) {
      const res = await fetch(`http://127.0.0.1:${port}/api/graphql`, { method: 'POST', headers: { origin: 'https://evil.example' }, ...init });
      expect(res.status, name).toBe(415);
      expect(code(await res.text()), name).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    // GET never runs a mutation
    const get = await fetch(`http://127.0.0.1:${port}/api/graphql?query=${encodeURIComponent(mutation)}`);
    expect(get.status).toBe(405);
    expect(await countOrders()).toBe(ordersBefore);
    // the shop's own clients post JSON, which still works
    for (const type of ['application/json', 'application/json; charset=utf-8', 'application/graphql-response+json']) {
      const res = await fetch(`http://127.0.0.1:${port}/api/graphql`, { method: 'POST', headers: { 'content-type': type, accept: 'application/json' }, body: JSON.stringify({ query: '{ health }' }) });
      expect(res.status, type).toBe(200);
    }
  });

  it('answers a document whose literals or selections nest too deep with 400 QUERY_TOO_DEEP, logging nothing at error level', async () => {
    // arbitrary documents run outside production: the parser meets these texts
    const api = await createApi({ db: env().database.db, config: env().config, catalogPollMs: 0 });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const post = (query: string) =>
        api.fetch('http://localhost/api/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
      const cases: [string, string][] = [
        ['a list literal 2,400 deep', `{ offers(productIds: ${'['.repeat(2_400)}"1"${']'.repeat(2_400)}) { id } }`],
        ['an input object 3,000 deep', `{ products(limit: 1, filter: ${'{ and: '.repeat(3_000)}{}${' }'.repeat(3_000)}) { totalCount } }`],
        ['selections 70 deep', `{ menu { ${'children { '.repeat(70)}id${' }'.repeat(70)} } }`],
      ];
      for (const [name, query] of cases) {
        const res = await post(query);
        const text = await res.text();
        expect(res.status, `${name}: ${text.slice(0, 300)}`).toBe(400);
        expect(code(text), name).toBe('QUERY_TOO_DEEP');
        expect(text, name).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
      }
      expect(errors).not.toHaveBeenCalled();
      // brackets inside strings and comments nest nothing; the shop's own documents pass
      const quoted = await post(`# ${'['.repeat(500)}\n{ products(limit: 1, scope: { search: "${'['.repeat(500)}" }) { totalCount } }`);
      expect(quoted.status).toBe(200);
    } finally {
      errors.mockRestore();
      api.close();
    }
  });

  it('answers over-deep and oversized variables and extensions with 400 and a code, logging nothing at error level', async () => {
    // an API with its logging on, as in production
    const api = await createApi({ db: env().database.db, config: env().config, catalogPollMs: 0 });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      // written as text: JSON.stringify itself overflows on such values
      const deepArray = (n: number, leaf = '1') => `${'['.repeat(n)}${leaf}${']'.repeat(n)}`;
      const deepObject = (n: number) => `${'{"a":'.repeat(n)}"x"${'}'.repeat(n)}`;
      const listing = JSON.stringify('query($f: ProductFilter) { products(limit: 1, filter: $f) { totalCount } }');
      const brands = JSON.stringify('{ brands(limit: 1) { totalCount } }');
      const cases: [string, string, string][] = [
        ['10,000 nested arrays', `{"query":${listing},"variables":{"f":${deepArray(10_000)}}}`, 'VARIABLES_TOO_DEEP'],
        ['10,000 nested objects', `{"query":${listing},"variables":{"f":${deepObject(10_000)}}}`, 'VARIABLES_TOO_DEEP'],
        ['deep inside a real input', `{"query":${listing},"variables":{"f":{"properties":[{"propertyId":"size","values":${deepArray(5_000, '"42"')}}]}}}`, 'VARIABLES_TOO_DEEP'],
        ['an unused deep variable', `{"query":${brands},"variables":{"unused":${deepObject(10_000)}}}`, 'VARIABLES_TOO_DEEP'],
        ['deep extensions', `{"query":${brands},"extensions":{"persistedQuery":${deepObject(10_000)}}}`, 'EXTENSIONS_TOO_DEEP'],
        ['30,000 values', `{"query":${listing},"variables":{"f":{"brandIds":[${Array.from({ length: 30_000 }, () => 1).join(',')}]}}}`, 'VARIABLES_TOO_LARGE'],
      ];
      for (const [name, body, expected] of cases) {
        const res = await api.fetch('http://localhost/api/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        expect(res.status, name).toBe(400);
        const text = await res.text();
        expect(code(text), name).toBe(expected);
        expect(text, name).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
      }
      // GET the same way (the query string's own size limit still applies in front of this)
      const get = await api.fetch(`http://localhost/api/graphql?query=${encodeURIComponent(JSON.parse(listing))}&variables=${encodeURIComponent(`{"f":${deepArray(3_000)}}`)}`);
      expect(get.status).toBe(400);
      expect(code(await get.text())).toBe('VARIABLES_TOO_DEEP');
      expect(errors).not.toHaveBeenCalled();
      // ordinary variables still pass
      const ok = await api.fetch('http://localhost/api/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: JSON.parse(listing), variables: { f: { properties: [{ propertyId: 'size', values: ['42', 'M'] }] } } }),
      });
      expect(ok.status).toBe(200);
    } finally {
      errors.mockRestore();
      api.close();
    }
  });
});
