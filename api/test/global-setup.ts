import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
// @ts-expect-error plain ESM script shared with the benchmark
import { startPostgres } from '../../scripts/postgres.mjs';
// @ts-expect-error plain ESM script shared with the benchmark
import { startRedis } from '../../scripts/redis.mjs';
import { seedCatalog } from '../src/catalog/seed.ts';
import { openDatabase } from '../src/db/database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Server URL of the throwaway PostgreSQL (database "postgres"). */
    pgUrl: string;
    /** Database seeded with the small catalogue, to be copied with CREATE DATABASE … TEMPLATE. */
    pgTemplate: string;
    /** Tarball of a seeded PGlite data directory. */
    pgliteTemplate: string;
    /** A throwaway Redis (REDIS_URL) for the tests of limits shared by replicas. */
    redisUrl: string;
  }
}

/**
 * Seeds each driver once: PostgreSQL gets a template database, PGlite a dumped data directory.
 * Every test file then starts from a fresh copy in about a second. PostgreSQL failing to start
 * fails the run: the suite must never pass on one driver while claiming two.
 */
export default async function setup(project: TestProject) {
  const started = Date.now();
  const lap = (what: string) => process.env.API_TEST_LOG === '1' && console.log(`[api tests] ${what} at ${Date.now() - started} ms`);
  // both at once; when one fails, the one that started is stopped before the run fails
  const starting = [startPostgres(), startRedis()];
  const [postgres, redis] = await Promise.all(starting).catch(async (error: unknown) => {
    await Promise.allSettled(starting.map((server) => server.then((s: { stop(): Promise<void> }) => s.stop())));
    throw error;
  });
  lap('postgres and redis started');
  const dir = mkdtempSync(join(tmpdir(), 'shop-api-test-'));
  try {
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query('CREATE DATABASE shop_template');
    await admin.end();
    const templateUrl = postgres.url.replace(/\/postgres$/, '/shop_template');
    const [pgDb, lite] = await Promise.all([openDatabase({ databaseUrl: templateUrl, poolSize: 2 }), openDatabase({})]);
    lap('databases opened');
    await Promise.all([seedCatalog(pgDb.db, 'small'), seedCatalog(lite.db, 'small')]);
    lap('seeded');
    await pgDb.close();
    const dump = await lite.pglite?.dumpDataDir('none');
    if (!dump) throw new Error('PGlite dump failed');
    const file = join(dir, 'pglite-template.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await lite.close();
    project.provide('pgUrl', postgres.url);
    project.provide('pgTemplate', 'shop_template');
    project.provide('pgliteTemplate', file);
    project.provide('redisUrl', redis.url);
    console.log(`[api tests] PostgreSQL and PGlite templates ready in ${Date.now() - started} ms`);
  } catch (e) {
    await Promise.all([postgres.stop(), redis.stop()]);
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  return async () => {
    await Promise.all([postgres.stop(), redis.stop()]);
    rmSync(dir, { recursive: true, force: true });
  };
}
