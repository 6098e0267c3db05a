// A release's trusted documents are registered with the API before activation (by the release
// service: release/src/registry/release-operations.ts; by the CLI's `operations` for a local
// build), and the API (in production configuration, its own process) refuses them all when any
// operation is refused: invalid, too costly, or not the hash of its text. Nothing refused runs.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { exposesOf } from '@shop/contracts/remotes';
import { create } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, ROOT } from '../lib/stack.ts';
import { createRegistryClient } from './ops-client.ts';

const run = promisify(execFile);
const TOKEN = 'release-test-ops-token-0123456789';
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const op = (name: string, body: string) => ({ id: sha256(body), name, type: 'query', body });

interface OperationManifest {
  app: string;
  operations: { id: string; name: string; type: string; body: string }[];
}

let api: ChildProcess;
let apiBase = '';
let dataDir = '';

async function waitFor(url: string, child = api, deadline = Date.now() + 90_000): Promise<void> {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}`);
    const ok = await fetch(url).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer`);
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'release-ops-'));
  const port = await freePort();
  apiBase = `http://127.0.0.1:${port}`;
  api = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['api/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', PAYMENT_SANDBOX: '1', GRAPHQL_ARBITRARY_OPERATIONS: '', API_PORT: String(port), PGLITE_DIR: path.join(dataDir, 'db'), CATALOG_SEED: 'none', OPS_TOKEN: TOKEN },
    stdio: 'ignore',
  });
  await waitFor(`${apiBase}/api/health`);
}, 120_000);

afterAll(async () => {
  api?.kill('SIGTERM');
  await new Promise((r) => api?.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
});

const client = (token = TOKEN) => createRegistryClient({ base: apiBase, token, by: 'release-test' });
/** Registers a release's operations; the problems (none: registered). */
const register = (version: string, operations: unknown[], token = TOKEN): Promise<string[]> =>
  client(token)
    .registerOperations('mf-catalog', version, operations)
    .then(
      () => [],
      (error: Error) => [`the API refused its operations: ${error.message}`],
    );
const runById = async (id: string, variables: Record<string, unknown> = {}) => {
  const res = await fetch(`${apiBase}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ variables, extensions: { persistedQuery: { version: 1, sha256Hash: id } } }),
  });
  return { status: res.status, body: (await res.json()) as { data?: unknown; errors?: { extensions?: { code?: string } }[] } };
};

describe('release: trusted documents', () => {
  it('registers the operations of a good candidate, which then run by id in production', async () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'mf-catalog/src/graphql/persisted-operations.json'), 'utf8')) as OperationManifest;
    expect(await register('1.0.0-good', manifest.operations)).toEqual([]);
    const heading = manifest.operations.find((o) => o.name === 'ListingHeading')!;
    const res = await runById(heading.id, { id: '1', isCategory: true });
    expect(res.status).toBe(200);
    // …and the API in production refuses the same text sent as a document
    const text = await fetch(`${apiBase}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: heading.body, variables: { id: '1', isCategory: true } }),
    });
    expect(text.status).toBe(400);
    expect(((await text.json()) as { errors: { extensions: { code: string } }[] }).errors[0]?.extensions.code).toBe('PERSISTED_QUERY_ONLY');
  });

  it('refuses a candidate with one refused operation, naming it, and registers none of its operations', async () => {
    const fine = op('FineTopBrands', 'query FineTopBrands {\n  topBrands(limit: 5) {\n    id\n    __typename\n  }\n}');
    const bomb = op(
      'AliasBomb',
      `query AliasBomb($n: Int!) {\n${Array.from({ length: 40 }, (_, i) => `  p${i}: products(type: OFFER, limit: $n) { items { id variants { id thumbnail { src } } } }`).join('\n')}\n}`,
    );
    const unknown = op('AdminPeek', 'query AdminPeek { users { email passwordHash } }');
    const problems = await register('1.1.0-bad', [fine, bomb, unknown]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/refused/);
    expect(problems[0]).toMatch(/AliasBomb: QUERY_TOO_COMPLEX/);
    expect(problems[0]).toMatch(/AdminPeek: invalid against the schema/);
    expect(problems[0]).not.toMatch(/FineTopBrands/);
    expect((await runById(fine.id)).body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect((await runById(bomb.id, { n: 1 })).body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('refuses registration with a wrong ops token', async () => {
    const problems = await register('1.4.0-ok', [op('Y', 'query Y {\n  menu {\n    id\n    __typename\n  }\n}')], 'not-the-token');
    expect(problems[0]).toMatch(/refused its operations/);
  });
});

// A team's token, with the CLI as a team runs it (only RELEASE_URL and RELEASE_TOKEN): `activate`
// and `canary` first have the release service register the release's operations again (the
// API's own route takes only the ops token), then change the registry; another remote is a 403.
describe('release: a team token activates and canaries its own remote with the CLI', () => {
  const TEAM_OPS = op('TeamCli', 'query TeamCli {\n  __typename\n}');
  let release: ChildProcess;
  let releaseBase = '';
  let files: Server;
  let filesBase = '';
  let teamToken = '';
  const releasesDir = () => path.join(dataDir, 'releases');

  /** A mf_catalog release folder: its manifest exposes the contract's modules, each with a file. */
  async function pack(version: string): Promise<Buffer> {
    const dir = path.join(dataDir, 'src', version);
    mkdirSync(dir, { recursive: true });
    const names = Object.keys(exposesOf('mf_catalog')).map((key) => key.replace(/^\.\//, ''));
    const exposes = names.map((name) => ({ name, path: `./${name}`, assets: { js: { sync: [`${name}.js`], async: [] }, css: { sync: [], async: [] } } }));
    writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ name: 'mf_catalog', metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } }, exposes, shared: [] }));
    writeFileSync(path.join(dir, 'remoteEntry.js'), '/* entry */');
    for (const name of names) writeFileSync(path.join(dir, `${name}.js`), '/* module */');
    writeFileSync(path.join(dir, 'persisted-operations.json'), JSON.stringify({ app: 'mf-catalog', operations: [TEAM_OPS] }));
    const chunks: Buffer[] = [];
    for await (const chunk of create({ cwd: dir, gzip: true, portable: true }, ['.']) as AsyncIterable<Buffer>) chunks.push(chunk);
    return Buffer.concat(chunks);
  }

  const cli = async (args: string[]) => {
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, RELEASE_URL: releaseBase, API_URL: apiBase, RELEASE_TOKEN: teamToken };
    try {
      const { stdout, stderr } = await run(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['scripts/remotes/cli.ts', ...args], { cwd: ROOT, env });
      return { code: 0, out: stdout + stderr };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, out: e.stdout + e.stderr };
    }
  };

  beforeAll(async () => {
    // the remotes' server (release storage) and the live host's manifest, which shares nothing here
    files = createServer((req, res) => {
      const url = req.url ?? '/';
      const file = url === '/host/mf-manifest.json' ? null : path.join(releasesDir(), 'mf_catalog', path.normalize(url));
      if (url === '/host/mf-manifest.json') return res.end(JSON.stringify({ name: 'host', exposes: [], shared: [] }));
      if (file?.startsWith(releasesDir()) && existsSync(file)) return res.end(readFileSync(file));
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
    filesBase = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
    const port = await freePort();
    releaseBase = `http://127.0.0.1:${port}`;
    release = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['release/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        RELEASE_PORT: String(port),
        RELEASE_PGLITE_DIR: path.join(dataDir, 'release-db'),
        DATABASE_URL: '',
        REDIS_URL: '',
        API_URL: apiBase,
        OPS_TOKEN: TOKEN,
        RELEASE_SMOKE: 'off',
        RELEASES_DIR: releasesDir(),
        MF_CATALOG_URL: filesBase,
        RELEASE_ORIGINS: filesBase,
        HOST_INTERNAL_URL: `${filesBase}/host`,
      },
      stdio: 'ignore',
    });
    await waitFor(`${releaseBase}/healthz`, release);
    const ops = createRegistryClient({ base: releaseBase, token: TOKEN, by: 'release-test' });
    teamToken = (await ops.addToken('catalog-ci', 'mf_catalog')).token.token;
    for (const version of ['1.0.0-team1', '1.0.0-team2']) {
      const res = await fetch(`${releaseBase}/api/ops/registry/uploads/mf_catalog/${version}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${teamToken}`, 'content-type': 'application/gzip' },
        body: (await pack(version)) as Uint8Array<ArrayBuffer>,
      });
      expect(res.status, await res.clone().text()).toBe(200);
    }
  }, 120_000);

  afterAll(async () => {
    release?.kill('SIGTERM');
    await new Promise((r) => release?.once('exit', r));
    files?.close();
  });

  it('activates, then runs a canary of, its own remote', async () => {
    const activated = await cli(['activate', 'mf-catalog', '1.0.0-team1']);
    expect(activated.code, activated.out).toBe(0);
    expect(activated.out).toContain('Activated mf_catalog 1.0.0-team1.');
    const canary = await cli(['canary', 'mf-catalog', '1.0.0-team2', '20']);
    expect(canary.code, canary.out).toBe(0);
    expect(canary.out).toContain('Canary: 20 % of visitors get mf_catalog 1.0.0-team2.');
    const registry = (await (await fetch(`${releaseBase}/api/registry`)).json()) as { remotes: Record<string, { active: { version: string }; canary: { version: string; percent: number } }> };
    expect(registry.remotes.mf_catalog).toMatchObject({ active: { version: '1.0.0-team1' }, canary: { version: '1.0.0-team2', percent: 20 } });
    // the release's operation runs in production: registered by the release service for the team
    expect((await runById(TEAM_OPS.id)).status).toBe(200);
  });

  it('is refused for another remote, with the reason', async () => {
    for (const args of [['activate', 'mf-cart', '1.0.0-team1'], ['canary', 'mf-cart', '1.0.0-team1', '10']]) {
      const { code, out } = await cli(args);
      expect(code, out).toBe(1);
      expect(out).toContain('Токен «catalog-ci» выпускает только mf_catalog, не mf_cart');
    }
  });
});
