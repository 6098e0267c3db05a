import http from 'node:http';

/**
 * Forwards `/api/*` to the API so the browser talks to one origin (no CORS, one CSP
 * `connect-src 'self'`). A plain stream pipe: the host needs no more than that, and a
 * production setup may put a real reverse proxy in front instead.
 */
export function proxyToApi(apiUrl: string, req: http.IncomingMessage, res: http.ServerResponse): void {
  const target = new URL(req.url ?? '/', apiUrl);
  const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
  const upstream = http.request(
    target,
    {
      method: req.method,
      headers: { ...req.headers, host: target.host, 'x-forwarded-for': forwardedFor, 'x-forwarded-host': req.headers.host ?? '' },
      timeout: 30_000,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('timeout', () => upstream.destroy(new Error('API timeout')));
  upstream.on('error', () => {
    if (res.headersSent) return void res.destroy();
    res.writeHead(502, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ errors: [{ message: 'Сервис временно недоступен', extensions: { code: 'API_UNAVAILABLE' } }] }));
  });
  req.pipe(upstream);
}
