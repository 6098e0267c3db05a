import http from 'node:http';
import type net from 'node:net';

/**
 * A pass-through in front of the stack's API (or release service) whose routes can be made to fail on demand:
 * `fail('/api/registry')` answers 503 for that path prefix, `heal()` passes everything again.
 * Lets a private host lose one service of the API (the registry) while pages still resolve.
 * `graphql` rewrites every JSON answer of /api/graphql (hostile catalogue texts): the host
 * server's own render and the browser's requests through the host both get it.
 */
export async function startFaultyApi(apiUrl: string, options: { graphql?: (answer: unknown) => unknown } = {}) {
  const failing = new Set<string>();
  const target = new URL(apiUrl);
  let rewritten = 0;
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    if ([...failing].some((prefix) => path.startsWith(prefix))) {
      res.writeHead(503, { 'content-type': 'application/json' });
      return void res.end('{"error":"unavailable"}');
    }
    const rewrite = options.graphql && path.startsWith('/api/graphql') ? options.graphql : null;
    const headers = { ...req.headers, host: target.host };
    // a rewritten answer is read as plain JSON
    if (rewrite) delete headers['accept-encoding'];
    const upstream = http.request(
      { host: target.hostname, port: target.port, path, method: req.method, headers },
      (answer) => {
        if (!rewrite || !String(answer.headers['content-type'] ?? '').includes('json')) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          return void answer.pipe(res);
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.from(JSON.stringify(rewrite(JSON.parse(Buffer.concat(chunks).toString('utf8')))));
          rewritten++;
          const { 'content-length': _length, 'transfer-encoding': _encoding, ...rest } = answer.headers;
          res.writeHead(answer.statusCode ?? 502, { ...rest, 'content-length': String(body.length) });
          res.end(body);
        });
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
    /** How many GraphQL answers `graphql` rewrote. */
    rewritten: () => rewritten,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
