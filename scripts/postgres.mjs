// Starts a throwaway PostgreSQL (Debian's packages, installed with apt-get when missing) on a
// free loopback port, in a temporary data folder; stop() shuts it down and removes the folder.
// Used by the API's test setup and benchmark. Failing to start throws: callers must not skip.
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const isRoot = process.getuid?.() === 0;

function findBinDir() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'postgres')) && existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(base, versions[0], 'bin') : null;
}

/** Installs a Debian package with apt-get (as root only): the tests and benchmarks start real servers. */
export function aptInstall(pkg, what = pkg) {
  if (!isRoot) throw new Error(`${what} is not installed and we are not root: install the "${pkg}" package.`);
  console.log(`[${what}] installing Debian ${pkg} (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', pkg], { stdio: 'inherit', env });
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Runs a PostgreSQL binary as the postgres user when we are root (initdb refuses root). */
function asPostgres(bin, args) {
  return isRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
}

function uid(name) {
  return Number(execFileSync('id', ['-u', name]).toString().trim());
}

export async function startPostgres({ log = false } = {}) {
  let binDir = findBinDir();
  if (!binDir) {
    aptInstall('postgresql');
    binDir = findBinDir();
  }
  if (!binDir) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql after installing');

  const dir = mkdtempSync(join(tmpdir(), 'shop-pg-'));
  const dataDir = join(dir, 'data');
  if (isRoot) chownSync(dir, uid('postgres'), Number(execFileSync('id', ['-g', 'postgres']).toString().trim()));
  const [initCmd, initArgs] = asPostgres(join(binDir, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  try {
    execFileSync(initCmd, initArgs, { stdio: log ? 'inherit' : 'pipe' });
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${e.stderr?.toString() || e.message}`);
  }

  const port = await freePort();
  // durability is pointless for a throwaway test database; speed is not
  const [cmd, args] = asPostgres(join(binDir, 'postgres'), [
    '-D', dataDir, '-p', String(port), '-k', dir,
    '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off',
    '-c', 'max_connections=200', '-c', 'shared_buffers=128MB',
  ]);
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const { ready, output } = await waitForOutput(child, /ready to accept connections/);
  const postmasterPid = () => {
    try {
      return Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    } catch {
      return null;
    }
  };
  const stop = async () => {
    const pid = postmasterPid();
    // SIGINT: PostgreSQL's fast shutdown (the runuser wrapper would not forward it reliably)
    if (pid) {
      try {
        process.kill(pid, 'SIGINT');
      } catch {}
    }
    await new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      const t = setTimeout(() => {
        try {
          if (pid) process.kill(pid, 'SIGKILL');
        } catch {}
        resolve();
      }, 10_000);
      child.once('exit', () => {
        clearTimeout(t);
        resolve();
      });
    });
    rmSync(dir, { recursive: true, force: true });
  };
  if (!ready) {
    await stop();
    throw new Error(`PostgreSQL did not start:\n${output()}`);
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, dataDir, stop };
}

/** Waits (30 s at most) until a server's output matches `pattern`; false if it exits or times out first. */
export async function waitForOutput(child, pattern) {
  let text = '';
  child.stdout.on('data', (d) => (text += d));
  child.stderr.on('data', (d) => (text += d));
  const ready = await new Promise((resolve) => {
    const started = Date.now();
    const timer = setInterval(() => {
      if (pattern.test(text)) {
        clearInterval(timer);
        resolve(true);
      } else if (child.exitCode !== null || Date.now() - started > 30_000) {
        clearInterval(timer);
        resolve(false);
      }
    }, 50);
  });
  return { ready, output: () => text };
}
