/**
 * Restarts the throwaway PostgreSQL of scripts/postgres.mjs in place (same data folder, same
 * port), as an operator's restart or a failover would: a fast shutdown that cuts every
 * connection, then the server starts again.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

function binDir(): string {
  const base = '/usr/lib/postgresql';
  const version = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a))[0];
  if (!version) throw new Error('no PostgreSQL binaries');
  return path.join(base, version, 'bin');
}

function postmasterPid(dataDir: string): number | null {
  try {
    return Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Fast shutdown (SIGINT to the postmaster), `downMs` without a database, then the same server again. */
export async function restartPostgres(pg: { dataDir: string; port: number }, downMs: number): Promise<{ downForMs: number }> {
  const started = Date.now();
  const pid = postmasterPid(pg.dataDir);
  if (!pid) throw new Error('PostgreSQL is not running');
  process.kill(pid, 'SIGINT');
  while (alive(pid)) await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, downMs));
  const bin = path.join(binDir(), 'postgres');
  const args = [
    '-D', pg.dataDir, '-p', String(pg.port), '-k', path.dirname(pg.dataDir),
    '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off',
    '-c', 'max_connections=200', '-c', 'shared_buffers=128MB',
  ];
  const isRoot = process.getuid?.() === 0;
  const [cmd, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  // detached: the postgres.mjs stop() finds it by its pid file, like the first one
  const child = spawn(cmd, argv as string[], { stdio: 'ignore', detached: true });
  child.unref();
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      execFileSync(path.join(binDir(), 'pg_isready'), ['-h', '127.0.0.1', '-p', String(pg.port)], { stdio: 'ignore' });
      return { downForMs: Date.now() - started };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error('PostgreSQL did not come back in 30 s');
}
