import http from 'node:http';
import type net from 'node:net';

/**
 * A pass-through in front of the stack's API whose routes can be made to fail on demand:
 * `fail('/api/registry')` answers 503 for that path prefix, `heal()` passes everything again.
 * Lets a private host lose one service of the API (the registry) while pages still resolve.
 */
export async function startFaultyApi(apiUrl: string) {
  const failing = new Set<string>();
  const target = new URL(apiUrl);
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    if ([...failing].some((prefix) => path.startsWith(prefix))) {
      res.writeHead(503, { 'content-type': 'application/json' });
      return void res.end('{"error":"unavailable"}');
    }
    const upstream = http.request(
      { host: target.hostname, port: target.port, path, method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)));
  return {
    url: `http://127.0.0.1:${port}`,
    fail: (prefix: string) => void failing.add(prefix),
    heal: () => failing.clear(),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
