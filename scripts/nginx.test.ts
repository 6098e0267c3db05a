// Guards the balancer configurations of docker-compose.yml (docker/nginx/*.conf) with Debian's
// nginx (installed with apt-get when missing): they load, and in front of two replicas, one of
// them refusing (a stopped replica) and one answering 503 (a draining one), every GET reaches the
// healthy replica while a POST is never sent twice.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureNginx, localConfig as localConfigIn, NGINX, type NginxSite } from './lib/nginx.ts';
import { freePort } from './lib/stack.ts';

const work = mkdtempSync(path.join(tmpdir(), 'shop-nginx-'));
let healthy: Server;
let draining: Server;
const seen = { posts: 0 };

/** The configuration with its upstream servers pointed at local ports, wrapped in a main file; its path. */
const localConfig = (file: NginxSite, listen: number, ports: number[]) => localConfigIn(work, file, listen, ports);

beforeAll(async () => {
  ensureNginx();
  const serve = (answer: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void) =>
    new Promise<Server>((resolve) => {
      const server = createServer(answer);
      server.listen(0, '127.0.0.1', () => resolve(server));
    });
  healthy = await serve((req, res) => {
    if (req.method === 'POST') seen.posts++;
    res.end('healthy');
  });
  draining = await serve((req, res) => {
    if (req.method === 'POST') seen.posts++;
    res.writeHead(503).end('draining');
  });
  // apt-get may have to install nginx first
}, 300_000);
afterAll(() => {
  healthy?.close();
  draining?.close();
  rmSync(work, { recursive: true, force: true });
});

describe.each<[NginxSite]>([['shop.conf'], ['api.conf']])('docker/nginx/%s', (file) => {
  it('loads in nginx', async () => {
    const main = localConfig(file, await freePort(), [await freePort(), await freePort()]);
    execFileSync(NGINX, ['-t', '-q', '-p', work, '-c', main], { stdio: 'pipe' });
  });

  it('sends every GET to a replica that answers, and never a POST twice', async () => {
    const listen = await freePort();
    const port = (server: Server) => (server.address() as AddressInfo).port;
    // beside the healthy replica: one that is stopped (nothing listens), then one that is draining (503)
    for (const [other, label] of [[await freePort(), 'stopped'], [port(draining), 'draining']] as const) {
      const main = localConfig(file, listen, [other, port(healthy)]);
      const nginx = spawn(NGINX, ['-p', work, '-c', main, '-g', 'daemon off;'], { stdio: 'ignore' });
      try {
        await expect.poll(() => fetch(`http://127.0.0.1:${listen}/nginx-health`).then((r) => r.status, () => 0), { timeout: 10_000 }).toBe(200);
        for (let i = 0; i < 10; i++) {
          const res = await fetch(`http://127.0.0.1:${listen}/x?i=${i}`);
          expect([res.status, await res.text()], label).toEqual([200, 'healthy']);
        }
        const before = seen.posts;
        const answers: number[] = [];
        for (let i = 0; i < 10; i++) answers.push((await fetch(`http://127.0.0.1:${listen}/x`, { method: 'POST', body: 'order' })).status);
        // every POST reached exactly one replica: one that was sent is never sent again
        expect(seen.posts - before, label).toBe(10);
        // a replica that takes no connection never got it, so nginx passed it on
        if (label === 'stopped') expect(answers, label).toEqual(Array(10).fill(200));
        else expect(answers.every((status) => status === 200 || status === 503), label).toBe(true);
      } finally {
        nginx.kill('SIGTERM');
        await new Promise((resolve) => nginx.once('exit', resolve));
      }
    }
  });
});
