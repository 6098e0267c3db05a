// Guards the remotes' static server against single hostile requests: no source maps for the
// public, no crash from a backwards Range or an odd request line, and it keeps serving.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './lib/stack.ts';

let port = 0;
let dir = '';
let server: ChildProcess;
let output = '';

/** Raw bytes in, status and body out (fetch would normalise the request lines under test). */
function raw(request: string): Promise<{ status: number | null; body: string }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const done = () => {
      socket.destroy();
      const text = Buffer.concat(chunks).toString('utf8');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1];
      resolve({ status: status ? Number(status) : null, body: text.split('\r\n\r\n').slice(1).join('\r\n\r\n') });
    };
    socket.setTimeout(3000, done);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('close', done);
    socket.on('error', done);
    socket.write(request);
  });
}

const get = (target: string, headers: Record<string, string> = {}, method = 'GET') =>
  `${method} ${target} HTTP/1.1\r\n${Object.entries({ Host: 'localhost', ...headers, Connection: 'close' })
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n')}\r\n\r\n`;

async function alive() {
  expect((await raw(get('/1.0.0-1/remoteEntry.js'))).status).toBe(200);
  expect(server.exitCode, output).toBeNull();
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'serve-remote-'));
  mkdirSync(path.join(dir, '1.0.0-1'));
  writeFileSync(path.join(dir, '1.0.0-1', 'mf-manifest.json'), '{}');
  writeFileSync(path.join(dir, '1.0.0-1', 'remoteEntry.js'), 'var remote = 1;\n');
  writeFileSync(path.join(dir, '1.0.0-1', 'remoteEntry.js.map'), '{"sourcesContent":["secret source"]}');
  mkdirSync(path.join(dir, '1.0.0+20261130-ab'));
  writeFileSync(path.join(dir, '1.0.0+20261130-ab', 'remoteEntry.js'), 'var remote = 2;\n');
  port = await freePort();
  server = spawn(process.execPath, [path.join(import.meta.dirname, 'serve-remote.mjs'), dir], {
    env: { ...process.env, PORT: String(port), SERVE_SOURCE_MAPS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  for (let i = 0; i < 100 && !output.includes('Serving'); i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
});

afterAll(() => {
  server?.kill();
  rmSync(dir, { recursive: true, force: true });
});

describe('remote static server', () => {
  it('answers 404 for source maps however the name is written, and serves the script', async () => {
    for (const target of ['/1.0.0-1/remoteEntry.js.map', '/1.0.0-1/remoteEntry.js%2emap', '/1.0.0-1/remoteEntry.js.MAP?v=1']) {
      const answer = await raw(get(target));
      expect(answer.status, target).toBe(404);
      expect(answer.body).not.toContain('secret source');
    }
    await alive();
  });

  it('serves a release whose version has build metadata, its plus written bare or as %2B', async () => {
    for (const target of [
      '/1.0.0+20261130-ab/remoteEntry.js',
      '/1.0.0%2B20261130-ab/remoteEntry.js',
      '/1.0.0%2b20261130-ab/remoteEntry.js',
    ]) {
      const answer = await raw(get(target));
      expect(answer.status, target).toBe(200);
      expect(answer.body, target).toContain('var remote = 2;');
    }
  });

  it('ignores a backwards or malformed Range instead of dying', async () => {
    for (const range of ['bytes=10-5', 'bytes=9-0', 'bytes=1-2,0-1', 'bytes=abc']) {
      const answer = await raw(get('/1.0.0-1/remoteEntry.js', { Range: range }));
      expect(answer.status, range).toBe(200);
      await alive();
    }
  });

  it('refuses request lines that are not a plain path, odd methods and bad headers, and keeps serving', async () => {
    for (const target of ['http://127.0.0.1:1/1.0.0-1/remoteEntry.js', '//127.0.0.1:1/x', '*', 'x']) {
      expect((await raw(get(target))).status, target).toBe(400);
    }
    expect((await raw(get('/1.0.0-1/remoteEntry.js', {}, 'DELETE'))).status).toBe(405);
    expect((await raw(get('/', {}, 'BREW'))).status).toBe(400);
    expect((await raw('GET / HTTP/1.1\r\nBad Header: x\r\n\r\n')).status).toBe(400);
    expect((await raw(get('/%E0%A4%A'))).status).toBe(404);
    await alive();
  });
});
