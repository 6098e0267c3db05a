/**
 * Builds and runs the whole shop as production has it: the API, one static server per
 * remote (each on its own port, serving its release folders) and the host server. Used by
 * `npm start`, `npm run dev` and the browser tests, so all three run the same topology.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { REMOTES as REMOTE_TABLE, REMOTE_NAMES, type RemoteName } from '@shop/contracts/remotes';
import { createRegistryClient } from '../remotes/ops-client.ts';

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

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function freePorts(): Promise<Ports> {
  const ports = { host: await freePort(), api: await freePort(), release: await freePort() } as Ports;
  for (const { name } of REMOTES) ports[name] = await freePort();
  return ports;
}

export type LogMode = 'inherit' | { dir: string };

export interface Service {
  name: string;
  /** The running process; a supervised service gets a new one on each restart. */
  readonly child: ChildProcess;
  /** Restarts the process whenever it exits unexpectedly (see RestartPolicy). */
  supervise(policy: RestartPolicy): void;
  stop(): Promise<void>;
}

/**
 * How a supervised service is restarted: after an unexpected exit, wait `initialDelayMs`,
 * doubling per crash up to `maxDelayMs`; more than `maxRestarts` restarts within `windowMs`
 * is a crash loop, and `onGiveUp` is called instead of another restart.
 */
export interface RestartPolicy {
  initialDelayMs?: number;
  maxDelayMs?: number;
  maxRestarts?: number;
  windowMs?: number;
  /** Polled after a restart; "answers again" is logged once it returns 2xx. */
  readyUrl?: string;
  log?: (line: string) => void;
  onGiveUp(reason: string): void;
}

function exitReason(code: number | null, signal: NodeJS.Signals | null, lastError: string): string {
  const how = signal ? `killed by ${signal}` : `exit code ${code}`;
  return lastError ? `${how}; last error line: ${lastError}` : how;
}

/** Spawns a process in its own group so that stopping it also stops whatever it started. */
export function startService(
  name: string,
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; log: LogMode },
): Service {
  let file: NodeJS.WritableStream | null = null;
  if (options.log !== 'inherit') {
    mkdirSync(options.log.dir, { recursive: true });
    file = createWriteStream(path.join(options.log.dir, `${name}.log`), { flags: 'a' });
  }
  let child!: ChildProcess;
  let exited!: Promise<void>;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | undefined;
  /** The last line the process wrote to stderr: said when it crashes. */
  let lastError = '';
  const spawnChild = () => {
    child = spawn(command, args, {
      cwd: options.cwd ?? ROOT,
      env: { ...process.env, ...options.env },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    lastError = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      const line = chunk.toString().trim().split('\n').filter(Boolean).pop();
      if (line) lastError = line.slice(0, 300);
    });
    if (file) {
      child.stdout!.pipe(file, { end: false });
      child.stderr!.pipe(file, { end: false });
    } else {
      const prefix = `[${name}] `;
      const forward = (stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) => {
        let rest = '';
        stream.on('data', (chunk: Buffer) => {
          const lines = (rest + chunk.toString()).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) out.write(`${prefix}${line}\n`);
        });
      };
      forward(child.stdout!, process.stdout);
      forward(child.stderr!, process.stderr);
    }
    const current = child;
    exited = new Promise<void>((resolve) => current.once('exit', () => resolve()));
  };
  spawnChild();
  const killGroup = (pid: number, signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
      return true;
    } catch {
      return false;
    }
  };
  return {
    name,
    get child() {
      return child;
    },
    supervise(policy) {
      const initial = policy.initialDelayMs ?? 500;
      const maxDelay = policy.maxDelayMs ?? 10_000;
      const maxRestarts = policy.maxRestarts ?? 5;
      const windowMs = policy.windowMs ?? 60_000;
      const log = policy.log ?? ((line: string) => console.error(line));
      const restarts: number[] = [];
      const watch = () => {
        const current = child;
        current.once('exit', (code, signal) => {
          if (stopping) return;
          // Whatever the dead process started (its group) goes too, so the new one finds
          // its port and files (the API's PGlite lock) free.
          killGroup(current.pid!, 'SIGKILL');
          const reason = exitReason(code, signal, lastError);
          const now = Date.now();
          while (restarts.length && restarts[0]! <= now - windowMs) restarts.shift();
          if (restarts.length >= maxRestarts) {
            stopping = true;
            policy.onGiveUp(
              `${name} stopped unexpectedly (${reason}) after ${restarts.length} restarts within ${windowMs / 1000} s`,
            );
            return;
          }
          const delay = Math.min(maxDelay, initial * 2 ** restarts.length);
          restarts.push(now);
          log(
            `${name} stopped unexpectedly (${reason}); restarting it in ${delay / 1000} s (restart ${restarts.length} of ${maxRestarts} allowed within ${windowMs / 1000} s)`,
          );
          restartTimer = setTimeout(async () => {
            restartTimer = undefined;
            if (stopping) return;
            // Someone started it again by hand meanwhile (the README runbook's command): a
            // second copy would only find its port taken, so the supervisor leaves it to them.
            if (policy.readyUrl && (await answers(policy.readyUrl))) {
              log(
                `${name} answers at ${policy.readyUrl} again, started by something else: the supervisor leaves it alone`,
              );
              return;
            }
            if (stopping) return;
            const started = Date.now();
            spawnChild();
            watch();
            if (policy.readyUrl) {
              const url = policy.readyUrl;
              const service = {
                name,
                get child() {
                  return child;
                },
              } as Service;
              waitForHttp(url, service, windowMs).then(
                () => log(`${name} answers again (${((Date.now() - started) / 1000).toFixed(1)} s after the restart)`),
                () => {},
              );
            }
          }, delay);
        });
      };
      watch();
    },
    async stop() {
      stopping = true;
      clearTimeout(restartTimer);
      const current = child;
      if (current.exitCode !== null || current.signalCode !== null) return;
      if (!killGroup(current.pid!, 'SIGTERM')) return;
      const timer = setTimeout(() => killGroup(current.pid!, 'SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
}

/** Resolves when `url` answers 2xx; rejects early when the service exits or after `timeoutMs`. */
export async function waitForHttp(url: string, service: Service, timeoutMs = 90_000, anyStatus = false): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (service.child.exitCode !== null)
      throw new Error(`${service.name} exited with code ${service.child.exitCode} before it was ready`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok || anyStatus) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${service.name} was not ready at ${url} within ${timeoutMs / 1000} s`);
}

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

/** A production build of one app; a remote lands in `dist/<package version>-<buildId>/`. */
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
  const versions = Object.fromEntries(REMOTES.map((r) => [r.name, `${packageVersion(r.dir)}-${buildId}`])) as Record<
    RemoteName,
    string
  >;
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
  /** Where keepActive and checkHost say what they did. */
  note?: (line: string) => void;
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
    REMOTES.map((r) => [r.name, `http://${publicHost}:${ports[r.name]}/${versions[r.name]}/mf-manifest.json`]),
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
function operationsOf(dir: string, releaseFolder?: string): unknown[] {
  const file = 'persisted-operations.json';
  const built = path.join(ROOT, dir, 'dist', ...(releaseFolder && dir !== 'host' ? [releaseFolder] : []), file);
  const source = existsSync(built) ? built : path.join(ROOT, dir, 'src', 'graphql', file);
  if (!existsSync(source)) throw new Error(`${dir} has no ${file}: run npm run codegen and build it`);
  return (JSON.parse(readFileSync(source, 'utf8')) as { operations: unknown[] }).operations;
}

interface ReleaseSettings {
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
 * only) or, with DATABASE_URL, the same PostgreSQL in its own schema.
 */
function startReleaseService(options: StackOptions, settings: ReleaseSettings): Service {
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

/** The catalogue API on API_PORT. */
function startApiService(options: StackOptions, apiPort: number, shopUrl: string): Service {
  // the API's heap limit as in production (api/package.json start, api/Dockerfile)
  return startService('api', process.execPath, ['--max-old-space-size=512', ...nodeArgs(process.env.SHOP_API_ENTRY || SERVER_ENTRIES.api)], {
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

function startHostService(options: StackOptions, previewSecret: string, remoteOrigins: string[]): Service {
  const { ports } = options;
  return startService('host', process.execPath, nodeArgs(SERVER_ENTRIES.host), {
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

type RegistryClient = ReturnType<typeof createRegistryClient>;

/** The builds just made become the active releases, as `npm run release` would make them. */
async function activateBuilds(registry: RegistryClient, options: StackOptions, publicHost: string): Promise<void> {
  const before = options.keepActive ? (await registry.status()).remotes : [];
  for (const [name, manifestUrl] of Object.entries(options.registry)) {
    // A build's folder names its release; a dev server's manifest (no folder) is a dev release.
    const folder = /\/([0-9A-Za-z.-]+)\/mf-manifest\.json$/.exec(manifestUrl)?.[1];
    const version = folder && /^\d+\.\d+\.\d+-/.test(folder) ? folder : `0.0.0-dev${newBuildId()}`;
    await registry.publish(name, version, manifestUrl);
    // its trusted documents first, as `npm run release` does
    const dir = REMOTES.find((r) => r.name === name)?.dir;
    if (dir) await registry.registerOperations(dir, version, operationsOf(dir, folder));
    const earlier = before.find((r) => r.name === name);
    const active = earlier?.active;
    if (active?.version === version) continue;
    // Ops chose the active release when it is not the newest published one (a rollback or an
    // activation of an older release) or a canary runs: kept while it still answers. Otherwise
    // (the last start's or release's build) the new build replaces it, as before.
    const newest = [...(earlier?.releases ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
    const chosen = active && (earlier?.canary || (newest && newest.version !== active.version));
    if (chosen && folder && (await answers(active.manifestUrl.replace(`//${publicHost}:`, '//127.0.0.1:')))) {
      options.note?.(
        `${name}: the registry's active release ${active.version} is kept (chosen by a rollback, an activation or with a canary running); the new build ${version} is only published: npm run remotes -- activate ${name} ${version}`,
      );
      continue;
    }
    await registry.activate(name, version);
  }
}

/** The host build (host/dist) against the registry's releases; refused, the shop does not start with it. */
async function checkHostBuild(registry: RegistryClient, note: StackOptions['note']): Promise<void> {
  const { checkHost, describeHostCheck, readHostBuild } = await import('../remotes/check-host.ts');
  const dist = path.join(ROOT, 'host', 'dist');
  const result = await checkHost(readHostBuild(dist), (await registry.status()).remotes);
  const report = describeHostCheck(dist, result);
  if (result.refused.length) throw new Error(`${report}\nThe shop is not started with this host build.`);
  note?.(report);
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const { ports, log } = options;
  const publicHost = options.publicHost ?? 'localhost';
  const shopUrl = `http://${publicHost}:${ports.host}`;
  const releasesDir = path.resolve(options.releasesDir ?? path.join(ROOT, '.data', 'releases'));
  const services: Service[] = [];
  // preview cookies (the release smoke's, and links a team opens): one secret for the API and the host
  const previewSecret = options.env?.PREVIEW_SECRET || process.env.PREVIEW_SECRET || randomBytes(24).toString('hex');
  const remoteOrigins = [
    ...new Set([...Object.values(options.registry).map((url) => new URL(url).origin), ...REMOTES.map((r) => `http://${publicHost}:${ports[r.name]}`)]),
  ];
  /** service name → the URL that answers 2xx when it works. */
  const readyUrls: Record<string, string> = {};
  const stop = async () => {
    await Promise.all(
      services
        .splice(0)
        .reverse()
        .map((s) => s.stop()),
    );
  };
  const apiUrl = `http://127.0.0.1:${ports.api}`;
  try {
    const api = startApiService(options, ports.api, shopUrl);
    services.push(api);
    readyUrls.api = `${apiUrl}/api/health`;
    const release = startReleaseService(options, { apiUrl, shopUrl, previewSecret, remoteOrigins, releasesDir, publicHost });
    services.push(release);
    readyUrls.release = `http://127.0.0.1:${ports.release}/healthz`;
    const remoteServers = REMOTES.filter((r) => !options.skipRemotes?.includes(r.dir)).map((r) => {
      const storage = path.join(releasesDir, r.name);
      mkdirSync(storage, { recursive: true });
      const service = startService(r.dir, process.execPath, ['scripts/serve-remote.mjs', path.join(r.dir, 'dist'), storage], {
        log,
        env: { ...options.env, PORT: String(ports[r.name]), PORT_VAR: r.portVar },
      });
      services.push(service);
      readyUrls[r.dir] = `http://127.0.0.1:${ports[r.name]}/healthz`;
      return { service, url: `http://127.0.0.1:${ports[r.name]}/` };
    });
    await Promise.all([
      waitForHttp(`${apiUrl}/api/health`, api),
      waitForHttp(`http://127.0.0.1:${ports.release}/healthz`, release),
      // A remote server answers 404 at its root: any answer means it is up.
      ...remoteServers.map(({ service, url }) => waitForHttp(url, service, 30_000, true)),
    ]);
    const registry = createRegistryClient({
      base: `http://127.0.0.1:${ports.release}`,
      apiBase: apiUrl,
      token: options.opsToken,
      by: 'npm start',
    });
    // The host first: the registry's release gate compares each remote release with the live
    // host's own mf-manifest.json (release/src/registry/release-checks.ts). No page is served before
    // the stack is returned, and the host reads the registry on a page's request.
    await registry.registerOperations('host', packageVersion('host'), operationsOf('host'));
    const host = startHostService(options, previewSecret, remoteOrigins);
    services.push(host);
    readyUrls.host = `http://127.0.0.1:${ports.host}/healthz`;
    await waitForHttp(`http://127.0.0.1:${ports.host}/healthz`, host);
    await activateBuilds(registry, options, publicHost);
    if (options.checkHost) await checkHostBuild(registry, options.note);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: shopUrl,
    apiUrl: `http://127.0.0.1:${ports.api}/api/graphql`,
    releaseUrl: `http://127.0.0.1:${ports.release}`,
    services,
    remoteUrl: (name) => `http://${publicHost}:${ports[name]}`,
    supervise(policy) {
      for (const service of services)
        service.supervise({
          ...policy,
          onGiveUp: (reason) => policy.onGiveUp(reason, service),
          ...(readyUrls[service.name] ? { readyUrl: readyUrls[service.name] } : {}),
        });
    },
    stop,
  };
}

/** The newest release folder of a remote's dist (by build time), e.g. `0.1.0-20261122211501`. */
export function latestRelease(remoteDir: string): string {
  const dist = path.join(ROOT, remoteDir, 'dist');
  const releases = readdirSync(dist, { withFileTypes: true })
    // Only folders the build made (`<version>-<14-digit build id>`), not copies made by hand or by tests.
    .filter(
      (entry) =>
        entry.isDirectory() &&
        /^\d+\.\d+\.\d+-\d{14}$/.test(entry.name) &&
        existsSync(path.join(dist, entry.name, 'mf-manifest.json')),
    )
    .map((entry) => ({ name: entry.name, at: statSync(path.join(dist, entry.name, 'mf-manifest.json')).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  const newest = releases[0];
  if (!newest) throw new Error(`${remoteDir} has no build in ${dist}: run npm run build`);
  return newest.name;
}
