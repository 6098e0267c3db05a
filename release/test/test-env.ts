import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type Api, createApi, openDatabase as openApiDatabase, testConfig as apiTestConfig } from '@shop/api';
import { pgTable, text } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { createApiClient } from '../src/catalogue/api-client.ts';
import { type Config, testConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/database.ts';
import { buildReleaseApp } from '../src/http/app.ts';

export type Driver = 'pglite' | 'postgres';
export const DRIVERS: Driver[] = ['pglite', 'postgres'];

/** The catalogue API's trusted-documents table, as the tests read it (the API owns it). */
export const persistedOperations = pgTable('persisted_operations', { id: text('id').notNull() });

export interface TestEnv {
  driver: Driver;
  /** The release plane's database (schema `release`), in the same database as the catalogue's tables. */
  database: Database;
  app: FastifyInstance;
  config: Config;
  /** `peer` is the socket address the service sees: by default the host's proxy on loopback. */
  request(path: string, init?: RequestInit, peer?: string): Promise<Response>;
  close(): Promise<void>;
}

let pgliteTemplate: Blob | null = null;

/** A fresh copy of the seeded catalogue database (both drivers), with how to drop it. */
async function freshDatabase(driver: Driver): Promise<{ open: { pglite: PGlite } | { databaseUrl: string }; drop: () => Promise<void> }> {
  if (driver === 'pglite') {
    pgliteTemplate ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
    const client = await PGlite.create({ loadDataDir: pgliteTemplate, extensions: { pg_trgm } });
    return { open: { pglite: client }, drop: async () => void (client.closed || (await client.close())) };
  }
  const serverUrl = inject('pgUrl');
  const name = `r_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
  await admin.end();
  const drop = async () => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
  return { open: { databaseUrl: serverUrl.replace(/\/postgres$/, `/${name}`) }, drop };
}

/** The catalogue API on a loopback port (for the smoke, which reaches it at API_URL). */
async function listen(api: Api): Promise<Server> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks);
    const answer = await api.fetch(`http://localhost${req.url}`, { method: req.method, headers: req.headers as Record<string, string>, ...(body ? { body } : {}) }, { req });
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** A fresh database, the catalogue API and the release service around it, in process. */
export async function createTestEnv(driver: Driver, overrides: Partial<Config> = {}): Promise<TestEnv> {
  const fresh = await freshDatabase(driver);
  const shared = 'pglite' in fresh.open ? fresh.open : { ...fresh.open, poolSize: 3 };
  const apiDatabase = await openApiDatabase(shared);
  const database = await openDatabase(shared);
  const config = testConfig({ shopPublicUrl: 'https://shop.test', ...overrides });
  const api = await createApi({ db: apiDatabase.db, config: apiTestConfig({ shopPublicUrl: 'https://shop.test', opsToken: config.opsToken }), catalogPollMs: 0, logging: false });
  const server = await listen(api);
  process.env.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const inProcess = ((input: string | URL | Request, init?: RequestInit) =>
    api.fetch(String(input).replace(/^https?:\/\/[^/]+/, 'http://localhost'), init, { req: { socket: { remoteAddress: '127.0.0.1' } } as IncomingMessage })) as typeof fetch;
  const app = await buildReleaseApp({ db: database.db, config, api: createApiClient({ apiUrl: 'http://api.internal', opsToken: config.opsToken, fetch: inProcess }) });
  const request = async (path: string, init: RequestInit = {}, peer = '127.0.0.1') => {
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: path,
      // inject counts the payload itself
        headers: Object.fromEntries([...new Headers(init.headers)].filter(([name]) => name !== 'content-length')),
      remoteAddress: peer,
      ...(init.body !== undefined && init.body !== null ? { payload: Buffer.from(init.body as Uint8Array | string) } : {}),
    });
    return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers: res.headers as Record<string, string> });
  };
  return {
    driver,
    database,
    app,
    config,
    request,
    async close() {
      await app.close();
      api.close();
      await new Promise((resolve) => server.close(resolve));
      await database.close();
      await apiDatabase.close();
      await fresh.drop();
    },
  };
}

/** Runs the same tests against a fresh seeded database on each driver. */
export function describeDrivers(name: string, body: (env: () => TestEnv, driver: Driver) => void, overrides: Partial<Config> = {}) {
  describe.each(DRIVERS)(`${name} [%s]`, (driver) => {
    let env: TestEnv | undefined;
    beforeAll(async () => {
      env = await createTestEnv(driver, overrides);
    });
    afterAll(async () => {
      await env?.close();
    });
    body(() => {
      if (!env) throw new Error('test environment not ready');
      return env;
    }, driver);
  });
}
