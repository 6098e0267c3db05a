/**
 * The balancers of docker-compose.yml (docker/nginx/shop.conf in front of the host replicas,
 * docker/nginx/api.conf in front of the API replicas) run by Debian's nginx on this machine: the
 * real configuration with its upstream servers pointed at local ports. Used by the nginx
 * configuration test (scripts/nginx.test.ts) and the scale test (e2e/scale).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, createWriteStream, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
// @ts-expect-error plain ESM script shared with the tests' setups
import { aptInstall } from '../postgres.mjs';
import { ROOT } from './stack.ts';

export const NGINX = '/usr/sbin/nginx';
export type NginxSite = 'shop.conf' | 'api.conf';

/** Installs Debian's nginx when it is missing (as root; the tests run as root here and on CI). */
export function ensureNginx(): void {
  if (!existsSync(NGINX)) aptInstall('nginx-light', 'nginx');
}

/**
 * The configuration `docker/nginx/<file>` in `work` with its upstream servers, in order, pointed
 * at `127.0.0.1:<ports[i]>` and listening on `127.0.0.1:<listen>`, wrapped in a main file; its path.
 */
export function localConfig(work: string, file: NginxSite, listen: number, ports: number[]): string {
  let site = readFileSync(path.join(ROOT, 'docker/nginx', file), 'utf8');
  let i = 0;
  site = site.replace(/^(\s*server )[\w-]+:\d+/gm, (_, lead) => `${lead}127.0.0.1:${ports[i++]}`);
  if (i !== ports.length)
    throw new Error(`docker/nginx/${file} names ${i} upstream servers, ${ports.length} ports were given`);
  site = site.replace(/listen \d+;/, `listen 127.0.0.1:${listen};`);
  writeFileSync(path.join(work, file), site);
  const main = path.join(work, `main-${file}`);
  writeFileSync(
    main,
    `pid ${work}/${file}.pid;\nerror_log stderr;\nevents {}\nhttp {\n  access_log off;\n  include ${path.join(work, file)};\n}\n`,
  );
  return main;
}

export interface Nginx {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * nginx in the foreground on `localConfig`'s main file, answering `/nginx-health`; its error log
 * (upstream failures, retries) is appended to `logFile`. The workers run as nobody: `work` is
 * opened to them, for the temporary files of answers larger than nginx's buffers.
 */
export async function startNginx(
  work: string,
  file: NginxSite,
  listen: number,
  ports: number[],
  logFile?: string,
): Promise<Nginx> {
  ensureNginx();
  chmodSync(work, 0o755);
  const main = localConfig(work, file, listen, ports);
  const child = spawn(NGINX, ['-p', work, '-c', main, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  if (logFile) child.stderr!.pipe(createWriteStream(logFile, { flags: 'a' }));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  const url = `http://127.0.0.1:${listen}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const ok = await fetch(`${url}/nginx-health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, process: child, stop };
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`nginx with docker/nginx/${file} did not start on ${url}:\n${errors}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
