// Guards the host image's start in docker-compose: its entry (host/server-dist/checked-main.js,
// bundled here exactly as the host's build:server bundles it) registers the build's GraphQL
// documents with the API (production configuration: only registered documents run) before the
// server starts, and does not start the server when the API refuses them. Without this, a
// compose host deploy served pages whose every query the API refused.
import { type ChildProcess, execFile, execSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, ROOT } from '../lib/stack.ts';

const TOKEN = 'host-ops-test-token-0123456789';
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const op = (name: string, body: string) => ({ id: sha256(body), name, type: 'query', body });
const GOOD = op('HostProbe', 'query HostProbe {\n  menu {\n    id\n    __typename\n  }\n}');
const BAD = op('HostPeek', 'query HostPeek { users { email passwordHash } }');

let api: ChildProcess;
let apiBase = '';
let work = '';
let entry = '';

async function waitFor(url: string, deadline = Date.now() + 90_000): Promise<void> {
  while (Date.now() < deadline) {
    if (api.exitCode !== null) throw new Error(`the API exited with ${api.exitCode}`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the API did not start');
}

/** A host build's folder with these documents. */
function hostDist(name: string, operations: unknown[]): string {
  const dist = path.join(work, name);
  mkdirSync(dist, { recursive: true });
  writeFileSync(
    path.join(dist, 'persisted-operations.json'),
    JSON.stringify({ format: 'apollo-persisted-query-manifest', version: 1, app: 'host', operations }),
  );
  writeFileSync(
    path.join(dist, 'mf-manifest.json'),
    JSON.stringify({ metaData: { buildInfo: { buildVersion: '9.9.9-test' } } }),
  );
  return dist;
}

/** Runs the host image's entry as its CMD does (node host/server-dist/checked-main.js). */
async function start(dist: string, env: Record<string, string>) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [entry], {
      env: { PATH: process.env.PATH ?? '', API_URL: apiBase, HOST_DIST_DIR: dist, ...env },
      timeout: 30_000,
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

const runById = async (id: string) => {
  const res = await fetch(`${apiBase}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ variables: {}, extensions: { persistedQuery: { version: 1, sha256Hash: id } } }),
  });
  return (await res.json()) as { data?: { menu?: unknown[] }; errors?: { extensions?: { code?: string } }[] };
};

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'host-ops-'));
  // the entry, bundled with the host's own build:server command (its output moved here), and a
  // stand-in server beside it that says it started and whether it was given the ops token
  const build =
    (JSON.parse(readFileSync(path.join(ROOT, 'host', 'package.json'), 'utf8')) as { scripts: Record<string, string> })
      .scripts['build:server'] ?? '';
  const command = build.split('&&').find((part) => part.includes('checked-host-start.ts'));
  if (!command) throw new Error("the host's build:server no longer bundles scripts/remotes/checked-host-start.ts");
  entry = path.join(work, 'server-dist', 'checked-main.js');
  execSync(command.replace(/--outfile=\S+/, `--outfile=${entry}`), { cwd: path.join(ROOT, 'host'), stdio: 'pipe' });
  const stand = "console.log('host server started; OPS_TOKEN', process.env.OPS_TOKEN ? 'kept' : 'dropped');\n";
  writeFileSync(path.join(work, 'server-dist', 'main.js'), stand);
  const port = await freePort();
  apiBase = `http://127.0.0.1:${port}`;
  api = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['api/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PAYMENT_SANDBOX: '1',
      GRAPHQL_ARBITRARY_OPERATIONS: '',
      API_PORT: String(port),
      PGLITE_DIR: path.join(work, 'db'),
      CATALOG_SEED: 'none',
      OPS_TOKEN: TOKEN,
    },
    stdio: 'ignore',
  });
  await waitFor(`${apiBase}/api/health`);
}, 150_000);

afterAll(async () => {
  api?.kill('SIGTERM');
  await new Promise((r) => api?.once('exit', r));
  rmSync(work, { recursive: true, force: true });
});

describe('the host image registers its GraphQL documents before its server starts', () => {
  it('with OPS_TOKEN: registered, then the server starts without the token, and the API runs the documents', async () => {
    expect((await runById(GOOD.id)).errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    const { code, out } = await start(hostDist('good', [GOOD]), { OPS_TOKEN: TOKEN });
    expect(out).toContain("The host build's 1 GraphQL documents are registered with the API.");
    expect(out).toContain('host server started; OPS_TOKEN dropped');
    expect(code).toBe(0);
    const answer = await runById(GOOD.id);
    expect(answer.errors).toBeUndefined();
    expect(Array.isArray(answer.data?.menu)).toBe(true);
  });

  it('a document the API refuses: nothing registered, and the server does not start', async () => {
    const { code, out } = await start(hostDist('bad', [GOOD, BAD]), { OPS_TOKEN: TOKEN });
    expect(code).toBe(1);
    expect(out).toContain('HostPeek');
    expect(out).toContain('The host server does not start with this build');
    expect(out).not.toContain('host server started');
    expect((await runById(BAD.id)).errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('a wrong token: the server does not start', async () => {
    const { code, out } = await start(hostDist('good', [GOOD]), { OPS_TOKEN: 'not-the-token' });
    expect(code).toBe(1);
    expect(out).not.toContain('host server started');
  });

  it('without OPS_TOKEN: says the documents were not registered and how to do it, and starts', async () => {
    const { code, out } = await start(hostDist('good', [GOOD]), {});
    expect(out).toContain('npm run remotes -- operations host');
    expect(out).toContain('host server started');
    expect(code).toBe(0);
  });
});
