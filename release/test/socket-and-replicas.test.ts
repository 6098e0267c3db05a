// The release service's own socket, and its replicas: a request Node's parser refuses gets the
// shop's JSON error shape in Russian on a closed connection; with REDIS_URL wrong tokens counted
// by one replica are throttled on another (the right tokens still pass), and every registry change is announced to the host
// servers on Redis.
import { type AddressInfo, connect } from 'node:net';
import { REGISTRY_CHANGED_CHANNEL } from '@shop/contracts/release-plane';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { buildReleaseApp } from '../src/http/app.ts';
import { RegistryRepo } from '../src/registry/registry-repo.ts';
import { releaseTokens, remoteState } from '../src/registry/registry-tables.ts';
import { tokenHash } from '@shop/server-kit';
import { createTestEnv, type TestEnv } from './test-env.ts';

const OPS_TOKEN = 'release-ops-token-0123456789abcdef';
const TEAM_TOKEN = 'rt_cart-ci-token-0123456789abcdef';
let env: TestEnv;
let replicaB: FastifyInstance;
let port = 0;
beforeAll(async () => {
  env = await createTestEnv('pglite', { redisUrl: inject('redisUrl'), opsToken: OPS_TOKEN, opsTokenFailureLimit: 3 });
  replicaB = await buildReleaseApp({ db: env.database.db, config: env.config, logging: false });
  await env.app.listen({ port: 0, host: '127.0.0.1' });
  port = (env.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await replicaB.close();
  await env.app.close();
  await env.close();
});

/** One raw request, byte for byte; the whole answer once the server closes the connection. */
function raw(text: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const answer = Buffer.concat(chunks).toString('utf8');
      resolve({ status: Number(answer.slice(9, 12)), body: answer.slice(answer.indexOf('\r\n\r\n') + 4) });
    });
    socket.write(text);
  });
}

it("answers bad framing and oversized headers in the shop's error shape, and keeps serving", async () => {
  const smuggled = await raw('POST /api/registry HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n');
  expect(smuggled.status).toBe(400);
  expect(JSON.parse(smuggled.body).errors[0]).toEqual({ message: 'Некорректный запрос', extensions: { code: 'BAD_REQUEST' } });
  const big = await raw(`GET /api/registry HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
  expect(big.status).toBe(431);
  expect(JSON.parse(big.body).errors[0].extensions.code).toBe('BAD_REQUEST');
  const ok = await raw('GET /api/registry HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
  expect(ok.status).toBe(200);
});

it('wrong tokens counted by one replica are throttled on the other (REDIS_URL); the ops and a team token still pass', async () => {
  await env.database.db.insert(releaseTokens).values({ name: 'cart-ci', remote: 'mf_cart', tokenSha256: tokenHash(TEAM_TOKEN) });
  const ops = (app: FastifyInstance, token: string, remote = '') =>
    app.inject({ url: `/api/ops/registry${remote && `?remote=${remote}`}`, headers: { authorization: `Bearer ${token}` }, remoteAddress: '198.51.100.90' });
  for (const guess of ['wrong', 'wrong again', 'still wrong']) expect((await ops(env.app, guess)).statusCode).toBe(401);
  const throttled = await ops(replicaB, 'one more guess');
  expect(throttled.statusCode).toBe(429);
  expect(throttled.json().errors[0].extensions.code).toBe('TOO_MANY_FAILURES');
  expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(800);
  // the same address, the right tokens: never locked out by someone else's guesses
  expect((await ops(replicaB, OPS_TOKEN)).statusCode).toBe(200);
  expect((await ops(env.app, TEAM_TOKEN, 'mf_cart')).statusCode).toBe(200);
  // a right token does not reset the count: the next guess is still throttled
  expect((await ops(env.app, 'after the right one')).statusCode).toBe(429);
});

it('announces a change of a remote\'s active or canary release on Redis, for the host servers', async () => {
  const listener = new Redis(inject('redisUrl'));
  const heard: string[] = [];
  listener.on('message', (_channel: string, remote: string) => heard.push(remote));
  try {
    await listener.subscribe(REGISTRY_CHANGED_CHANNEL);
    await env.database.db.insert(remoteState).values({ remote: 'mf_cart', activeVersion: '1.0.0-a', canaryVersion: '1.1.0-b', canaryPercent: 10 });
    await new RegistryRepo(env.database.db).stopCanary('mf_cart', 'ops');
    await expect.poll(() => heard, { timeout: 1000 }).toContain('mf_cart');
  } finally {
    listener.disconnect();
  }
});
