#!/usr/bin/env node
// Static server for one remote's release folders (dist/<version>/...), as each remote's
// own service would run in production. Usage: node scripts/serve-remote.mjs <dir> [<dir>…]
// Several folders are served as one (the first that has the file answers): `npm start` serves
// the local builds (<remote>/dist) and the release storage uploads land in (.data/releases/<remote>).
// Env: PORT (required), PORT_VAR (the variable named in the "port taken" message), BIND,
// SERVE_SOURCE_MAPS=1 to serve the builds' *.map files (they are 404 otherwise: the public
// gets no sources).
import { readdir, readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import sirv from 'sirv';

const dirs = (process.argv.length > 2 ? process.argv.slice(2) : ['dist']).map((d) => path.resolve(d));
const dir = dirs.join(', ');
const portVar = process.env.PORT_VAR || 'PORT';
const port = Number(process.env.PORT);
const bind = process.env.BIND || '127.0.0.1';
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`${portVar} must be a port number, got «${process.env.PORT}»`);
  process.exit(1);
}

// `dev` mode looks files up on every request, so a release published while the server
// runs is served at once (the non-dev index is built at start and would 404 new files).
const sirvOptions = {
  dev: true,
  etag: true,
  // Each release carries .br and .gz copies of its scripts and styles (see rspack.base.ts).
  brotli: true,
  gzip: true,
  setHeaders(res, pathname) {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // A release folder never changes once published; only the manifest is revalidated,
    // so a broken publish can be repaired in place.
    res.setHeader(
      'Cache-Control',
      pathname.endsWith('mf-manifest.json') ? 'no-cache' : 'public, max-age=31536000, immutable',
    );
  },
};
const servers = dirs.map((d) => sirv(d, sirvOptions));
/** Each folder in turn; the last one's miss is the 404. */
function files(req, res, notFoundHandler) {
  const next = (i) => (i >= servers.length ? notFoundHandler() : servers[i](req, res, () => next(i + 1)));
  next(0);
}

/**
 * GET /healthz: 200 only when the releases folder is readable and holds at least one release
 * whose mf-manifest.json parses (an empty or unreadable volume is unhealthy, not a 404 that
 * passes). Used by docker-compose's health check and `npm start`'s supervisor.
 */
async function health(res) {
  let releases = 0;
  for (const dir of dirs) {
    try {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
        try {
          JSON.parse(await readFile(path.join(dir, entry.name, 'mf-manifest.json'), 'utf8'));
          releases++;
        } catch {
          // not a (complete) release folder
        }
      }
    } catch {
      // unreadable folder: counts nothing
    }
  }
  res.writeHead(releases > 0 ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ ok: releases > 0, releases }));
}

const serveSourceMaps = process.env.SERVE_SOURCE_MAPS === '1';

function notFound(res) {
  res.writeHead(404, { 'Access-Control-Allow-Origin': '*', 'content-type': 'text/plain; charset=utf-8' });
  res.end('Not found');
}

/** The request's path (origin-form only), decoded as sirv will read it; null when it is not a plain path. */
function requestPath(url) {
  if (!url?.startsWith('/') || url.startsWith('//')) return null;
  const pathname = url.split(/[?#]/, 1)[0];
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/**
 * sirv turns `Range: bytes=10-5` into a read stream whose start is past its end, which throws
 * (and without this would stop the server). A Range that is not one plain, ordered byte range
 * is ignored (RFC 9110 lets a server ignore Range) and the whole file is sent.
 */
function dropBadRange(req) {
  const range = req.headers.range;
  if (range === undefined) return;
  const match = /^bytes=(\d{1,15})-(\d{1,15})?$/.exec(range);
  if (!match || (match[2] !== undefined && Number(match[2]) < Number(match[1]))) delete req.headers.range;
}

function handle(req, res) {
  if (req.url === '/healthz' && (req.method === 'GET' || req.method === 'HEAD')) return void health(res);
  if (req.method === 'OPTIONS') {
    res.writeHead(204, { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'GET, HEAD' });
    return res.end();
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD, OPTIONS', 'Access-Control-Allow-Origin': '*' });
    return res.end();
  }
  const pathname = requestPath(req.url);
  if (pathname === null) {
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
    return res.end('Bad request');
  }
  if (!serveSourceMaps && /\.map$/i.test(pathname)) return notFound(res);
  // hidden files and folders are never served: an upload being unpacked (.incoming-*) among them
  if (/(^|\/)\./.test(pathname)) return notFound(res);
  dropBadRange(req);
  // A release folder's `+` comes as %2B in manifest URLs (S3 and CDNs read a bare `+` as a
  // space); sirv decodes with decodeURI, which keeps %2B, so it is turned back here.
  req.url = req.url.replace(/%2B/gi, '+');
  files(req, res, () => notFound(res));
}

const server = http.createServer((req, res) => {
  try {
    handle(req, res);
  } catch (error) {
    console.error(error);
    if (res.headersSent) return res.destroy();
    res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Internal error');
  }
});
server.on('clientError', (error, socket) => {
  if (error.code === 'ECONNRESET' || !socket.writable) return socket.destroy();
  socket.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
});
server.on('error', (error) => {
  if (error.code === 'EADDRINUSE') console.error(`Port ${port} is taken: set ${portVar} to a free port.`);
  else console.error(error);
  process.exit(1);
});
server.listen(port, bind, () => console.log(`Serving ${dir} on http://${bind}:${port}`));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
