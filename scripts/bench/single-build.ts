import { spawn } from 'node:child_process';
import path from 'node:path';
import { writeSingleRemotes } from '../codegen/remote-modules.ts';
import { ROOT } from '../lib/stack.ts';

/** Where the benchmarks build the shop as one bundle (single.rspack.config.ts) to compare with. */
export const SINGLE_DIR = path.join(ROOT, '.run', 'bench-web', 'single');

/** Builds the single bundle into SINGLE_DIR; the build's output is shown only when it fails. */
export function buildSingle(): Promise<void> {
  // the static map of every exposed module, from the remotes table (single-remotes.ts imports it)
  writeSingleRemotes();
  const args = ['build', '-c', 'scripts/bench/single.rspack.config.ts', '--mode', 'production'];
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(ROOT, 'node_modules/.bin/rspack'), args, {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production', BENCH_SINGLE_DIR: SINGLE_DIR },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`rspack ${args.join(' ')} failed\n${output}`))));
  });
}
