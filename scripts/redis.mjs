// Starts a throwaway Redis (Debian's redis-server, installed with apt-get when missing) on a free
// loopback port, without persistence; stop() shuts it down. Used by the tests and benchmarks that
// run the services with REDIS_URL. Failing to start throws: callers must not skip.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { aptInstall, freePort, waitForOutput } from './postgres.mjs';

const BIN = '/usr/bin/redis-server';

export async function startRedis() {
  if (!existsSync(BIN)) aptInstall('redis-server', 'redis');
  const port = await freePort();
  const child = spawn(BIN, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { ready, output } = await waitForOutput(child, /Ready to accept connections/);
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  if (!ready) {
    await stop();
    throw new Error(`Redis did not start:\n${output()}`);
  }
  return { url: `redis://127.0.0.1:${port}`, port, stop, version: execFileSync(BIN, ['--version']).toString().trim() };
}
