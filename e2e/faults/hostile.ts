/**
 * The hostile-request stage of `npm run test:faults`: single requests an outside
 * attacker would send, against the host server AND the API, each class written out here with
 * our own payloads. Request lines and headers go over raw sockets (node:net), since fetch
 * would normalise or refuse exactly what is being tried.
 *
 * Classes: request-line forms (absolute-form, `//host/api`, encoded), Host headers, malformed
 * visitor_id cookies, fragment diamonds (k = 20..30), alias and introspection amplification,
 * offers-list amplification, non-JSON bodies (form, multipart, application/graphql), chunked
 * bodies over the cap, spoofed forwarding headers (the rate limit must hold), deep variables,
 * subscriptions.
 *
 * Recorded: requests, status counts, max latency, RSS of the API and the host (VmRSS from
 * /proc) before/after/peak, whether a process died, whether the canary listener (the target
 * of every SSRF attempt) got anything, and a normal listing timed before and after. The
 * stage fails on any 5xx, a dead process, a canary hit, a stack trace in either log, a
 * request left without an answer, or a class whose own expectation does not hold (each
 * class says what it expects); latency is reported, never asserted.
 *
 * The API runs with GRAPHQL_ARBITRARY_OPERATIONS=true and GRAPHQL_INTROSPECTION=true (what
 * development and ops may allow): trusted documents alone would refuse the amplification
 * documents before any limit is reached, and the limits must hold for whatever does run.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { freePort, ROOT } from '../../scripts/lib/stack.ts';
import { type ApiProcess, gql, startApi, TMP } from './api-process.ts';

// ---------------------------------------------------------------------------------------------
// raw HTTP over a socket

export interface RawAnswer {
  status: number | null;
  outcome: 'answer' | 'closed' | 'timeout' | 'error';
  ms: number;
  head: string;
  /** the first 64 KB of the body */
  body: string;
  bodyBytes: number;
  error?: string;
}

type Payload = string | Buffer | ((socket: net.Socket) => Promise<void>);

const LOCAL = '127.0.0.1';

function rawRequest(port: number, payload: Payload, options: { localAddress?: string; timeoutMs?: number } = {}): Promise<RawAnswer> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  return new Promise((resolve) => {
    const started = performance.now();
    const chunks: Buffer[] = [];
    let kept = 0;
    let total = 0;
    let headEnd = -1;
    let head = '';
    let done = false;
    const socket = net.connect({ host: LOCAL, port, localAddress: options.localAddress ?? LOCAL });
    const finish = (outcome: RawAnswer['outcome'], error?: string) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const all = Buffer.concat(chunks);
      if (headEnd < 0) {
        const at = all.indexOf('\r\n\r\n');
        if (at >= 0) {
          headEnd = at;
          head = all.subarray(0, at).toString('latin1');
        }
      }
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(head || all.subarray(0, 20).toString('latin1'))?.[1];
      resolve({
        status: status ? Number(status) : null,
        outcome: status ? 'answer' : outcome,
        ms: Math.round(performance.now() - started),
        head,
        body: headEnd >= 0 ? bodyText(head, all.subarray(headEnd + 4)) : '',
        bodyBytes: headEnd >= 0 ? total - headEnd - 4 : 0,
        ...(error ? { error } : {}),
      });
    };
    const timer = setTimeout(() => finish('timeout'), timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (kept < 200_000) {
        chunks.push(chunk);
        kept += chunk.length;
      }
      if (headEnd < 0) {
        const all = Buffer.concat(chunks);
        const at = all.indexOf('\r\n\r\n');
        if (at < 0) return;
        headEnd = at;
        head = all.subarray(0, at).toString('latin1');
      }
      // a complete answer ends the request even when the server keeps the socket open
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1];
      if (length !== undefined && total - headEnd - 4 >= Number(length)) finish('answer');
      else if (/\r\ntransfer-encoding:\s*chunked/i.test(head) && chunk.subarray(-5).toString('latin1') === '0\r\n\r\n') finish('answer');
    });
    socket.on('end', () => finish('closed'));
    socket.on('close', () => finish('closed'));
    socket.on('error', (e) => finish('error', (e as NodeJS.ErrnoException).code ?? e.message));
    socket.on('connect', () => {
      if (typeof payload === 'function') payload(socket).catch(() => {});
      else socket.write(payload);
    });
  });
}

/** The first 64 KB of a body, de-chunked when the answer is chunked. */
function bodyText(head: string, raw: Buffer): string {
  if (!/\r\ntransfer-encoding:\s*chunked/i.test(head)) return raw.subarray(0, 65_536).toString('utf8');
  const parts: Buffer[] = [];
  let at = 0;
  let size = 0;
  while (at < raw.length && size < 65_536) {
    const eol = raw.indexOf('\r\n', at);
    if (eol < 0) break;
    const length = Number.parseInt(raw.subarray(at, eol).toString('latin1'), 16);
    if (!Number.isFinite(length) || length === 0) break;
    parts.push(raw.subarray(eol + 2, eol + 2 + length));
    size += length;
    at = eol + 2 + length + 2;
  }
  return Buffer.concat(parts).subarray(0, 65_536).toString('utf8');
}

/** One request as bytes; `headers` are sent as given (no Host unless listed), then Connection: close. */
function message(method: string, target: string, headers: [string, string][], body?: string | Buffer, version = 'HTTP/1.1'): Buffer {
  const bytes = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
  const lines = [`${method} ${target} ${version}`, ...headers.map(([k, v]) => `${k}: ${v}`), 'Connection: close'];
  if (bytes && !headers.some(([k]) => /^(content-length|transfer-encoding)$/i.test(k))) lines.push(`Content-Length: ${bytes.length}`);
  // latin1 keeps raw bytes of a header value given as a binary string (non-ASCII Host)
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), bytes ?? Buffer.alloc(0)]);
}

const json = (body: unknown) => JSON.stringify(body);

/** A POST of a GraphQL body with the usual headers. */
function gqlPost(port: number, body: string, extra: [string, string][] = []): Buffer {
  return message('POST', '/api/graphql', [['Host', `${LOCAL}:${port}`], ['Content-Type', 'application/json'], ...extra], body);
}

/** A chunked upload of `totalBytes`: `prefix`, filler, `suffix`, in 64 KB chunks, stopping when the server closes. */
function chunkedUpload(port: number, contentType: string, prefix: string, filler: string, suffix: string, totalBytes: number): Payload {
  return async (socket) => {
    const write = (data: string | Buffer) =>
      new Promise<boolean>((resolve) => {
        if (socket.destroyed || !socket.writable) return resolve(false);
        const ok = socket.write(data, (e) => (e ? resolve(false) : undefined));
        if (ok) resolve(true);
        else socket.once('drain', () => resolve(true));
      });
    const head = [`POST /api/graphql HTTP/1.1`, `Host: ${LOCAL}:${port}`, `Content-Type: ${contentType}`, 'Transfer-Encoding: chunked', 'Connection: close', '', ''].join('\r\n');
    if (!(await write(head))) return;
    const chunk = (data: string) => `${Buffer.byteLength(data).toString(16)}\r\n${data}\r\n`;
    if (!(await write(chunk(prefix)))) return;
    const piece = filler.repeat(Math.ceil(65_536 / filler.length)).slice(0, 65_536);
    for (let sent = 0; sent < totalBytes; sent += piece.length) {
      if (!(await write(chunk(piece)))) return;
    }
    if (!(await write(chunk(suffix)))) return;
    await write('0\r\n\r\n');
  };
}

// ---------------------------------------------------------------------------------------------
// processes

interface Proc {
  name: string;
  pid: number;
  child: ChildProcess;
  log: string;
  rssMb(): number;
  alive(): boolean;
}

function rssOf(pid: number | undefined): number {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    return Math.round(kb / 102.4) / 10;
  } catch {
    return 0;
  }
}

/**
 * A server from its source (as the API is started from its source by api-process.ts), or the
 * compiled entry given in `override` (e.g. FAULTS_HOST_ENTRY=host/server-dist/main.js after
 * `npm run build`); ready when `http://127.0.0.1:<port><readyPath>` answers 2xx.
 */
async function startServer(
  name: string,
  entry: string,
  env: NodeJS.ProcessEnv,
  ready: { port: number; path: string },
  log: string,
): Promise<{ proc: Proc; stop(): Promise<void> }> {
  const args = entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry];
  mkdirSync(path.dirname(log), { recursive: true });
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = createWriteStream(log, { flags: 'a' });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the ${name} exited with ${child.exitCode} before it was ready (log: ${log})`);
    if (Date.now() > deadline) throw new Error(`the ${name} was not ready in 90 s (log: ${log})`);
    try {
      if ((await fetch(`http://${LOCAL}:${ready.port}${ready.path}`, { signal: AbortSignal.timeout(2000) })).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    proc: { name, pid: child.pid as number, child, log, rssMb: () => rssOf(child.pid), alive },
    async stop() {
      if (alive()) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The host server (needs the host's client build, host/dist/index.html); its registry from the release service. */
function startHost(port: number, apiUrl: string, releaseUrl: string, log: string) {
  if (!existsSync(path.join(ROOT, 'host', 'dist', 'index.html'))) throw new Error('host/dist/index.html is missing: run npm run build first');
  const env = { HOST_PORT: String(port), API_URL: apiUrl, RELEASE_URL: releaseUrl, SHOP_PUBLIC_URL: `http://localhost:${port}`, REGISTRY_TTL_MS: '3000' };
  return startServer('host', process.env.FAULTS_HOST_ENTRY || 'host/server/main.ts', env, { port, path: '/healthz' }, log);
}

/** The release service beside the API, on the same PostgreSQL in its own schema: the host reads the registry there. */
function startRelease(port: number, apiUrl: string, databaseUrl: string, opsToken: string, log: string) {
  const env = { RELEASE_PORT: String(port), API_URL: apiUrl, DATABASE_URL: databaseUrl, OPS_TOKEN: opsToken, RELEASE_SMOKE: 'off' };
  return startServer('release service', process.env.FAULTS_RELEASE_ENTRY || 'release/src/main.ts', env, { port, path: '/healthz' }, log);
}

/** Registers the host's persisted operations (host/dist or codegen's copy); says what went wrong, or null. */
async function registerHostOperations(apiUrl: string, token: string): Promise<string | null> {
  const file = ['host/dist/persisted-operations.json', 'host/src/graphql/persisted-operations.json'].map((f) => path.join(ROOT, f)).find((f) => existsSync(f));
  if (!file) return 'no persisted-operations.json for the host (run npm run codegen); host pages will not resolve';
  const { operations } = JSON.parse(readFileSync(file, 'utf8')) as { operations: unknown[] };
  const res = await fetch(`${apiUrl}/api/ops/operations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: json({ app: 'host', version: '0.0.0-faults', operations, by: 'test:faults hostile' }),
  });
  return res.ok ? null : `registering the host's operations answered ${res.status}: ${(await res.text()).slice(0, 200)}`;
}

/** A listener every SSRF attempt aims at: it must never be reached. */
async function startCanary(): Promise<{ port: number; hits: string[]; stop(): Promise<void> }> {
  const hits: string[] = [];
  const server = net.createServer((socket) => {
    socket.once('data', (d) => hits.push(d.toString('latin1').split('\r\n')[0]?.slice(0, 200) ?? ''));
    socket.on('error', () => {});
    setTimeout(() => socket.end('HTTP/1.1 200 OK\r\ncontent-length: 18\r\n\r\ncanary-body-secret'), 10);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, LOCAL, () => resolve()));
  return { port, hits, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

// ---------------------------------------------------------------------------------------------
// the classes

type Target = 'host' | 'api';

interface Sent {
  name: string;
  target: Target;
  answer: RawAnswer;
}

interface ClassResult {
  name: string;
  expects: string;
  sent: Sent[];
  /** why the class does not hold (empty: it holds) */
  problems: string[];
  /** extra figures of the class */
  figures?: Record<string, unknown>;
}

interface Ctx {
  ports: Record<Target, number>;
  canary: number;
  offerId: string;
  productIds: string[];
  send(klass: ClassResult, target: Target, name: string, payload: Payload, options?: { localAddress?: string; timeoutMs?: number }): Promise<RawAnswer>;
}

const STACK_IN_ANSWER = /\n\s+at [^\n]+:\d+:\d+|node_modules\/|\/work\/|DrizzleQueryError/;

function errorCodes(answer: RawAnswer): string[] {
  try {
    const body = JSON.parse(answer.body) as { errors?: { extensions?: { code?: string } }[] };
    return (body.errors ?? []).map((e) => e.extensions?.code ?? '(no code)');
  } catch {
    return [];
  }
}

/** What an answer says, short: an HTML page is named as such. */
const snippet = (a: RawAnswer) => (/^\s*(<|[0-9a-f]+\r\n\s*<)/i.test(a.body) ? '(HTML page)' : a.body.replace(/^[0-9a-f]+\r\n/, '').replace(/\s+/g, ' ').slice(0, 140) || '(empty)');
const is4xx = (a: RawAnswer) => a.status !== null && a.status >= 400 && a.status < 500;
const describe = (s: Sent) => `${s.target} ${s.name}: ${s.answer.status ?? s.answer.outcome}`;

/** Request lines whose target names another origin: the host must not proxy, the API must not follow. */
async function requestLines(ctx: Ctx): Promise<ClassResult> {
  const c: ClassResult = { name: 'request-line forms', expects: '4xx (or an on-site answer) for every form; the canary is never reached; no answer carries its body', sent: [], problems: [] };
  const canary = `${LOCAL}:${ctx.canary}`;
  const targets: [string, string][] = [
    ['absolute-form http /api', `http://${canary}/api/x`],
    ['absolute-form http /api/graphql', `http://${canary}/api/graphql?query=%7B__typename%7D`],
    ['absolute-form https', `https://${canary}/api/x`],
    ['absolute-form non-api path', `http://${canary}/`],
    ['absolute-form with userinfo', `http://localhost@${canary}/api/x`],
    ['absolute-form IPv6 literal', `http://[::1]:${ctx.canary}/api/x`],
    ['scheme-relative //host/api', `//${canary}/api/x`],
    ['scheme-relative with userinfo', `//shop@${canary}/api/x`],
    ['triple slash', `///${canary}/api/x`],
    ['backslash /\\host/api', `/\\${canary}/api/x`],
    ['encoded //', `/%2F%2F${canary}/api/x`],
    ['encoded scheme', `http:%2F%2F${canary}/api/x`],
    ['double-encoded //', `/%252F%252F${canary}/api/x`],
    ['api then encoded host', `/api/%2F%2F${canary}/x`],
    ['api dot-dot to //', `/api/..//${canary}/x`],
    ['asterisk-form', '*'],
    ['authority-form', canary],
    ['empty-ish', '?'],
  ];
  for (const [target, port] of [['host', ctx.ports.host], ['api', ctx.ports.api]] as const) {
    for (const [name, t] of targets) {
      await ctx.send(c, target, name, message('GET', t, [['Host', `localhost:${port}`]]));
    }
    await ctx.send(c, target, 'POST absolute-form', message('POST', `http://${canary}/api/graphql`, [['Host', `localhost:${port}`], ['Content-Type', 'application/json']], json({ query: '{ __typename }' })));
    await ctx.send(c, target, 'CONNECT to the canary', message('CONNECT', canary, [['Host', canary]]));
    await ctx.send(c, target, 'Host header names the canary', message('GET', '/api/graphql?query=%7B__typename%7D', [['Host', canary]]));
    await ctx.send(c, target, 'X-Forwarded-Host names the canary', message('GET', '/api/graphql?query=%7B__typename%7D', [['Host', `localhost:${port}`], ['X-Forwarded-Host', canary]]));
    await ctx.send(c, target, 'request target 20 KB', message('GET', `/api/${'a'.repeat(20_000)}`, [['Host', `localhost:${port}`]]));
    await ctx.send(c, target, 'HTTP/1.0 without Host', message('GET', `http://${canary}/api/x`, [], undefined, 'HTTP/1.0'));
  }
  for (const s of c.sent) {
    if (s.answer.body.includes('canary-body-secret')) c.problems.push(`${describe(s)} returned the canary's answer (open proxy)`);
  }
  return c;
}

async function hostHeaders(ctx: Ctx): Promise<ClassResult> {
  const c: ClassResult = { name: 'Host headers', expects: 'a 4xx for an unusable Host, the configured origin (never the Host) in robots.txt and the sitemap, the server keeps serving', sent: [], problems: [] };
  const values: [string, string | null][] = [
    ['port 99999', 'localhost:99999'],
    ['port 0', 'localhost:0'],
    ['port not a number', 'shop:x'],
    ['empty', ''],
    ['10 KB', `a${'b'.repeat(10_240)}.example`],
    ['non-ASCII (raw UTF-8)', Buffer.from('магазин.рф', 'utf8').toString('latin1')],
    ['space inside', 'a b'],
    ['lone [', '['],
    ['percent', '%'],
    ['angle bracket', 'a<b'],
    ['userinfo', 'user:pass@localhost'],
    ['CR inside (obs-fold)', 'localhost\r\n x'],
    ['two Host headers', null],
    ['no Host header (HTTP/1.1)', null],
  ];
  const paths = ['/', '/robots.txt', '/registry.json', '/api/graphql?query=%7B__typename%7D', '/catalog/obuv/krossovki'];
  for (const [target, port] of [['host', ctx.ports.host], ['api', ctx.ports.api]] as const) {
    for (const [name, value] of values) {
      for (const p of target === 'api' ? ['/api/graphql?query=%7B__typename%7D', '/api/health'] : paths) {
        const headers: [string, string][] =
          name === 'two Host headers' ? [['Host', 'localhost'], ['Host', 'evil.example']] : name === 'no Host header (HTTP/1.1)' ? [] : [['Host', value as string]];
        await ctx.send(c, target, `${name} ${p}`, message('GET', p, headers));
      }
    }
    // the healthy server afterwards: one plain request per target
    await ctx.send(c, target, 'plain request afterwards', message('GET', target === 'host' ? '/healthz' : '/api/health', [['Host', `localhost:${port}`]]));
  }
  for (const p of ['/robots.txt', '/sitemap.xml']) {
    const answer = await ctx.send(c, 'host', `Host evil.example ${p}`, message('GET', p, [['Host', 'evil.example']]));
    if (answer.body.includes('evil.example')) c.problems.push(`${p} reflects the Host header (evil.example in a publicly cached answer)`);
  }
  for (const s of c.sent.filter((x) => x.name.startsWith('plain request'))) if (s.answer.status !== 200) c.problems.push(`${describe(s)} (the server stopped serving)`);
  return c;
}

async function visitorCookies(ctx: Ctx): Promise<ClassResult> {
  const c: ClassResult = { name: 'malformed visitor_id cookies', expects: 'every page and /registry.json answers (no 5xx); a bad cookie is replaced, not trusted', sent: [], problems: [] };
  const cookies: [string, string][] = [
    ['lone %', 'visitor_id=%'],
    ['truncated escape', 'visitor_id=%E0%A4%A'],
    ['encoded NUL', 'visitor_id=%00'],
    ['encoded CRLF', 'visitor_id=%0d%0aSet-Cookie:%20x=1'],
    ['quoted', 'visitor_id="x"'],
    ['5 KB', `visitor_id=${'a'.repeat(5000)}`],
    ['raw non-ASCII', Buffer.from('visitor_id=пользователь', 'utf8').toString('latin1')],
    ['100 copies', Array.from({ length: 100 }, (_, i) => `visitor_id=${i}%`).join('; ')],
    ['empty name and value', '=; ; visitor_id'],
    ['__proto__', '__proto__=1; constructor=2; visitor_id=3'],
    ['12 KB of cookies', Array.from({ length: 400 }, (_, i) => `c${i}=${'x'.repeat(25)}`).join('; ')],
  ];
  for (const [name, cookie] of cookies) {
    for (const p of ['/registry.json', '/', '/catalog/obuv/krossovki']) {
      const answer = await ctx.send(c, 'host', `${name} ${p}`, message('GET', p, [['Host', `localhost:${ctx.ports.host}`], ['Cookie', cookie]]));
      // none of these cookies holds a usable id: the answer must give the visitor a new one
      if (p === '/registry.json' && answer.status === 200 && !/\r\nset-cookie:\s*visitor_id=[0-9a-f-]{8,}/i.test(answer.head)) c.problems.push(`${name}: /registry.json kept the malformed visitor_id (no new cookie)`);
    }
  }
  return c;
}

function diamond(k: number): string {
  const parts = ['query Diamond { ...A0 }'];
  for (let i = 0; i < k; i++) {
    parts.push(`fragment A${i} on Query { ...A${i + 1} ...B${i + 1} }`, `fragment B${i} on Query { ...A${i + 1} ...B${i + 1} }`);
  }
  parts.push(`fragment A${k} on Query { __typename }`, `fragment B${k} on Query { __typename }`);
  return parts.join('\n');
}

async function fragmentDiamonds(ctx: Ctx): Promise<ClassResult> {
  const c: ClassResult = { name: 'fragment diamonds (k = 20..30)', expects: 'a quick 4xx with a code for every k (a check linear in the document); a second, normal request is not held up', sent: [], problems: [], figures: {} };
  const figures: Record<string, unknown> = {};
  for (const target of ['api', 'host'] as const) {
    for (let k = 20; k <= 30; k++) {
      const body = json({ query: diamond(k) });
      // a trivial request sent at the same time: it waits only if the event loop is blocked
      const [answer, probe] = await Promise.all([
        ctx.send(c, target, `k=${k} (${body.length} B)`, gqlPost(ctx.ports[target], body), { timeoutMs: 20_000 }),
        new Promise<RawAnswer>((r) => setTimeout(r, 100)).then(() => rawRequest(ctx.ports.api, message('GET', '/api/health', [['Host', 'localhost']]), { timeoutMs: 20_000 })),
      ]);
      figures[`${target} k=${k}`] = { status: answer.status, ms: answer.ms, codes: errorCodes(answer), healthWaitedMs: probe.ms };
      if (answer.outcome === 'timeout' || answer.ms > 10_000) {
        c.problems.push(`${target} k=${k}: ${answer.outcome === 'timeout' ? 'no answer in 20 s' : `${answer.ms} ms`} — the cost check is not linear; larger k skipped`);
        break;
      }
    }
  }
  c.figures = figures;
  for (const s of c.sent) if (s.answer.status === 200 && !errorCodes(s.answer).length) c.problems.push(`${describe(s)} ran (not refused)`);
  return c;
}

async function amplification(ctx: Ctx): Promise<ClassResult> {
  const c: ClassResult = {
    name: 'alias and introspection amplification',
    expects: 'refused with a code, or an answer under 1 MB; never seconds of work',
    sent: [],
    problems: [],
  };
  const intro = (n: number, m: number) =>
    `{ ${Array.from({ length: n }, (_, i) => `s${i}: __schema { ${Array.from({ length: m }, (_, j) => `t${j}: types { name fields { name type { name ofType { name ofType { name } } } } }`).join(' ')} }`).join(' ')} }`;
  const docs: [string, string][] = [
    ['introspection 30×30 aliases', intro(30, 30)],
    ['introspection 50×50 aliases', intro(50, 50)],
    ['__type aliases ×400', `{ ${Array.from({ length: 400 }, (_, i) => `t${i}: __type(name: "Query") { fields { name args { name } } }`).join(' ')} }`],
    ['nested ofType chain ×8 under 100 aliases', `{ ${Array.from({ length: 100 }, (_, i) => `t${i}: __type(name: "Product") { fields { type ${'{ ofType '.repeat(8)}{ name }${' }'.repeat(8)} } }`).join(' ')} }`],
    ['200 search aliases', `{ ${Array.from({ length: 200 }, (_, i) => `s${i}: products(scope: { search: "кроссовки ${i}" }) { totalCount }`).join(' ')} }`],
    ['250 productFilters aliases', `{ ${Array.from({ length: 250 }, (_, i) => `f${i}: productFilters(scope: { search: "x${i}" }) { totalCount }`).join(' ')} }`],
    ['200 resolvePage aliases', `{ ${Array.from({ length: 200 }, (_, i) => `p${i}: resolvePage(path: "/order/SH-${String(10000 + i)}") { status }`).join(' ')} }`],
    ['100 order look-up aliases', `{ ${Array.from({ length: 100 }, (_, i) => `o${i}: order(number: "SH-${String(20000 + i)}", key: "k") { id }`).join(' ')} }`],
    ['400 products(limit: 100) aliases', `{ ${Array.from({ length: 400 }, (_, i) => `a${i}: products(limit: 100) { items { id name offers { id } } }`).join(' ')} }`],
    ['directive repetition ×2000', `{ __typename ${'@include(if: true) '.repeat(2000)}}`],
    ['20 operations in one document, one named', `${Array.from({ length: 20 }, (_, i) => `query Q${i} { products(limit: 100) { items { id } } }`).join(' ')}`],
  ];
  for (const target of ['api', 'host'] as const) {
    for (const [name, query] of docs) {
      const answer = await ctx.send(c, target, `${name} (${Math.round(query.length / 102.4) / 10} KB)`, gqlPost(ctx.ports[target], json({ query, operationName: name.startsWith('20 operations') ? 'Q3' : undefined })), { timeoutMs: 30_000 });
      if (answer.status === 200 && answer.bodyBytes > 1_000_000) c.problems.push(`${target} ${name}: ${Math.round(answer.bodyBytes / 1e5) / 10} MB answer in ${answer.ms} ms`);
      else if (answer.ms > 5000) c.problems.push(`${target} ${name}: ${answer.ms} ms`);
    }
  }
  return c;
}

async function offersAmplification(ctx: Ctx, sampleRss: () => void): Promise<ClassResult> {
  const c: ClassResult = { name: 'offers-list amplification', expects: 'lists costed by what they return: refused with a code or answered under 1 MB; distinct requests do not pile up in memory', sent: [], problems: [] };
  const ids = json(ctx.productIds.slice(0, 153));
  const selection = `offers(productIds: ${ids}) { id size priceInRUB stock product { id name brand { name } category { name } } }`;
  // 15 renamed operations: each one is a new cache key
  for (const target of ['api', 'host'] as const) {
    for (let batch = 0; batch < 5; batch++) {
      await Promise.all(
        [0, 1, 2].map((j) => {
          const n = batch * 3 + j;
          const query = `query Amp${target}${n} { ${Array.from({ length: 7 }, (_, i) => `a${i}: ${selection}`).join(' ')} }`;
          return ctx.send(c, target, `7 aliases × ${ctx.productIds.slice(0, 153).length} product ids, operation ${n}`, gqlPost(ctx.ports[target], json({ query })), { timeoutMs: 30_000 });
        }),
      );
      sampleRss();
    }
  }
  for (const s of c.sent) if (s.answer.status === 200 && s.answer.bodyBytes > 1_000_000) c.problems.push(`${describe(s)}: ${Math.round(s.answer.bodyBytes / 1e5) / 10} MB answer`);
  return c;
}

async function nonJsonBodies(ctx: Ctx): Promise<ClassResult> {
  const c: ClassResult = { name: 'non-JSON bodies', expects: 'a mutation is never run from a form, multipart or application/graphql body (cross-site simple posts); every answer a 4xx or a harmless 200 for a query', sent: [], problems: [] };
  const mutation = `mutation { createOrder(input: { idempotencyKey: "csrf-${Date.now()}", orderData: { fullName: "Иван Петров", phone: "+79001234567", email: "a@b.ru", city: "Москва", address: "ул. Ленина, 1", deliveryMethod: COURIER, personalDataConsent: true, consentVersion: "2025-09-01" }, items: [{ offerId: "${ctx.offerId}", quantity: 1 }] }) { success order { number } } }`;
  const boundary = 'xYzBoundary';
  const multipart = (field: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${json({ query: field })}\r\n--${boundary}\r\nContent-Disposition: form-data; name="map"\r\n\r\n{}\r\n--${boundary}--\r\n`;
  const bodies: [string, string, string][] = [
    ['form: mutation', 'application/x-www-form-urlencoded', `query=${encodeURIComponent(mutation)}`],
    ['form: query', 'application/x-www-form-urlencoded', `query=${encodeURIComponent('{ __typename }')}`],
    ['multipart: mutation', `multipart/form-data; boundary=${boundary}`, multipart(mutation)],
    ['multipart: query', `multipart/form-data; boundary=${boundary}`, multipart('{ __typename }')],
    ['application/graphql: mutation', 'application/graphql', mutation],
    ['application/graphql: query', 'application/graphql', '{ __typename }'],
    ['text/plain JSON: mutation', 'text/plain', json({ query: mutation })],
    ['text/plain;charset=utf-8 JSON', 'text/plain;charset=utf-8', json({ query: '{ __typename }' })],
    ['no content type', '', json({ query: mutation })],
    ['xml', 'application/xml', '<q>{ __typename }</q>'],
    ['json with charset=utf-16', 'application/json; charset=utf-16', json({ query: '{ __typename }' })],
  ];
  for (const target of ['api', 'host'] as const) {
    for (const [name, type, body] of bodies) {
      const headers: [string, string][] = [['Host', `${LOCAL}:${ctx.ports[target]}`], ['Origin', 'https://evil.example']];
      if (type) headers.push(['Content-Type', type]);
      const answer = await ctx.send(c, target, name, message('POST', '/api/graphql', headers, body), { localAddress: '127.0.0.21' });
      if (name.includes('mutation') && answer.status === 200 && /"success"\s*:\s*true|"number"/.test(answer.body)) c.problems.push(`${target} ${name}: the mutation ran (status 200, order created)`);
    }
  }
  return c;
}

async function chunkedBodies(ctx: Ctx): Promise<ClassResult> {
  const c: ClassResult = { name: 'chunked bodies over the cap', expects: '413 (or another 4xx) for every content type once the cap is passed, without reading the rest', sent: [], problems: [] };
  const uploads: [string, string, string, string, string][] = [
    ['application/json', 'application/json', '{"query":"{ __typename }","variables":{"pad":"', 'x', '"}}'],
    ['application/graphql', 'application/graphql', '{ __typename }', ' ', ''],
    ['x-www-form-urlencoded', 'application/x-www-form-urlencoded', 'query=%7B__typename%7D&pad=', 'x', ''],
    ['multipart', 'multipart/form-data; boundary=b', '--b\r\nContent-Disposition: form-data; name="operations"\r\n\r\n{"query":"{ __typename }","pad":"', 'x', '"}\r\n--b--\r\n'],
    ['text/plain', 'text/plain', '{"query":"{ __typename }","pad":"', 'x', '"}'],
  ];
  for (const target of ['api', 'host'] as const) {
    for (const [name, type, prefix, filler, suffix] of uploads) {
      for (const mb of [2, 30]) {
        const answer = await ctx.send(c, target, `${name} ${mb} MB chunked`, chunkedUpload(ctx.ports[target], type, prefix, filler, suffix, mb * 1_000_000), { timeoutMs: 60_000 });
        if (answer.status === 200) c.problems.push(`${target} ${name} ${mb} MB chunked: accepted (200)`);
      }
    }
    // a declared length far over the cap, with a small body: refused at once
    await ctx.send(c, target, 'Content-Length 200 MB declared', message('POST', '/api/graphql', [['Host', LOCAL], ['Content-Type', 'application/json'], ['Content-Length', '200000000']], '{"query":"{ __typename }"}'), { timeoutMs: 10_000 });
  }
  return c;
}

async function forwardingHeaders(ctx: Ctx, limit: number): Promise<ClassResult> {
  const c: ClassResult = { name: 'spoofed forwarding headers', expects: `the order rate limit (${limit}/min per client) holds with a fresh X-Forwarded-For/Forwarded/X-Real-IP on every call, directly at the API and through the host`, sent: [], problems: [], figures: {} };
  const order = (n: number, tag: string) =>
    json({
      query: 'mutation($i: CreateOrderInput!) { createOrder(input: $i) { success errors { code } } }',
      variables: {
        i: {
          idempotencyKey: `spoof-${tag}-${n}-${Date.now()}`,
          orderData: { fullName: 'Иван Петров', phone: '+79001234567', email: 'ivan@example.ru', city: 'Москва', address: 'ул. Ленина, 1', deliveryMethod: 'COURIER', personalDataConsent: true, consentVersion: '2025-09-01' },
          items: [{ offerId: ctx.offerId, quantity: 1 }],
        },
      },
    });
  const calls = limit + 8;
  const figures: Record<string, unknown> = {};
  // each case from its own loopback address (its own rate-limit key); the API trusts only the host's 127.0.0.1
  const cases: [string, Target, string, (i: number) => [string, string][]][] = [
    ['X-Forwarded-For random, direct at the API', 'api', '127.0.0.31', (i) => [['X-Forwarded-For', `198.51.100.${i + 1}`]]],
    ['X-Forwarded-For "127.0.0.1, random", direct at the API', 'api', '127.0.0.32', (i) => [['X-Forwarded-For', `127.0.0.1, 203.0.113.${i + 1}`]]],
    ['Forwarded and X-Real-IP random, direct at the API', 'api', '127.0.0.33', (i) => [['Forwarded', `for=192.0.2.${i + 1}`], ['X-Real-IP', `192.0.2.${i + 1}`]]],
    ['X-Forwarded-For random, through the host', 'host', '127.0.0.34', (i) => [['X-Forwarded-For', `198.51.100.${i + 1}`]]],
    ['X-Forwarded-For free text, through the host', 'host', '127.0.0.35', (i) => [['X-Forwarded-For', `<script>${i}</script>`]]],
  ];
  for (const [name, target, from, headers] of cases) {
    let limited = 0;
    let passed = 0;
    for (let i = 0; i < calls; i++) {
      const answer = await ctx.send(c, target, name, gqlPost(ctx.ports[target], order(i, from), headers(i)), { localAddress: from });
      if (errorCodes(answer).includes('RATE_LIMITED') || answer.status === 429) limited++;
      else passed++;
    }
    figures[name] = { calls, passed, rateLimited: limited };
    if (passed > limit) c.problems.push(`${name}: ${passed} of ${calls} calls passed the ${limit}/min limit`);
  }
  // oversized and junk forwarding headers must not break anything
  for (const target of ['api', 'host'] as const) {
    await ctx.send(c, target, 'X-Forwarded-For 8 KB', gqlPost(ctx.ports[target], json({ query: '{ __typename }' }), [['X-Forwarded-For', Array.from({ length: 500 }, (_, i) => `10.0.${i % 250}.1`).join(', ')]]));
    await ctx.send(c, target, 'X-Forwarded-For junk', gqlPost(ctx.ports[target], json({ query: '{ __typename }' }), [['X-Forwarded-For', '%00, [::, 999.1.1.1, ::ffff:1.2.3.4%eth0']]));
  }
  c.figures = figures;
  return c;
}

async function deepVariables(ctx: Ctx): Promise<ClassResult> {
  const c: ClassResult = { name: 'deep variables', expects: 'a 4xx with a code, no 500 and no stack trace in the log', sent: [], problems: [] };
  const nestObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  const nestArray = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;
  const docs: [string, string][] = [
    ['object 10,000 deep (unused variable)', `{"query":"query($v: String) { __typename }","variables":{"v":${nestObject(10_000)}}}`],
    ['object 15,000 deep into an input', `{"query":"query($f: ProductFilter) { products(filter: $f) { totalCount } }","variables":{"f":${nestObject(15_000)}}}`],
    ['array 30,000 deep into a list', `{"query":"query($ids: [ID!]) { offers(productIds: $ids) { id } }","variables":{"ids":${nestArray(30_000)}}}`],
    ['extensions 15,000 deep', `{"query":"{ __typename }","extensions":${nestObject(15_000)}}`],
    ['variables 1,000 keys × 50 deep', `{"query":"{ __typename }","variables":{${Array.from({ length: 1000 }, (_, i) => `"k${i}":${nestObject(50)}`).join(',')}}}`],
  ];
  for (const target of ['api', 'host'] as const) {
    for (const [name, body] of docs) {
      const answer = await ctx.send(c, target, `${name} (${Math.round(body.length / 1024)} KB)`, gqlPost(ctx.ports[target], body));
      if (answer.status === 200 && !errorCodes(answer).length && !name.includes('unused') && !name.includes('keys')) c.problems.push(`${target} ${name}: accepted`);
      if (is4xx(answer) && !errorCodes(answer).length && answer.status !== 413) c.problems.push(`${target} ${name}: ${answer.status} without an error code (${snippet(answer)})`);
    }
  }
  return c;
}

async function subscriptions(ctx: Ctx): Promise<ClassResult> {
  const c: ClassResult = { name: 'subscriptions', expects: 'a 4xx with a code (the schema has none), never a 500', sent: [], problems: [] };
  const docs = ['subscription { __typename }', 'subscription S { products { totalCount } }', 'subscription { health }', 'query A { __typename } subscription B { __typename }'];
  for (const target of ['api', 'host'] as const) {
    for (const query of docs) {
      const answer = await ctx.send(c, target, `POST ${query}`, gqlPost(ctx.ports[target], json({ query, operationName: query.includes(' B ') ? 'B' : undefined })));
      if (answer.status === 200 && !errorCodes(answer).length) c.problems.push(`${target} POST ${query}: ran`);
      if (is4xx(answer) && !errorCodes(answer).length) c.problems.push(`${target} POST ${query}: ${answer.status} without an error code (${snippet(answer)})`);
      await ctx.send(c, target, `GET event-stream ${query}`, message('GET', `/api/graphql?query=${encodeURIComponent(query)}`, [['Host', LOCAL], ['Accept', 'text/event-stream']]), { timeoutMs: 10_000 });
    }
  }
  return c;
}

// ---------------------------------------------------------------------------------------------
// the stage

export interface HostileFigures {
  ok: boolean;
  figures: Record<string, unknown>;
  classes: { name: string; expects: string; requests: number; statuses: Record<string, number>; maxLatencyMs: number; maxAnswerBytes: number; holds: boolean; problems: string[]; figures?: Record<string, unknown> }[];
  notes: string[];
}

const STACK_IN_LOG = /^\s+at .+:\d+:\d+\)?\s*$/m;

async function listing(ports: Record<Target, number>): Promise<Record<string, { status: number | string; medianMs: number; maxMs: number }>> {
  const query = '{ products(limit: 24) { totalCount items { id name priceInRUB brand { name } } } }';
  const out: Record<string, { status: number | string; medianMs: number; maxMs: number }> = {};
  const runs: [string, () => Promise<Response>][] = [
    ['API listing query', () => fetch(`http://${LOCAL}:${ports.api}/api/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: json({ query }), signal: AbortSignal.timeout(30_000) })],
    ['listing query through the host', () => fetch(`http://${LOCAL}:${ports.host}/api/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: json({ query }), signal: AbortSignal.timeout(30_000) })],
    ['listing page /catalog/obuv/krossovki (host HTML)', () => fetch(`http://${LOCAL}:${ports.host}/catalog/obuv/krossovki`, { signal: AbortSignal.timeout(30_000) })],
  ];
  for (const [name, run] of runs) {
    const times: number[] = [];
    let status: number | string = 0;
    for (let i = 0; i < 9; i++) {
      const t = performance.now();
      try {
        const res = await run();
        await res.arrayBuffer();
        status = res.status;
      } catch (e) {
        status = (e as Error).name;
      }
      times.push(performance.now() - t);
    }
    // the first of the nine warms the caches; the median of the rest is what a shopper sees
    const rest = times.slice(1).sort((a, b) => a - b);
    out[name] = { status, medianMs: Math.round((rest[Math.floor(rest.length / 2)] ?? 0) * 10) / 10, maxMs: Math.round(Math.max(...rest) * 10) / 10 };
  }
  return out;
}

type Procs = Record<'api' | 'host', { pid: number | undefined; alive: () => boolean }>;
type Ports = { api: number; host: number; release: number };
type Rss = { api: number; host: number };

/** The API as the stage needs it: arbitrary documents allowed, a low order rate limit, the host as the only trusted proxy. */
async function startHostileApi(databaseUrl: string, ports: Ports, apiLog: string, rateLimit: number, opsToken: string): Promise<ApiProcess> {
  return startApi({
    port: ports.api,
    databaseUrl,
    log: apiLog,
    env: {
      ORDER_RATE_LIMIT: String(rateLimit),
      GRAPHQL_ARBITRARY_OPERATIONS: 'true',
      // introspection on too, so that its cost counting is what is tried (production turns it off)
      GRAPHQL_INTROSPECTION: 'true',
      // only the host's address is a trusted proxy; the stage's "direct" clients use other loopback addresses
      TRUSTED_PROXIES: LOCAL,
      SHOP_PUBLIC_URL: `http://localhost:${ports.host}`,
      OPS_TOKEN: opsToken,
    },
  });
}

/** Product ids and an offer with stock, from the first 200 products. */
async function targets(apiUrl: string): Promise<{ productIds: string[]; offerId: string }> {
  type Page = { items: { id: string; offers: { id: string; stock: number }[] }[] };
  const data = await gql<{ a: Page; b: Page }>(apiUrl, '{ a: products(limit: 100) { items { id offers { id stock } } } b: products(limit: 100, offset: 100) { items { id offers { id stock } } } }');
  const items = [...data.a.items, ...data.b.items];
  return { productIds: items.map((p) => p.id), offerId: items.flatMap((p) => p.offers).find((o) => o.stock >= 5)?.id ?? '1' };
}

function attackClasses(ctx: Ctx, sampleRss: () => void, rateLimit: number): [string, () => Promise<ClassResult>][] {
  return [
    ['request-line forms', () => requestLines(ctx)],
    ['Host headers', () => hostHeaders(ctx)],
    ['visitor_id cookies', () => visitorCookies(ctx)],
    ['fragment diamonds', () => fragmentDiamonds(ctx)],
    ['alias and introspection amplification', () => amplification(ctx)],
    ['offers-list amplification', () => offersAmplification(ctx, sampleRss)],
    ['non-JSON bodies', () => nonJsonBodies(ctx)],
    ['chunked bodies', () => chunkedBodies(ctx)],
    ['spoofed forwarding headers', () => forwardingHeaders(ctx, rateLimit)],
    ['deep variables', () => deepVariables(ctx)],
    ['subscriptions', () => subscriptions(ctx)],
  ];
}

/** Runs one class; whatever it expects, no 5xx, no silence, no internals and no dead process hold for every class. */
async function runClass(name: string, run: () => Promise<ClassResult>, procs: Procs): Promise<ClassResult> {
  let result: ClassResult;
  try {
    result = await run();
  } catch (e) {
    result = { name, expects: '', sent: [], problems: [`the class itself failed: ${(e as Error).message}`] };
  }
  for (const s of result.sent) {
    if (s.answer.status !== null && s.answer.status >= 500) result.problems.push(`${describe(s)} → ${snippet(s.answer)}`);
    if (s.answer.outcome === 'timeout') result.problems.push(`${describe(s)} (no answer)`);
    if (STACK_IN_ANSWER.test(s.answer.body)) result.problems.push(`${describe(s)}: internals in the answer`);
  }
  for (const [p, proc] of Object.entries(procs)) if (!proc.alive()) result.problems.push(`the ${p} process died during this class`);
  return result;
}

/** Every class in turn, stopping once a process died. */
async function runClasses(ctx: Ctx, procs: Procs, sampleRss: () => void, rateLimit: number, log: (s: string) => void) {
  const classes: ClassResult[] = [];
  const notes: string[] = [];
  for (const [name, run] of attackClasses(ctx, sampleRss, rateLimit)) {
    const t = Date.now();
    const result = await runClass(name, run, procs);
    classes.push(result);
    sampleRss();
    log(`hostile: ${name}: ${result.sent.length} requests in ${Math.round((Date.now() - t) / 100) / 10} s → ${result.problems.length ? `${result.problems.length} problem(s)` : 'holds'}`);
    if (!procs.api.alive() || !procs.host.alive()) {
      notes.push(`stopped after «${name}»: a process died`);
      break;
    }
  }
  return { classes, notes };
}

/** Stack traces the processes logged during the stage (from the given offsets), a few lines around the first. */
function stackLinesInLogs(logs: [name: string, file: string, from: number][]): string[] {
  const stackLines: string[] = [];
  for (const [name, file, from] of logs) {
    const text = readFileSync(file).subarray(from).toString('utf8');
    if (STACK_IN_LOG.test(text)) {
      const lines = text.split('\n');
      const at = lines.findIndex((l) => STACK_IN_LOG.test(l));
      stackLines.push(`${name} log: ${lines.slice(Math.max(0, at - 2), at + 2).join(' ⏎ ').slice(0, 400)}`);
    }
  }
  return stackLines;
}

function countStatuses(sent: ClassResult['sent']): Record<string, number> {
  const statuses: Record<string, number> = {};
  for (const s of sent) {
    const key = String(s.answer.status ?? s.answer.outcome);
    statuses[key] = (statuses[key] ?? 0) + 1;
  }
  return statuses;
}

function classSummary(c: ClassResult): HostileFigures['classes'][number] {
  return {
    name: c.name,
    expects: c.expects,
    requests: c.sent.length,
    statuses: countStatuses(c.sent),
    maxLatencyMs: Math.max(0, ...c.sent.map((s) => s.answer.ms)),
    maxAnswerBytes: Math.max(0, ...c.sent.map((s) => s.answer.bodyBytes)),
    holds: c.problems.length === 0,
    problems: [...new Set(c.problems)].slice(0, 12),
    ...(c.figures ? { figures: c.figures } : {}),
  };
}

/** What the stage measured around the classes, for the verdict. */
interface StageObservations {
  started: number;
  classes: ClassResult[];
  notes: string[];
  canaryHits: string[];
  stackLines: string[];
  rss: { before: Rss; peak: Rss; after: Rss };
  alive: { api: boolean; host: boolean };
  listingBefore: unknown;
  listingAfter: unknown;
}

function verdict(o: StageObservations, log: (s: string) => void): HostileFigures {
  const { classes, rss, alive, canaryHits, stackLines } = o;
  const all = classes.flatMap((c) => c.sent);
  const statuses = countStatuses(all);
  const fiveXX = all.filter((s) => (s.answer.status ?? 0) >= 500).length;
  const ok = fiveXX === 0 && alive.api && alive.host && canaryHits.length === 0 && stackLines.length === 0 && classes.every((c) => c.problems.length === 0);
  log(
    `hostile: ${all.length} requests; statuses ${JSON.stringify(statuses)}; 5xx ${fiveXX}; canary ${canaryHits.length}; stack traces ${stackLines.length}; API RSS ${rss.before.api} → ${rss.after.api} MB (peak ${rss.peak.api}), host ${rss.before.host} → ${rss.after.host} MB (peak ${rss.peak.host}) → ${ok ? 'OK' : 'FAILED'}`,
  );
  return {
    ok,
    figures: {
      seconds: Math.round((Date.now() - o.started) / 100) / 10,
      requests: all.length,
      httpStatuses: statuses,
      http5xx: fiveXX,
      maxLatencyMs: Math.max(0, ...all.map((s) => s.answer.ms)),
      apiRssMb: { before: rss.before.api, peak: rss.peak.api, after: rss.after.api },
      hostRssMb: { before: rss.before.host, peak: rss.peak.host, after: rss.after.host },
      processesAlive: alive,
      canaryHits: canaryHits.length,
      stackTracesInLogs: stackLines.length,
      listingBefore: o.listingBefore,
      listingAfter: o.listingAfter,
      classesHolding: `${classes.filter((c) => !c.problems.length).length} of ${classes.length}`,
    },
    classes: classes.map(classSummary),
    notes: [...o.notes, ...canaryHits.map((h) => `canary got: ${h}`), ...stackLines],
  };
}

/** Runs the stage on a fresh database (`databaseUrl`); `log` prints progress. */
export async function runHostileStage(databaseUrl: string, log: (s: string) => void): Promise<HostileFigures> {
  const started = Date.now();
  const canary = await startCanary();
  const rateLimit = 10;
  const opsToken = randomBytes(24).toString('base64url');
  const ports: Ports = { api: await freePort(), host: await freePort(), release: await freePort() };
  const apiLog = path.join(TMP, 'hostile-api.log');
  const hostLog = path.join(TMP, 'hostile-host.log');
  const releaseLog = path.join(TMP, 'hostile-release.log');
  for (const f of [apiLog, hostLog, releaseLog]) rmSync(f, { force: true });
  log('hostile: starting the API and the host');
  const api = await startHostileApi(databaseUrl, ports, apiLog, rateLimit, opsToken);
  // the host's server-side operations are trusted documents: register them as `npm start` does
  const registered = await registerHostOperations(api.url, opsToken);
  if (registered) log(`hostile: ${registered}`);
  let host: Awaited<ReturnType<typeof startHost>> | null = null;
  let release: Awaited<ReturnType<typeof startRelease>> | null = null;
  const peak: Rss = { api: 0, host: 0 };
  let sampler: NodeJS.Timeout | undefined;
  try {
    release = await startRelease(ports.release, api.url, databaseUrl, opsToken, releaseLog);
    host = await startHost(ports.host, api.url, `http://${LOCAL}:${ports.release}`, hostLog);
    const procs: Procs = { api: { pid: api.child.pid, alive: () => api.child.exitCode === null && api.child.signalCode === null }, host: { pid: host.proc.pid, alive: host.proc.alive } };
    const rssNow = (): Rss => ({ api: rssOf(procs.api.pid), host: rssOf(procs.host.pid) });
    const sampleRss = () => {
      peak.api = Math.max(peak.api, rssOf(procs.api.pid));
      peak.host = Math.max(peak.host, rssOf(procs.host.pid));
    };
    const { productIds, offerId } = await targets(api.url);
    // warm-up, then the baseline
    await listing(ports);
    await new Promise((r) => setTimeout(r, 1500));
    const listingBefore = await listing(ports);
    const before = rssNow();
    Object.assign(peak, before);
    sampler = setInterval(sampleRss, 200);
    const logOffsets = { api: statSync(apiLog).size, host: statSync(hostLog).size };
    const ctx: Ctx = {
      ports,
      canary: canary.port,
      offerId,
      productIds,
      async send(klass, target, name, payload, options) {
        const answer = await rawRequest(ports[target], payload, options);
        klass.sent.push({ name, target, answer });
        return answer;
      },
    };
    const { classes, notes } = await runClasses(ctx, procs, sampleRss, rateLimit, log);
    clearInterval(sampler);
    await new Promise((r) => setTimeout(r, 5000));
    const after = rssNow();
    const alive = { api: procs.api.alive(), host: procs.host.alive() };
    const listingAfter = alive.api && alive.host ? await listing(ports) : {};
    const stackLines = stackLinesInLogs([['api', apiLog, logOffsets.api], ['host', hostLog, logOffsets.host]]);
    return verdict({ started, classes, notes, canaryHits: canary.hits, stackLines, rss: { before, peak, after }, alive, listingBefore, listingAfter }, log);
  } finally {
    clearInterval(sampler);
    await host?.stop();
    await release?.stop();
    await api.stop();
    await canary.stop();
  }
}
