/**
 * The shop's /api/ origin for machines under `npm start` and the tests (API_PORT): the release
 * plane's paths (@shop/contracts/release-plane) go to the release service, every other path to
 * the catalogue API, as a deployment's ingress (or the host's proxy) sends them. It stands in for
 * that ingress so one address keeps serving the CLI, tests and scripts written for it.
 * Hand-written over node:http rather than a proxy framework: it must pass requests through byte
 * for byte (bodies of any size, hostile headers, the client's address as X-Forwarded-For for the
 * services, which trust loopback) and a framework would parse and cap them first.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isReleasePlanePath } from '@shop/contracts/release-plane';

export interface ApiEdge {
  port: number;
  close(): Promise<void>;
}

/** Headers of one hop: each side of the edge frames its own connection. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

function endToEnd(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

function forward(req: http.IncomingMessage, res: http.ServerResponse, target: URL): void {
  const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
  const upstream = http.request(
    { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...endToEnd(req.headers), 'x-forwarded-for': forwardedFor } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
      answer.pipe(res);
      // an answer before the whole body (a refusal): the rest is read and dropped, so the client's write never fails
      answer.on('end', () => {
        req.unpipe(upstream);
        req.resume();
      });
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ errors: [{ message: 'Сервис недоступен', extensions: { code: 'SERVICE_UNAVAILABLE' } }] }));
  });
  req.pipe(upstream);
}

export async function startApiEdge(port: number, apiUrl: string, releaseUrl: string): Promise<ApiEdge> {
  const api = new URL(apiUrl);
  const release = new URL(releaseUrl);
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    forward(req, res, isReleasePlanePath(path) ? release : api);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
