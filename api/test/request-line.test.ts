// The API's own socket (found by the hostile-request fault stage): a request
// line or Host header that yoga's Node adapter cannot glue into a URL used to answer 500 with a
// stack trace naming the server's files. Each gets a coded 4xx, no internal text, and the
// server keeps serving.
import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardNodeRequests } from '../src/http/node-entry.ts';
import { describeDrivers } from './test-env.ts';

/** One raw request, written byte for byte (fetch and http.request would normalise it). */
function raw(port: number, text: string | Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const answer = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1] ?? 0);
      const head = answer.slice(0, answer.indexOf('\r\n\r\n'));
      let body = answer.slice(head.length + 4);
      if (/^transfer-encoding: chunked/im.test(head)) {
        let plain = '';
        for (let at = 0; ; ) {
          const size = Number.parseInt(body.slice(at, body.indexOf('\r\n', at)), 16);
          if (!size) break;
          const start = body.indexOf('\r\n', at) + 2;
          plain += body.slice(start, start + size);
          at = start + size + 2;
        }
        body = plain;
      }
      resolve({ status, body });
    });
    // not end(): a half-closed socket may be closed by the server before a slower answer is written
    socket.write(text);
    socket.setTimeout(10_000, () => socket.destroy());
  });
}

const INTERNAL = /\bat \S+ \(|node_modules|\/work\/|\.ts:\d+|\.js:\d+|TypeError|Invalid URL/;

describeDrivers('request lines and Host headers at the API socket', (env) => {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = createServer(guardNodeRequests(env().api.yoga));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const healthy = async (at = port) => {
    const answer = await raw(at, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('"ok":true');
  };

  it('answers any Host header without parsing it: no 500, no stack trace', async () => {
    const hosts: (string | Buffer)[] = [
      'localhost:99999',
      'shop:x',
      'a b',
      '[',
      '%',
      'a<b',
      '',
      'x'.repeat(10_000),
      Buffer.from('магазин.рф', 'utf8'),
      Buffer.from([0xc3, 0x28]),
      'evil.example@127.0.0.1:1',
    ];
    for (const host of hosts) {
      const head = Buffer.concat([Buffer.from('GET /api/health HTTP/1.1\r\nHost: '), Buffer.from(host), Buffer.from('\r\nConnection: close\r\n\r\n')]);
      const answer = await raw(port, head);
      const label = String(host).slice(0, 30);
      // either the API answers the path it was asked (the Host is not its business) or Node refuses the header
      expect([200, 400], label).toContain(answer.status);
      expect(answer.body, label).not.toMatch(INTERNAL);
    }
    await healthy();
  });

  it('refuses request targets that are not a path with a coded 400', async () => {
    const targets = ['http://127.0.0.1:1/api/health', 'http://x/api/graphql', 'https://[/api/health', '//evil.example/api/health', '/\\evil.example/api/health', 'api/health', 'http:/api/health'];
    for (const target of targets) {
      const answer = await raw(port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      expect(answer.status, target).toBe(400);
      expect(answer.body, target).not.toMatch(INTERNAL);
      if (answer.body) expect(JSON.parse(answer.body).errors[0].extensions.code, target).toBe('BAD_REQUEST');
    }
    await healthy();
  });

  describe('through the server main.ts listens with', () => {
    let appPort = 0;
    beforeAll(async () => {
      await env().api.app.listen({ port: 0, host: '127.0.0.1' });
      appPort = (env().api.app.server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      await env().api.app.close();
    });

    it("answers a request Node's parser refuses in the shop's error shape, in Russian, and keeps serving", async () => {
      const refused: [string, number][] = [
        // Content-Length beside Transfer-Encoding: the request-smuggling shape
        ['POST /api/graphql HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n', 400],
        ['GET /api/health HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n', 400],
        ['GET /api/he alth HTTP/1.1\r\nHost: x\r\n\r\n', 400],
        [`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
      ];
      for (const [text, status] of refused) {
        const answer = await raw(appPort, text);
        const label = text.slice(0, 40);
        expect(answer.status, label).toBe(status);
        expect(JSON.parse(answer.body).errors[0], label).toMatchObject({ message: expect.stringMatching(/[А-Яа-я]/), extensions: { code: 'BAD_REQUEST' } });
      }
      await healthy(appPort);
    });
  });
});
