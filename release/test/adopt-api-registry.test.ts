// Guards the hand-over of an installation whose registry ran inside the catalogue API (tables in
// the public schema of the database the release service now shares): the service's first start
// takes the rows over, from the API's last shape and from its first one, and never mixes old
// history into a registry already in use.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';

const MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));

// The API's registry as its first migration made it, with two releases, one active, and history.
const FIRST_SHAPE = `
CREATE TABLE registry_events (id serial PRIMARY KEY, remote text NOT NULL, action text NOT NULL, version text,
  percent integer, at timestamptz NOT NULL DEFAULT now(), by text NOT NULL);
CREATE TABLE remote_releases (remote text NOT NULL, version text NOT NULL, manifest_url text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(), created_by text NOT NULL, PRIMARY KEY (remote, version));
CREATE TABLE remote_state (remote text PRIMARY KEY, active_version text, activated_at timestamptz, activated_by text,
  canary_version text, canary_percent integer, canary_at timestamptz, canary_by text);
INSERT INTO remote_releases VALUES ('mf_cart', '1.0.0', 'https://cdn.test/mf_cart/1.0.0/mf-manifest.json', now(), 'ops'),
  ('mf_cart', '1.1.0', 'https://cdn.test/mf_cart/1.1.0/mf-manifest.json', now(), 'cart-team');
INSERT INTO remote_state (remote, active_version, activated_at, activated_by) VALUES ('mf_cart', '1.1.0', now(), 'ops');
INSERT INTO registry_events (remote, action, version, by) VALUES ('mf_cart', 'publish', '1.0.0', 'ops'),
  ('mf_cart', 'activate', '1.0.0', 'ops'), ('mf_cart', 'publish', '1.1.0', 'cart-team'), ('mf_cart', 'activate', '1.1.0', 'ops');
`;

// What the API's later migration added: release status and checks, notes, the activation stack, tokens, health.
const LAST_SHAPE = `${FIRST_SHAPE}
ALTER TABLE registry_events ADD COLUMN note text;
ALTER TABLE remote_releases ADD COLUMN status text NOT NULL DEFAULT 'published', ADD COLUMN meta jsonb,
  ADD COLUMN checks jsonb, ADD COLUMN pruned boolean NOT NULL DEFAULT false;
CREATE TABLE remote_activations (id serial PRIMARY KEY, remote text NOT NULL, version text NOT NULL,
  at timestamptz NOT NULL DEFAULT now(), by text NOT NULL, reason text NOT NULL, undone_at timestamptz);
CREATE TABLE release_tokens (id serial PRIMARY KEY, name text NOT NULL UNIQUE, remote text, token_sha256 text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(), revoked_at timestamptz);
CREATE TABLE remote_health (remote text NOT NULL, version text NOT NULL, page_type text NOT NULL, kind text NOT NULL,
  minute timestamptz NOT NULL, count integer NOT NULL DEFAULT 0, PRIMARY KEY (remote, version, page_type, kind, minute));
UPDATE remote_releases SET status = 'bad', meta = '{"commit":"abc1234"}' WHERE version = '1.0.0';
UPDATE registry_events SET note = 'первый релиз' WHERE id = 1;
INSERT INTO remote_activations (remote, version, by, reason) VALUES ('mf_cart', '1.1.0', 'ops', 'activate');
INSERT INTO release_tokens (name, remote, token_sha256) VALUES ('cart-team', 'mf_cart', 'f00d');
INSERT INTO remote_health VALUES ('mf_cart', '1.1.0', 'cart', 'view', date_trunc('minute', now()), 42);
`;

async function query<T>(client: PGlite, sql: string): Promise<T[]> {
  return (await client.query<T>(sql)).rows;
}

it('takes over the registry the catalogue API kept in its last shape, with status, notes, tokens and health', async () => {
  const client = await PGlite.create();
  await client.exec(LAST_SHAPE);
  const database = await openDatabase({ pglite: client });

  expect(await query(client, 'SELECT remote, active_version FROM release.remote_state')).toEqual([{ remote: 'mf_cart', active_version: '1.1.0' }]);
  expect(await query(client, 'SELECT version, status, meta FROM release.remote_releases ORDER BY version')).toEqual([
    { version: '1.0.0', status: 'bad', meta: { commit: 'abc1234' } },
    { version: '1.1.0', status: 'published', meta: null },
  ]);
  expect(await query(client, "SELECT note FROM release.registry_events WHERE id = 1")).toEqual([{ note: 'первый релиз' }]);
  expect(await query(client, 'SELECT version, reason FROM release.remote_activations')).toEqual([{ version: '1.1.0', reason: 'activate' }]);
  expect(await query(client, 'SELECT name FROM release.release_tokens')).toEqual([{ name: 'cart-team' }]);
  expect(await query(client, 'SELECT count FROM release.remote_health')).toEqual([{ count: 42 }]);
  // new history goes on after the copied ids
  const [next] = await query<{ id: number }>(client, "INSERT INTO release.registry_events (remote, action, by) VALUES ('mf_cart', 'rollback', 'ops') RETURNING id");
  expect(next?.id).toBe(5);
  await database.close();
});

it('takes over a registry in the API first shape: activations come from the history', async () => {
  const client = await PGlite.create();
  await client.exec(FIRST_SHAPE);
  await openDatabase({ pglite: client });

  expect(await query(client, 'SELECT version, status FROM release.remote_releases ORDER BY version')).toEqual([
    { version: '1.0.0', status: 'published' },
    { version: '1.1.0', status: 'published' },
  ]);
  expect(await query(client, 'SELECT version, reason FROM release.remote_activations ORDER BY id')).toEqual([
    { version: '1.0.0', reason: 'activate' },
    { version: '1.1.0', reason: 'activate' },
  ]);
  await client.close();
});

it('leaves a registry already in use alone when the old tables are found later', async () => {
  // the service ran its first migration only, and published a release, before this one came
  const firstOnly = mkdtempSync(path.join(tmpdir(), 'release-migrations-'));
  cpSync(MIGRATIONS, firstOnly, { recursive: true });
  const journalFile = path.join(firstOnly, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, 1) }));
  const client = await PGlite.create();
  await migrate(drizzle(client), { migrationsFolder: firstOnly, migrationsSchema: 'release', migrationsTable: '__release_migrations' });
  await client.exec(`INSERT INTO release.remote_releases (remote, version, manifest_url, created_by)
    VALUES ('mf_cart', '2.0.0', 'https://cdn.test/mf_cart/2.0.0/mf-manifest.json', 'cart-team')`);
  await client.exec(LAST_SHAPE);

  await openDatabase({ pglite: client });
  expect(await query(client, 'SELECT version FROM release.remote_releases')).toEqual([{ version: '2.0.0' }]);
  expect(await query(client, 'SELECT count(*)::int AS n FROM release.remote_state')).toEqual([{ n: 0 }]);
  await client.close();
});
