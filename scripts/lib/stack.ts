/**
 * Builds and runs the whole shop as production has it: the API, one static server per
 * remote (each on its own port, serving its release folders) and the host server. Used by
 * `npm start`, `npm run dev` and the browser tests, so all three run the same topology.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { releaseManifestUrl, releaseVersion } from '@shop/contracts/release-plane';
import { REMOTE_NAMES, REMOTES as REMOTE_TABLE, type RemoteName } from '@shop/contracts/remotes';
import { createRegistryClient } from '../remotes/ops-client.ts';
import { StartupChecks } from './startup-checks.ts';
import { type LogMode, type RestartPolicy, type Service, startService, waitForHttp } from './supervisor.ts';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
const BIN = path.join(ROOT, 'node_modules', '.bin');

/**
 * The remotes the stack serves, from the remotes table (@shop/contracts/remotes): each one's
 * folder, the environment variable of its port (`mf_catalog` → `MF_CATALOG_PORT`) and the
 * table's port as its default. A new row there is served by `npm start` with no edit here.
 */
export const REMOTES = REMOTE_NAMES.map((name) => ({
  name,
  dir: REMOTE_TABLE[name].dir,
  portVar: portVarOf(name),
  defaultPort: REMOTE_TABLE[name].port,
}));
export type { RemoteName };

/** `mf_catalog` → `MF_CATALOG_PORT`. */
export function portVarOf(name: string): string {
  return `${name.toUpperCase()}_PORT`;
}

export type Ports = { host: number; api: number; release: number } & Record<RemoteName, number>;

const PORT_VARS = {
  host: ['HOST_PORT', 3000],
  api: ['API_PORT', 4000],
  release: ['RELEASE_PORT', 4100],
  ...Object.fromEntries(REMOTES.map((r) => [r.name, [r.portVar, r.defaultPort]])),
} as Record<keyof Ports, [string, number]>;

export function portsFromEnv(env: NodeJS.ProcessEnv = process.env): Ports {
  const ports = {} as Ports;
  for (const [key, [name, fallback]] of Object.entries(PORT_VARS) as [keyof Ports, [string, number]][]) {
    const raw = env[name];
    const value = raw ? Number(raw) : fallback;
    if (!Number.isInteger(value) || value < 1 || value > 65535)
      throw new Error(`${name} must be a port number, got «${raw}»`);
    ports[key] = value;
  }
  return ports;
}

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function assertPortsFree(ports: Ports): Promise<void> {
  for (const [key, port] of Object.entries(ports) as [keyof Ports, number][]) {
    if (!(await isPortFree(port))) {
      throw new Error(`Port ${port} is taken. Stop whatever uses it, or set ${PORT_VARS[key][0]} to a free port.`);
    }
  }
}

function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Ports from `source` never handed out before by this process. A free port is free only until
 * someone binds it: two calls in a row may get the same one from the kernel before either service
 * has started (a scale cluster's release service and second host did, and the host never came up).
 */
export function distinctPorts(source: () => Promise<number>, attempts = 50): () => Promise<number> {
  const handedOut = new Set<number>();
  return async () => {
    for (let i = 0; i < attempts; i++) {
      const port = await source();
      if (handedOut.has(port)) continue;
      handedOut.add(port);
      return port;
    }
    throw new Error(`no free port not handed out already after ${attempts} tries`);
  };
}

export const freePort = distinctPorts(anyFreePort);

export async function freePorts(): Promise<Ports> {
  const ports = { host: await freePort(), api: await freePort(), release: await freePort() } as Ports;
  for (const { name } of REMOTES) ports[name] = await freePort();
  return ports;
}

export {
  answers,
  type LogMode,
  type RestartPolicy,
  type Service,
  type ServiceState,
  startService,
  waitForHttp,
} from './supervisor.ts';

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(cwd)}: ${command} ${args.join(' ')} failed\n${output}`)),
    );
  });
}

/** A production build of one app; a remote lands in `dist/<package version>+<buildId>/`. */
export function runBuild(dir: string, buildId: string): Promise<void> {
  return run(path.join(BIN, 'rspack'), ['build', '--mode', 'production'], dir, {
    BUILD_ID: buildId,
    NODE_ENV: 'production',
  });
}

/** Typed GraphQL operations for the front-end packages, from api/schema.graphql (never committed). */
export function runCodegen(): Promise<void> {
  return run(path.join(BIN, 'graphql-codegen'), ['--config', 'codegen.ts', '--silent'], ROOT, {});
}

export function newBuildId(): string {
  return new Date().toISOString().replace(/\D/g, '').slice(0, 14);
}

export function packageVersion(dir: string): string {
  return (JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')) as { version: string }).version;
}

export interface BuildResult {
  /** remote name → release version built (`<package version>-<build id>`). */
  versions: Record<RemoteName, string>;
  /** package → build time in ms. */
  timings: Record<string, number>;
}

/** Where the production builds of the servers land: plain JavaScript, run with `node` (no TypeScript loader). */
export const SERVER_ENTRIES = {
  api: 'api/dist/main.js',
  release: 'release/dist/main.js',
  host: 'host/server-dist/main.js',
} as const;

/**
 * Compiles the API (tsc, file for file into api/dist: its migrations and schema are found
 * relative to its modules) and bundles the host server (esbuild, one file in host/server-dist
 * with its node_modules packages left as imports). Needs codegen first: the host server
 * imports the generated GraphQL documents.
 */
export async function buildServers(): Promise<void> {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  await Promise.all([
    run(npm, ['run', '--silent', 'build', '-w', '@shop/api'], ROOT, {}),
    run(npm, ['run', '--silent', 'build', '-w', '@shop/release'], ROOT, {}),
    run(npm, ['run', '--silent', 'build:server', '-w', '@shop/host'], ROOT, {}),
  ]);
}

/** Production builds of the servers, the host and every remote, two at a time (this machine has two cores). */
export async function buildAll(
  options: { buildId?: string; only?: string[]; log?: (line: string) => void } = {},
): Promise<BuildResult> {
  const buildId = options.buildId ?? newBuildId();
  const log = options.log ?? ((line: string) => console.log(line));
  const packages = ['host', ...REMOTES.map((r) => r.dir)].filter((p) => !options.only || options.only.includes(p));
  const timings: Record<string, number> = {};
  await runCodegen();
  const queue = ['servers', ...packages];
  const worker = async () => {
    for (let pkg = queue.shift(); pkg; pkg = queue.shift()) {
      const started = Date.now();
      await (pkg === 'servers' ? buildServers() : runBuild(path.join(ROOT, pkg), buildId));
      const elapsed = Date.now() - started;
      timings[pkg] = elapsed;
      log(`built ${pkg} in ${(elapsed / 1000).toFixed(1)} s`);
    }
  };
  await Promise.all([worker(), worker()]);
  const versions = Object.fromEntries(
    REMOTES.map((r) => [r.name, releaseVersion(packageVersion(r.dir), buildId)]),
  ) as Record<RemoteName, string>;
  return { versions, timings };
}

export interface StackOptions {
  ports: Ports;
  /** Host name the browser uses to reach the remotes' servers. */
  publicHost?: string;
  /** remote name → manifest URL of the release to publish and activate in the API's registry. */
  registry: Record<string, string>;
  /** The API's ops token (registry changes need it). */
  opsToken: string;
  pgliteDir: string;
  log: LogMode;
  env?: NodeJS.ProcessEnv;
  /** Remotes served by something else (rspack serve in `npm run dev`). */
  skipRemotes?: string[];
  /**
   * Release storage: the API unpacks uploaded releases (`npm run release` from any clone) into
   * `<releasesDir>/<remote>/<version>/`, and each remote's server serves it beside the local
   * builds in `<remote>/dist` (default .data/releases).
   */
  releasesDir?: string;
  /**
   * `npm start`: a remote whose active release ops chose (not its newest published release, or
   * a canary runs) keeps it while it answers, so a rollback, activation or canary survives a
   * restart; the new build is only published.
   */
  keepActive?: boolean;
  /**
   * `npm start`: the host build (host/dist) is checked against the registry's active, canary and
   * previous known-good releases (scripts/remotes/check-host.ts) once they are in place; refused,
   * the stack is stopped and startStack throws the reasons.
   */
  checkHost?: boolean;
  /** Where keepActive, checkHost and the start-up checks say what they did. */
  note?: (line: string) => void;
  /**
   * `npm start`: every service is supervised under this policy from the moment it is spawned, and
   * start-up forgives slowness: a service slow to answer, an activation the release gate's smoke
   * refused or a check that timed out is reported and retried in the background while the shop
   * serves (startup-checks.ts). Only the API or the host given up by the supervisor, or the host
   * build refused, stop start-up. Without it (the tests) any failure stops the stack and throws.
   */
  supervision?: StackSupervision;
  /** With `supervision`: a verdict a background retry found (the host build refused); the shop should stop. */
  onFatal?: (message: string) => void;
}

export interface Stack {
  url: string;
  apiUrl: string;
  /** The release service (registry, uploads, previews, health reports). */
  releaseUrl: string;
  services: Service[];
  remoteUrl(name: RemoteName): string;
  /** Restarts any of the stack's services that exits unexpectedly (`npm start`); `onGiveUp` is told which. */
  supervise(
    policy: Omit<RestartPolicy, 'readyUrl' | 'onGiveUp'> & { onGiveUp(reason: string, service: Service): void },
  ): void;
  stop(): Promise<void>;
}

export function localRegistry(
  ports: Ports,
  versions: Record<RemoteName, string>,
  publicHost = 'localhost',
): Record<string, string> {
  return Object.fromEntries(
    REMOTES.map((r) => [r.name, releaseManifestUrl(`http://${publicHost}:${ports[r.name]}`, versions[r.name])]),
  );
}

export function writeRegistry(file: string, registry: Record<string, string>): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(registry, null, 2)}\n`);
}

/** `node` arguments for a server entry: compiled JavaScript as production runs it (a .ts entry, for experiments, gets tsx). */
function nodeArgs(entry: string): string[] {
  if (entry.endsWith('.ts')) return ['--import', 'tsx', entry];
  if (!existsSync(path.join(ROOT, entry))) throw new Error(`${entry} is missing: run npm run build`);
  return ['--enable-source-maps', ...COMPILED_CONDITIONS, entry];
}

/**
 * Plain node runs of the compiled servers read @shop/contracts from its compiled dist/ (built
 * with the API); tsx, vitest and the bundlers read its TypeScript source (contracts/README.md).
 */
export const COMPILED_CONDITIONS = ['--conditions=shop-compiled'];

/**
 * The trusted documents an app's build ships (`persisted-operations.json` in its release
 * folder, or host/dist), else codegen's copy (a dev server's build keeps it in memory).
 */
export function operationsOf(dir: string, releaseFolder?: string): unknown[] {
  const file = 'persisted-operations.json';
  const built = path.join(ROOT, dir, 'dist', ...(releaseFolder && dir !== 'host' ? [releaseFolder] : []), file);
  const source = existsSync(built) ? built : path.join(ROOT, dir, 'src', 'graphql', file);
  if (!existsSync(source)) throw new Error(`${dir} has no ${file}: run npm run codegen and build it`);
  return (JSON.parse(readFileSync(source, 'utf8')) as { operations: unknown[] }).operations;
}

export interface ReleaseSettings {
  /** The catalogue API. */
  apiUrl: string;
  shopUrl: string;
  previewSecret: string;
  remoteOrigins: string[];
  releasesDir: string;
  publicHost: string;
}

/**
 * The release service beside the API: its own PGlite folder (one folder opens in one process
 * only) or, with DATABASE_URL, the same PostgreSQL in its own schema. `ports.host` is the live
 * host its release gate compares with (a balancer in front of host replicas, for the scale test).
 */
export function startReleaseService(options: StackOptions, settings: ReleaseSettings): Service {
  const { ports } = options;
  return startService('release', process.execPath, nodeArgs(process.env.SHOP_RELEASE_ENTRY || SERVER_ENTRIES.release), {
    log: options.log,
    env: {
      ...options.env,
      RELEASE_PORT: String(ports.release),
      RELEASE_PGLITE_DIR: `${options.pgliteDir}-release`,
      API_URL: settings.apiUrl,
      SHOP_PUBLIC_URL: settings.shopUrl,
      OPS_TOKEN: options.opsToken,
      // the release gate: where the live host is, and the origins this stack's remotes are served from
      HOST_INTERNAL_URL: `http://127.0.0.1:${ports.host}`,
      RELEASE_ORIGINS: settings.remoteOrigins.join(','),
      // the browser smoke opens each candidate on this stack's host (a dev server's build is not smoked)
      SMOKE_HOST_URL: settings.shopUrl,
      PREVIEW_SECRET: settings.previewSecret,
      ...(options.env?.HOST_DEV === '1' ? { RELEASE_SMOKE: 'off' } : {}),
      // uploads land in release storage, served by each remote's server at its public URL
      RELEASES_DIR: settings.releasesDir,
      ...Object.fromEntries(REMOTES.map((r) => [`${r.name.toUpperCase()}_URL`, `http://${settings.publicHost}:${ports[r.name]}`])),
    },
  });
}

/** The catalogue API on `apiPort`; `name` names a replica in its log file and messages (the scale test runs two). */
export function startApiService(options: StackOptions, apiPort: number, shopUrl: string, name = 'api'): Service {
  // the API's heap limit as in production (api/package.json start, api/Dockerfile)
  return startService(name, process.execPath, ['--max-old-space-size=512', ...nodeArgs(process.env.SHOP_API_ENTRY || SERVER_ENTRIES.api)], {
    log: options.log,
    env: {
      // trusted documents only, as in production (the front ends send registered ids, below)
      GRAPHQL_ARBITRARY_OPERATIONS: process.env.GRAPHQL_ARBITRARY_OPERATIONS || 'false',
      ...options.env,
      API_PORT: String(apiPort),
      PGLITE_DIR: options.pgliteDir,
      SHOP_PUBLIC_URL: shopUrl,
      OPS_TOKEN: options.opsToken,
    },
  });
}

/**
 * The host server on `ports.host`, asking the API at `ports.api` (a balancer in front of API
 * replicas, for the scale test); `name` names a replica in its log file and messages.
 */
export function startHostService(options: StackOptions, previewSecret: string, remoteOrigins: string[], name = 'host'): Service {
  const { ports } = options;
  return startService(name, process.execPath, nodeArgs(SERVER_ENTRIES.host), {
    log: options.log,
    env: {
      // The page server renders with React from node_modules: without this it would be React's
      // development build, slower (~75 against ~55 ms of CPU a page) and writing the server's
      // error messages and stack traces into the HTML of an area left to the browser. As in the
      // host's image (host/Dockerfile); `npm run dev` keeps the development build's messages.
      NODE_ENV: options.env?.HOST_DEV === '1' ? 'development' : 'production',
      ...options.env,
      HOST_PORT: String(ports.host),
      // the host proxies /api/ to the API, the release plane's paths and its registry reads to RELEASE_URL
      API_URL: `http://127.0.0.1:${ports.api}`,
      RELEASE_URL: `http://127.0.0.1:${ports.release}`,
      PREVIEW_SECRET: previewSecret,
      PREVIEW_ORIGINS: remoteOrigins.join(','),
    },
  });
}

/** `npm start`'s restart policy for every service of the stack; `onGiveUp` is told which. */
export type StackSupervision = Omit<RestartPolicy, 'readyUrl' | 'onGiveUp'> & {
  onGiveUp(reason: string, service: Service): void;
};

/** One startStack call: what its parts share, and how to stop what it started so far. */
interface StackRun {
  options: StackOptions;
  publicHost: string;
  shopUrl: string;
  releasesDir: string;
  previewSecret: string;
  remoteOrigins: string[];
  services: Service[];
  /** service name → the URL that answers 2xx when it works. */
  readyUrls: Record<string, string>;
  checks?: StartupChecks;
  stop(): Promise<void>;
}

function prepareRun(options: StackOptions): StackRun {
  const { ports } = options;
  const publicHost = options.publicHost ?? 'localhost';
  const run: StackRun = {
    options,
    publicHost,
    shopUrl: `http://${publicHost}:${ports.host}`,
    releasesDir: path.resolve(options.releasesDir ?? path.join(ROOT, '.data', 'releases')),
    // preview cookies (the release smoke's, and links a team opens): one secret for the API and the host
    previewSecret: options.env?.PREVIEW_SECRET || process.env.PREVIEW_SECRET || randomBytes(24).toString('hex'),
    remoteOrigins: [
      ...new Set([
        ...Object.values(options.registry).map((url) => new URL(url).origin),
        ...REMOTES.map((r) => `http://${publicHost}:${ports[r.name]}`),
      ]),
    ],
    services: [],
    readyUrls: {},
    async stop() {
      run.checks?.stop();
      await Promise.all(
        run.services
          .splice(0)
          .reverse()
          .map((s) => s.stop()),
      );
    },
  };
  return run;
}

function supervisePolicy(policy: StackSupervision, service: Service, readyUrl?: string): RestartPolicy {
  return { ...policy, onGiveUp: (reason) => policy.onGiveUp(reason, service), ...(readyUrl ? { readyUrl } : {}) };
}

/** A spawned service joins the stack; with `supervision` it is supervised from this moment on. */
function adopt(run: StackRun, service: Service, readyUrl: string): Service {
  run.services.push(service);
  run.readyUrls[service.name] = readyUrl;
  if (run.options.supervision) service.supervise(supervisePolicy(run.options.supervision, service, readyUrl));
  return service;
}

/**
 * Waits until a service answers. Strict (no `supervision`): any failure throws. Forgiving: a
 * crash is waited out through its restart and the deadline is generous; a service still not
 * answering is reported and start-up goes on (what needs it is retried by the start-up checks).
 * Only the supervisor giving up on the API or the host stops start-up: no shop without them.
 */
async function ready(run: StackRun, service: Service, timeoutMs: number, anyStatus = false): Promise<void> {
  const url = run.readyUrls[service.name]!;
  if (!run.options.supervision) return waitForHttp(url, service, timeoutMs, anyStatus);
  try {
    await waitForHttp(url, service, timeoutMs * 2, anyStatus);
  } catch (error) {
    if (service.state === 'given up' && (service.name === 'api' || service.name === 'host')) throw error;
    run.options.note?.(
      `Start-up: ${(error as Error).message}. The shop starts anyway; the supervisor keeps ${service.name} running and the start-up checks are retried until it answers.`,
    );
  }
}

/**
 * One remote's static server on its port: its local builds (`<remote>/dist`) and its release
 * storage (`<releasesDir>/<remote>`, where uploads land). Ready when `/healthz` answers.
 */
export function startRemoteServer(options: Pick<StackOptions, 'ports' | 'log' | 'env'>, remote: (typeof REMOTES)[number], releasesDir: string): Service {
  const storage = path.join(releasesDir, remote.name);
  mkdirSync(storage, { recursive: true });
  return startService(remote.dir, process.execPath, ['scripts/serve-remote.mjs', path.join(remote.dir, 'dist'), storage], {
    log: options.log,
    env: { ...options.env, PORT: String(options.ports[remote.name]), PORT_VAR: remote.portVar },
  });
}

/** The API, the release service and one static server per remote, answering. Returns the API's own URL. */
async function startBackends(run: StackRun): Promise<string> {
  const { options } = run;
  const { ports } = options;
  const apiUrl = `http://127.0.0.1:${ports.api}`;
  const api = adopt(run, startApiService(options, ports.api, run.shopUrl), `${apiUrl}/api/health`);
  const release = adopt(
    run,
    startReleaseService(options, { ...run, apiUrl }),
    `http://127.0.0.1:${ports.release}/healthz`,
  );
  const remoteServers = REMOTES.filter((r) => !options.skipRemotes?.includes(r.dir)).map((r) =>
    adopt(run, startRemoteServer(options, r, run.releasesDir), `http://127.0.0.1:${ports[r.name]}/healthz`),
  );
  await Promise.all([
    ready(run, api, 90_000),
    ready(run, release, 90_000),
    ...remoteServers.map((service) => ready(run, service, 30_000)),
  ]);
  return apiUrl;
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const { ports } = options;
  const run = prepareRun(options);
  try {
    const apiUrl = await startBackends(run);
    const registry = createRegistryClient({
      base: `http://127.0.0.1:${ports.release}`,
      apiBase: apiUrl,
      token: options.opsToken,
      by: 'npm start',
    });
    run.checks = new StartupChecks(registry, options, run.publicHost);
    // The host first: the registry's release gate compares each remote release with the live
    // host's own mf-manifest.json (release/src/registry/release-checks.ts). No page is served before
    // the stack is returned, and the host reads the registry on a page's request.
    await run.checks.registerHostOperations();
    const host = adopt(run, startHostService(options, run.previewSecret, run.remoteOrigins), `http://127.0.0.1:${ports.host}/healthz`);
    await ready(run, host, 90_000);
    await run.checks.run();
  } catch (error) {
    await run.stop();
    throw error;
  }
  return {
    url: run.shopUrl,
    apiUrl: `http://127.0.0.1:${ports.api}/api/graphql`,
    releaseUrl: `http://127.0.0.1:${ports.release}`,
    services: run.services,
    remoteUrl: (name) => `http://${run.publicHost}:${ports[name]}`,
    supervise(policy) {
      for (const service of run.services) service.supervise(supervisePolicy(policy, service, run.readyUrls[service.name]));
    },
    stop: run.stop,
  };
}

/** The newest release folder of a remote's dist (by build time), e.g. `0.1.0+20261122211501`. */
export function latestRelease(remoteDir: string): string {
  const dist = path.join(ROOT, remoteDir, 'dist');
  const releases = readdirSync(dist, { withFileTypes: true })
    // Only folders the build made (`<version>+<14-digit build id>`), not copies made by hand or by tests.
    .filter(
      (entry) =>
        entry.isDirectory() &&
        /^\d+\.\d+\.\d+\+\d{14}$/.test(entry.name) &&
        existsSync(path.join(dist, entry.name, 'mf-manifest.json')),
    )
    .map((entry) => ({ name: entry.name, at: statSync(path.join(dist, entry.name, 'mf-manifest.json')).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  const newest = releases[0];
  if (!newest) throw new Error(`${remoteDir} has no build in ${dist}: run npm run build`);
  return newest.name;
}
