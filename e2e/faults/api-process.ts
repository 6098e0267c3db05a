/**
 * The API as a real child process (one Node process, so its RSS and a SIGKILL are the API's
 * own), on loopback, on a throwaway database, with the order rate limit out of the way.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/stack.ts';

export const TMP = path.join(ROOT, 'reports', 'tmp', 'faults');

export interface ApiProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Resident memory of the API process in MB (from /proc). */
  rssMb(): number;
  kill(): Promise<void>;
  stop(): Promise<void>;
}

export interface ApiOptions {
  port: number;
  databaseUrl?: string;
  pgliteDir?: string;
  log: string;
  env?: Record<string, string>;
}

export async function startApi(options: ApiOptions): Promise<ApiProcess> {
  mkdirSync(path.dirname(options.log), { recursive: true });
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    API_PORT: String(options.port),
    API_HOST: '127.0.0.1',
    CATALOG_SEED: 'small',
    ORDER_RATE_LIMIT: '100000',
    // the fault runs send their own documents (load, corpus, checks): as ops may allow in
    // production, so the corpus reaches the limits instead of stopping at trusted documents
    GRAPHQL_ARBITRARY_OPERATIONS: 'true',
    SHOP_PUBLIC_URL: 'http://localhost:3000',
    // a test stand: the payment sandbox is refused under NODE_ENV=production unless said so
    PAYMENT_SANDBOX: '1',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : { PGLITE_DIR: options.pgliteDir }),
    ...options.env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = createWriteStream(options.log, { flags: 'a' });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode} before it was ready (log: ${options.log})`);
    if (Date.now() > deadline) throw new Error(`the API was not ready in 120 s (log: ${options.log})`);
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  return {
    url,
    port: options.port,
    child,
    rssMb() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return Math.round(kb / 102.4) / 10;
    },
    async kill() {
      if (!gone()) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (!gone()) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export async function gql<T = unknown>(url: string, query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(`${url}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await res.json()) as { data?: T; errors?: unknown };
  if (!body.data || body.errors) throw new Error(`GraphQL failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}
