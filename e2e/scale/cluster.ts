/**
 * The shop as docker-compose.yml runs it, as processes on this machine: PostgreSQL and Redis,
 * two API replicas behind nginx (docker/nginx/api.conf), the release service, one static server
 * per remote, two host replicas behind nginx (docker/nginx/shop.conf), and a local SMTP server.
 * Every service gets the same DATABASE_URL and REDIS_URL. The servers are the compiled production
 * builds (`npm run build`; `npm test` builds before its test steps), started by the stack's own
 * pieces (scripts/lib/stack.ts) exactly as `npm start` starts its one replica of each.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type FakeSmtpServer, startSmtpServer } from '../../api/test/fakes/smtp.ts';
import { startNginx } from '../../scripts/lib/nginx.ts';
import { StartupChecks } from '../../scripts/lib/startup-checks.ts';
import {
  freePort,
  freePorts,
  latestRelease,
  localRegistry,
  type Ports,
  REMOTES,
  type RemoteName,
  ROOT,
  SERVER_ENTRIES,
  type Service,
  type StackOptions,
  startApiService,
  startHostService,
  startReleaseService,
  startRemoteServer,
  waitForHttp,
} from '../../scripts/lib/stack.ts';
// @ts-expect-error plain ESM script shared with the tests' setups
import { startPostgres } from '../../scripts/postgres.mjs';
// @ts-expect-error plain ESM script shared with the tests' setups
import { startRedis } from '../../scripts/redis.mjs';
import { createRegistryClient } from '../../scripts/remotes/ops-client.ts';

/** One replica: its own port, and its process under the stack's supervisor. */
export interface Replica {
  name: string;
  port: number;
  url: string;
  readyUrl: string;
  service: Service;
}

export interface Cluster {
  /** The shoppers' entrance: nginx in front of the host replicas. */
  shopUrl: string;
  /** nginx in front of the API replicas (the hosts and the release service use it). */
  apiUrl: string;
  releaseUrl: string;
  apis: [Replica, Replica];
  hosts: [Replica, Replica];
  ports: Ports;
  opsToken: string;
  /** Where uploaded releases live: `<releasesDir>/<remote>/<version>/`, served by each remote's server. */
  releasesDir: string;
  /** The remotes' releases `npm start` would activate (their newest builds). */
  versions: Record<RemoteName, string>;
  registry: ReturnType<typeof createRegistryClient>;
  /** The shared PostgreSQL, for the test's own reads and its stock setup. */
  db: pg.Pool;
  smtp: FakeSmtpServer;
  /** Redis was given to the services (SCALE_WITHOUT_REDIS=1 runs them without, to see the rules fail). */
  redis: boolean;
  env: Record<string, string>;
  logDir: string;
  /** Seconds each part took to start, for the report. */
  startup: Record<string, number>;
  manifestUrl(remote: RemoteName, version: string): string;
  stop(): Promise<void>;
}

/** What must be built first; the message says how. */
function assertBuilt(): void {
  const missing = [
    ...Object.values(SERVER_ENTRIES),
    'host/dist/index.html',
    'host/dist/mf-manifest.json',
    'host/server-dist/ssr/render.cjs',
  ].filter((file) => !existsSync(path.join(ROOT, file)));
  for (const remote of REMOTES) {
    try {
      latestRelease(remote.dir);
    } catch {
      missing.push(`${remote.dir}/dist/<version>`);
    }
  }
  if (missing.length) {
    throw new Error(
      `The scale test runs the production builds, and these are missing: ${missing.join(', ')}. Run npm run build first.`,
    );
  }
}

export interface ClusterOptions {
  /** Settings for every service, beside the cluster's own. */
  env?: Record<string, string>;
  log?: (line: string) => void;
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  assertBuilt();
  const log = options.log ?? ((line: string) => console.log(line));
  const started = Date.now();
  const startup: Record<string, number> = {};
  const lap = (what: string, since: number) => {
    startup[what] = Math.round((Date.now() - since) / 100) / 10;
  };
  const work = mkdtempSync(path.join(tmpdir(), 'shop-scale-'));
  const logDir = path.join(ROOT, '.run', 'scale-logs');
  rmSync(logDir, { recursive: true, force: true });
  mkdirSync(logDir, { recursive: true });
  const releasesDir = path.join(work, 'releases');
  const cleanup: (() => Promise<unknown> | unknown)[] = [() => rmSync(work, { recursive: true, force: true })];
  const stop = async () => {
    for (const step of cleanup.splice(0).reverse()) await Promise.resolve(step()).catch(() => undefined);
  };
  try {
    // PostgreSQL, Redis and the mail server first: every service needs them from its start
    let since = Date.now();
    const withRedis = process.env.SCALE_WITHOUT_REDIS !== '1';
    const [postgres, redis, smtp] = await Promise.all([
      startPostgres() as Promise<{ url: string; stop(): Promise<void> }>,
      withRedis ? (startRedis() as Promise<{ url: string; stop(): Promise<void> }>) : null,
      startSmtpServer(),
    ]);
    cleanup.push(() => postgres.stop());
    if (redis) cleanup.push(() => redis.stop());
    cleanup.push(() => smtp.close());
    lap('postgres, redis, smtp', since);

    const ports = await freePorts();
    const apiPorts = [await freePort(), await freePort()] as const;
    const hostPorts = [await freePort(), await freePort()] as const;
    const opsToken = randomBytes(18).toString('base64url');
    const previewSecret = randomBytes(24).toString('hex');
    const publicHost = 'localhost';
    const shopUrl = `http://${publicHost}:${ports.host}`;
    const versions = Object.fromEntries(REMOTES.map((r) => [r.name, latestRelease(r.dir)])) as Record<
      RemoteName,
      string
    >;
    const registryUrls = localRegistry(ports, versions, publicHost);
    const env: Record<string, string> = {
      DATABASE_URL: postgres.url,
      ...(redis ? { REDIS_URL: redis.url } : {}),
      SMTP_URL: smtp.url,
      SHOP_OWNER_EMAIL: 'owner@shop.test',
      MAIL_FROM: 'Оригинал <shop@shop.test>',
      // letters go out soon after an order (the sender is also nudged by each order)
      MAIL_POLL_MS: '500',
      // The registry is read again when the release service announces a change on Redis; a long
      // cache time means a switch seen within a second was heard there, not found by expiry.
      REGISTRY_TTL_MS: '60000',
      // the browser smoke before activations is tested on its own (release/test, e2e)
      RELEASE_SMOKE: 'off',
      PREVIEW_SECRET: previewSecret,
      ...options.env,
    };
    const stackOptions: StackOptions = {
      ports,
      publicHost,
      registry: registryUrls,
      opsToken,
      pgliteDir: path.join(work, 'pglite'),
      releasesDir,
      log: { dir: logDir },
      env,
    };
    const services: Service[] = [];
    cleanup.push(() => Promise.all(services.splice(0).map((s) => s.stop())));
    const replica = (name: string, port: number, service: Service, readyPath: string): Replica => {
      services.push(service);
      return { name, port, url: `http://127.0.0.1:${port}`, readyUrl: `http://127.0.0.1:${port}${readyPath}`, service };
    };

    // The API replicas one after the other: the first migrates and seeds the empty database, the
    // second finds it ready (two starting at once would race for the migrations).
    since = Date.now();
    const apiA = replica(
      'api-1',
      apiPorts[0],
      startApiService(stackOptions, apiPorts[0], shopUrl, 'api-1'),
      '/api/health',
    );
    await waitForHttp(apiA.readyUrl, apiA.service, 90_000);
    lap('api-1 (migrations, seed)', since);
    since = Date.now();
    const apiB = replica(
      'api-2',
      apiPorts[1],
      startApiService(stackOptions, apiPorts[1], shopUrl, 'api-2'),
      '/api/health',
    );
    await waitForHttp(apiB.readyUrl, apiB.service, 90_000);
    lap('api-2', since);

    since = Date.now();
    const apiLb = await startNginx(work, 'api.conf', ports.api, [...apiPorts], path.join(logDir, 'nginx-api.log'));
    cleanup.push(() => apiLb.stop());
    const remoteOrigins = [...new Set(REMOTES.map((r) => `http://${publicHost}:${ports[r.name]}`))];
    const release = startReleaseService(stackOptions, {
      apiUrl: apiLb.url,
      shopUrl,
      previewSecret,
      remoteOrigins,
      releasesDir,
      publicHost,
    });
    services.push(release);
    const remotes = REMOTES.map((r) => {
      const service = startRemoteServer(stackOptions, r, releasesDir);
      services.push(service);
      return waitForHttp(`http://127.0.0.1:${ports[r.name]}/healthz`, service, 30_000);
    });
    await Promise.all([waitForHttp(`http://127.0.0.1:${ports.release}/healthz`, release, 90_000), ...remotes]);
    lap('api nginx, release service, remote servers', since);

    const registry = createRegistryClient({
      base: `http://127.0.0.1:${ports.release}`,
      apiBase: apiLb.url,
      token: opsToken,
      by: 'scale test',
    });
    // as startStack: the host's trusted documents before it serves, the remotes' releases once the
    // live host answers (the release gate compares each with it, here through the shop's nginx)
    since = Date.now();
    const checks = new StartupChecks(registry, stackOptions, publicHost);
    await checks.registerHostOperations();
    const hosts = ([0, 1] as const).map((i) => {
      const name = `host-${i + 1}`;
      const port = hostPorts[i];
      const service = startHostService(
        { ...stackOptions, ports: { ...ports, host: port } },
        previewSecret,
        remoteOrigins,
        name,
      );
      return replica(name, port, service, '/healthz');
    }) as [Replica, Replica];
    await Promise.all(hosts.map((h) => waitForHttp(h.readyUrl, h.service, 90_000)));
    const shopLb = await startNginx(work, 'shop.conf', ports.host, [...hostPorts], path.join(logDir, 'nginx-shop.log'));
    cleanup.push(() => shopLb.stop());
    await checks.run();
    lap('hosts, shop nginx, releases activated', since);

    const db = new pg.Pool({ connectionString: postgres.url, max: 4 });
    cleanup.push(() => db.end());
    startup.total = Math.round((Date.now() - started) / 100) / 10;
    log(
      `scale cluster up in ${startup.total} s (${Object.entries(startup)
        .map(([k, v]) => `${k} ${v} s`)
        .join(', ')}); logs in ${path.relative(ROOT, logDir)}`,
    );
    return {
      shopUrl: shopLb.url,
      apiUrl: apiLb.url,
      releaseUrl: `http://127.0.0.1:${ports.release}`,
      apis: [apiA, apiB],
      hosts,
      ports,
      opsToken,
      releasesDir,
      versions,
      registry,
      db,
      smtp,
      redis: !!redis,
      env,
      logDir,
      startup,
      manifestUrl: (remote, version) =>
        localRegistry(ports, { [remote]: version } as Record<RemoteName, string>, publicHost)[remote]!,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
