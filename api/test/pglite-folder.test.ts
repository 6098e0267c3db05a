// Guards how the API opens an embedded PGlite data folder that is not a sound database of its own:
// a folder of other files, a lost PG_VERSION, a damaged control file or WAL, a file in its place,
// another program's PGlite database. Each is refused with one message naming the folder and what to
// do, leaves the folder as it was and the lock free; none opens as a new, empty database. Real
// PGlite folders on disk; the start-up message from the API's own process.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { DataFolderError } from '@shop/server-kit';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, rows } from '../src/db/database.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

describe('a PGlite data folder that is not a sound database of the shop', () => {
  let scratch = '';
  let good = '';

  beforeAll(async () => {
    scratch = mkdtempSync(path.join(tmpdir(), 'pglite-folder-'));
    good = path.join(scratch, 'good');
    // the seeded, migrated test database, written out as a data folder
    const client = await PGlite.create({ dataDir: good, loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]), extensions: { pg_trgm } });
    await client.close();
  });

  afterAll(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  /** A copy of the good folder, damaged by `harm`. */
  const copy = (name: string, harm: (dir: string) => void = () => {}) => {
    const dir = path.join(scratch, name);
    cpSync(good, dir, { recursive: true });
    harm(dir);
    return dir;
  };

  /** Every file of a folder with its size and modification time: what "left as it was" compares. */
  const snapshot = (dir: string) =>
    (statSync(dir).isDirectory() ? (readdirSync(dir, { recursive: true }) as string[]) : [''])
      .sort()
      .map((f) => {
        const s = statSync(path.join(dir, f));
        return `${f} ${s.size} ${s.mtimeMs}`;
      });

  /**
   * Opens the folder as the API does; returns the refusal, which must name the folder. `files`:
   * only which files there are, not their times (a database PGlite could open was closed cleanly).
   */
  const refusal = async (dir: string, compare: 'files' | 'everything' = 'everything'): Promise<string> => {
    const list = () => (compare === 'files' ? snapshot(dir).map((line) => line.split(' ')[0]) : snapshot(dir));
    const before = list();
    const error = await openDatabase({ pgliteDir: dir }).then(
      async (opened) => {
        await opened.close();
        return null;
      },
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DataFolderError);
    const message = (error as Error).message;
    expect(message).toContain(dir);
    expect(list()).toEqual(before);
    expect(existsSync(`${dir}.lock`)).toBe(false);
    return message;
  };

  it('opens a sound folder with its data', async () => {
    const database = await openDatabase({ pgliteDir: copy('sound') });
    const [count] = await rows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM products`);
    expect(count?.n).toBeGreaterThan(100);
    await database.close();
  });

  it('refuses a folder of other files instead of making a new database among them', async () => {
    const dir = path.join(scratch, 'other');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'notes.txt'), 'not a database');
    expect(await refusal(dir)).toMatch(/is not a PGlite data folder: it holds other files \(notes\.txt\).*Set PGLITE_DIR to an empty or new folder/);
    expect(readdirSync(dir)).toEqual(['notes.txt']);
  });

  it('refuses a database that lost PG_VERSION instead of making a new one over it', async () => {
    const dir = copy('no-version', (d) => rmSync(path.join(d, 'PG_VERSION')));
    expect(await refusal(dir)).toMatch(/is damaged \(PG_VERSION is missing\).*Restore the folder from a backup, or move it aside/);
    expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(false);
  });

  it('refuses a truncated or garbled control file and garbled WAL, naming the damage', async () => {
    const control = (d: string) => path.join(d, 'global', 'pg_control');
    expect(await refusal(copy('control-empty', (d) => writeFileSync(control(d), '')))).toMatch(/is damaged \(global\/pg_control is 0 bytes, not 8192\)/);
    expect(await refusal(copy('control-garbage', (d) => writeFileSync(control(d), randomBytes(8192))))).toMatch(/is damaged \(PGlite: .+\); the database was not opened and nothing in the folder was changed\. Restore the folder/);
    const wal = (d: string) => {
      for (const f of readdirSync(path.join(d, 'pg_wal')).filter((n) => /^[0-9A-F]{24}$/.test(n))) {
        const file = path.join(d, 'pg_wal', f);
        writeFileSync(file, randomBytes(statSync(file).size));
      }
    };
    expect(await refusal(copy('wal-garbage', wal))).toMatch(/is damaged \(PGlite: .+\); /);
  });

  it('refuses a file where the folder should be, and another program’s PGlite database', async () => {
    const file = path.join(scratch, 'a-file');
    writeFileSync(file, 'x');
    expect(await refusal(file)).toMatch(/is a file, not a folder\. Set PGLITE_DIR to a folder/);
    const foreign = path.join(scratch, 'foreign');
    await (await PGlite.create(foreign)).close();
    expect(await refusal(foreign, 'files')).toMatch(/holds a database without this service's tables \(no drizzle\.__drizzle_migrations\)/);
  });

  it('the API process says it in one message and exits 78, which its supervisor does not restart', async () => {
    const dir = path.join(scratch, 'other-for-process');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'photo.jpg'), 'x');
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const run = await new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(
        TSX,
        [path.join(ROOT, 'api/src/main.ts')],
        { cwd: ROOT, env: { ...process.env, PGLITE_DIR: dir, API_PORT: String(port) }, timeout: 60_000 },
        (error, _stdout, stderr) => resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stderr }),
      );
    });
    expect(run.code).toBe(78);
    expect(run.stderr.trim()).toBe(
      `The folder ${dir} is not a PGlite data folder: it holds other files (photo.jpg). The database was not opened, so nothing was written there. ` +
        'Set PGLITE_DIR to an empty or new folder (a first start makes a new database there), or move those files away.',
    );
  });
});
