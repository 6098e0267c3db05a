// A release registers its trusted documents with the API before activation, and the API (in
// production configuration, its own process) refuses the release when any operation is
// refused: invalid, too costly, or not the hash of its text. Nothing of a refused release runs.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, ROOT } from '../lib/stack.ts';
import { type OperationManifest, registerCandidateOperations } from './check-candidate.ts';
import { createRegistryClient } from './ops-client.ts';

const TOKEN = 'release-test-ops-token-0123456789';
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const op = (name: string, body: string) => ({ id: sha256(body), name, type: 'query', body });

let api: ChildProcess;
let apiBase = '';
let dataDir = '';
let remote: Server;
let remoteBase = '';
/** release version → its persisted-operations.json (undefined: the file is missing) */
const releases = new Map<string, unknown>();

async function waitFor(url: string, deadline = Date.now() + 90_000): Promise<void> {
  while (Date.now() < deadline) {
    if (api.exitCode !== null) throw new Error(`the API exited with ${api.exitCode}`);
    const ok = await fetch(url).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the API did not start');
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
  remote = createServer((req, res) => {
    const version = /^\/([^/]+)\/persisted-operations\.json$/.exec(req.url ?? '')?.[1];
    const manifest = version ? releases.get(version) : undefined;
    res.writeHead(manifest ? 200 : 404, { 'content-type': 'application/json' });
    res.end(manifest ? JSON.stringify(manifest) : '{}');
  });
  await new Promise<void>((r) => remote.listen(0, '127.0.0.1', r));
  remoteBase = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
  await waitFor(`${apiBase}/api/health`);
}, 120_000);

afterAll(async () => {
  api?.kill('SIGTERM');
  await new Promise((r) => api?.once('exit', r));
  remote?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const client = () => createRegistryClient({ base: apiBase, token: TOKEN, by: 'release-test' });
const manifestUrl = (version: string) => `${remoteBase}/${version}/mf-manifest.json`;
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
    releases.set('1.0.0-good', manifest);
    expect(await registerCandidateOperations('mf-catalog', '1.0.0-good', manifestUrl('1.0.0-good'), client().registerOperations)).toEqual([]);
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
    releases.set('1.1.0-bad', { format: 'apollo-persisted-query-manifest', version: 1, app: 'mf-catalog', operations: [fine, bomb, unknown] });
    const problems = await registerCandidateOperations('mf-catalog', '1.1.0-bad', manifestUrl('1.1.0-bad'), client().registerOperations);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/refused/);
    expect(problems[0]).toMatch(/AliasBomb: QUERY_TOO_COMPLEX/);
    expect(problems[0]).toMatch(/AdminPeek: invalid against the schema/);
    expect(problems[0]).not.toMatch(/FineTopBrands/);
    expect((await runById(fine.id)).body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect((await runById(bomb.id, { n: 1 })).body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('refuses a candidate whose operations manifest is missing, or is another app’s', async () => {
    const missing = await registerCandidateOperations('mf-catalog', '1.2.0-none', manifestUrl('1.2.0-none'), client().registerOperations);
    expect(missing[0]).toMatch(/persisted-operations\.json is missing/);
    releases.set('1.3.0-cart', { format: 'apollo-persisted-query-manifest', version: 1, app: 'mf-cart', operations: [op('X', 'query X { menu { id } }')] });
    const other = await registerCandidateOperations('mf-catalog', '1.3.0-cart', manifestUrl('1.3.0-cart'), client().registerOperations);
    expect(other[0]).toMatch(/for «mf-cart», not mf-catalog/);
  });

  it('refuses registration with a wrong ops token', async () => {
    releases.set('1.4.0-ok', { format: 'apollo-persisted-query-manifest', version: 1, app: 'mf-catalog', operations: [op('Y', 'query Y {\n  menu {\n    id\n    __typename\n  }\n}')] });
    const problems = await registerCandidateOperations(
      'mf-catalog',
      '1.4.0-ok',
      manifestUrl('1.4.0-ok'),
      createRegistryClient({ base: apiBase, token: 'not-the-token', by: 'x' }).registerOperations,
    );
    expect(problems[0]).toMatch(/refused its operations/);
  });
});
