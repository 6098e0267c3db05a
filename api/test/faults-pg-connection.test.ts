// Guards the API against PostgreSQL cutting its connections (restart, failover, admin kill): a connection in use when it is cut must not end the process; the request in flight fails with a coded error and the next ones are served again.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { rows } from '../src/db/database.ts';
import { createTestEnv, type TestEnv } from './test-env.ts';

describe('PostgreSQL cuts the API’s connections', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv('postgres');
  });
  afterAll(async () => {
    await env?.close();
  });

  it('a connection cut while checked out (inside a transaction) does not crash the API, which then answers again', async () => {
    const [{ db: name }] = (await rows<{ db: string }>(env.database.db, sql`SELECT current_database() AS db`)) as [{ db: string }];
    const unhandled: unknown[] = [];
    const onError = (e: unknown) => unhandled.push(e);
    process.on('uncaughtException', onError);
    try {
      const inFlight = env.database.db
        .transaction(async (tx) => {
          await tx.execute(sql`SELECT 1`);
          // every backend of this database is killed while this connection sits idle in the transaction
          await terminateAll(name);
          await new Promise((r) => setTimeout(r, 300));
          await tx.execute(sql`SELECT 2`);
        })
        .then(
          () => 'committed',
          () => 'failed',
        );
      expect(await inFlight).toBe('failed');
      expect(unhandled).toEqual([]);
      const res = await env.gql('{ products(limit: 1) { totalCount } }');
      expect(res.errors).toBeUndefined();
      expect(res.data.products.totalCount).toBe(153);
    } finally {
      process.off('uncaughtException', onError);
    }
  });

  async function terminateAll(database: string) {
    const admin = new pg.Client({ connectionString: inject('pgUrl') });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
    await admin.end();
  }
});
