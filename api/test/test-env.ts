import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IncomingMessage } from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { isReleasePlanePath } from '@shop/contracts/release-plane';
import { buildReleaseApp, openDatabase as openReleaseDatabase, testConfig as releaseTestConfig } from '@shop/release';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { type Config, testConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/database.ts';
import { type Api, createApi } from '../src/http/app.ts';

export type Driver = 'pglite' | 'postgres';
export const DRIVERS: Driver[] = ['pglite', 'postgres'];

export interface GqlResponse<T = any> {
  status: number;
  data?: T;
  errors?: { message: string; extensions?: { code?: string; [k: string]: unknown } }[];
}

export interface TestEnv {
  driver: Driver;
  database: Database;
  api: Api;
  config: Config;
  /** PostgreSQL: this environment's database (for a second API process on it); PGlite: undefined. */
  databaseUrl: string | undefined;
  gql<T = any>(query: string, variables?: Record<string, unknown>, headers?: Record<string, string>): Promise<GqlResponse<T>>;
  /** Like gql but fails the test on GraphQL errors. */
  data<T = any>(query: string, variables?: Record<string, unknown>): Promise<T>;
  /**
   * `peer` is the socket address the API sees: by default the host's proxy on loopback (a
   * trusted proxy, so an `x-forwarded-for` header names the client, as through the host).
   */
  request(path: string, init?: RequestInit, peer?: string): Promise<Response>;
  close(): Promise<void>;
}

let pgliteTemplate: Blob | null = null;

/** A fresh database copied from the seeded template, with the API around it, in process. */
export async function createTestEnv(
  driver: Driver,
  overrides: Partial<Config> = {},
  /** PostgreSQL only: the URL the API connects with (e.g. through a test proxy). */
  connectVia?: (url: string) => string,
): Promise<TestEnv> {
  let database: Database;
  let dropDb: (() => Promise<void>) | null = null;
  let releaseDbUrl: string | undefined;
  if (driver === 'pglite') {
    pgliteTemplate ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
    const client = await PGlite.create({ loadDataDir: pgliteTemplate, extensions: { pg_trgm } });
    database = await openDatabase({ pglite: client });
  } else {
    const serverUrl = inject('pgUrl');
    const name = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
    await admin.end();
    const url = serverUrl.replace(/\/postgres$/, `/${name}`);
    releaseDbUrl = url;
    database = await openDatabase({ databaseUrl: connectVia ? connectVia(url) : url, poolSize: 5 });
    dropDb = async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  // photos imported by one test are not another's
  const photoDir = mkdtempSync(join(tmpdir(), 'shop-photos-'));
  const base = testConfig();
  const config = testConfig({ shopPublicUrl: 'https://shop.test', photos: { ...base.photos, dir: photoDir }, ...overrides });
  const api = await createApi({ db: database.db, config, catalogPollMs: 0, shipmentPollMs: 0, logging: process.env.API_TEST_LOG === "1" ? undefined : false });
  // the shop's /api/ as the host's proxy sees it: the release plane's paths go to the release service
  const releasePlane = lazyReleasePlane(database, releaseDbUrl, config);
  const request = async (path: string, init?: RequestInit, peer = '127.0.0.1') =>
    isReleasePlanePath(new URL(path, 'http://localhost').pathname)
      ? releasePlane.request(path, init, peer)
      : api.fetch(`http://localhost${path}`, init, { req: { socket: { remoteAddress: peer } } as IncomingMessage });
  const gql = async (query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const res = await request('/api/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.0.0.1', ...headers },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as GqlResponse;
    return { ...body, status: res.status };
  };
  return {
    driver,
    database,
    api,
    config,
    databaseUrl: releaseDbUrl,
    gql,
    request,
    async data(query, variables) {
      const res = await gql(query, variables);
      if (res.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(res.errors)}`);
      return res.data;
    },
    async close() {
      api.close();
      await releasePlane.close();
      await database.close();
      await dropDb?.();
      rmSync(photoDir, { recursive: true, force: true });
    },
  };
}

/**
 * The release service beside the API on the same database (its own schema), built on first use
 * with the API's ops token and wrong-token budget, answered through Fastify's inject.
 */
function lazyReleasePlane(database: Database, databaseUrl: string | undefined, config: Config) {
  const open = async () => {
    const release = await openReleaseDatabase(database.pglite ? { pglite: database.pglite } : { databaseUrl: databaseUrl as string, poolSize: 2 });
    const releaseConfig = releaseTestConfig({ opsToken: config.opsToken, opsTokenFailureLimit: config.opsTokenFailureLimit, trustedProxies: config.trustedProxies });
    return { instance: await buildReleaseApp({ db: release.db, config: releaseConfig }), release };
  };
  let opened: Awaited<ReturnType<typeof open>> | null = null;
  return {
    async request(path: string, init: RequestInit = {}, peer = '127.0.0.1'): Promise<Response> {
      opened ??= await open();
      const res = await opened.instance.inject({
        method: (init.method ?? 'GET') as 'GET',
        url: path,
        // inject counts the payload itself
        headers: Object.fromEntries([...new Headers(init.headers)].filter(([name]) => name !== 'content-length')),
        remoteAddress: peer,
        ...(init.body !== undefined && init.body !== null ? { payload: Buffer.from(init.body as Uint8Array | string) } : {}),
      });
      return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers: res.headers as Record<string, string> });
    },
    async close() {
      await opened?.instance.close();
      await opened?.release.close();
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
