import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { COMPILED_CONDITIONS, freePort, ROOT, SERVER_ENTRIES, type Service, startService, waitForHttp, writeRegistry } from '../../scripts/lib/stack.ts';

/** Registry and versions of the stack global-setup started. */
export const shop = {
  get registry(): Record<string, string> {
    return JSON.parse(process.env.SHOP_REGISTRY ?? '{}') as Record<string, string>;
  },
  get versions(): Record<string, string> {
    return JSON.parse(process.env.SHOP_VERSIONS ?? '{}') as Record<string, string>;
  },
  get apiUrl(): string {
    return process.env.SHOP_API_URL ?? '';
  },
  /** The release service: the registry, its ops routes, uploads and health reports. */
  get releaseUrl(): string {
    return process.env.SHOP_RELEASE_URL ?? '';
  },
  /**
   * CANARY_MIN_VIEWS of the stack: fewer than production's 20, so a canary's stop takes a dozen
   * cold visits, not forty (the rule itself is tested with 20 in the release service's suite).
   */
  canaryMinViews: 8,
  /**
   * CANARY_STEP_SECONDS of the stack: a progressive canary's dwell per step, seconds instead of
   * production's minutes; longer than a phone canary's stop takes (release-canary-progress.spec.ts).
   */
  canaryStepSeconds: 15,
};

const logDir = path.join(ROOT, '.run', 'e2e-logs');

/**
 * A second host server on its own port and its own registry file, sharing the stack's
 * API, so a test can point one remote somewhere broken without touching other tests.
 */
export async function startPrivateHost(registry: Record<string, string> | null, env: Record<string, string> = {}) {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-host-'));
  const registryFile = path.join(dir, 'registry.json');
  // With no registry of its own, the host reads the release service's, like every production host.
  if (registry) writeRegistry(registryFile, registry);
  // the compiled production entry, as the stack's own host runs (a tsx start of the TypeScript source
  // took about twice as long: each private host is started anew)
  // Never shed unless a test asks (ssr-load-shedding.spec.ts), as on the shared stack: a host that
  // just started is busy loading the releases, and its first page would be left to the browser.
  const noShedding = { SSR_QUEUE_MS: '10000', SSR_MAX_LOOP_UTILIZATION: '1' };
  const service = startService(`host-${port}`, process.execPath, [...COMPILED_CONDITIONS, SERVER_ENTRIES.host], {
    log: { dir: logDir },
    env: { HOST_PORT: String(port), API_URL: shop.apiUrl, RELEASE_URL: shop.releaseUrl, ...(registry ? { REGISTRY_FILE: registryFile } : {}), REGISTRY_TTL_MS: '0', ...noShedding, ...env },
  });
  await waitForHttp(`http://127.0.0.1:${port}/healthz`, service);
  return {
    url: `http://localhost:${port}`,
    setRegistry: (next: Record<string, string>) => writeRegistry(registryFile, next),
    stop: () => service.stop(),
  };
}

/** A static server for a remote's release folders, like the production one, on a free port. */
export async function startRemoteServer(
  distDir: string,
  port?: number,
): Promise<{ port: number; service: Service; stop(): Promise<void> }> {
  port ??= await freePort();
  const service = startService(`remote-${port}`, process.execPath, ['scripts/serve-remote.mjs', distDir], {
    log: { dir: logDir },
    env: { PORT: String(port) },
  });
  await waitForHttp(`http://127.0.0.1:${port}/`, service, 30_000, true);
  return { port, service, stop: () => service.stop() };
}

/** A server that accepts connections and never answers: the worst kind of outage. */
export async function startHangingServer(): Promise<{ port: number; stop(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
  );
  return {
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * A copy of a remote release whose exposed module throws when it is evaluated, as a
 * release with a run-time bug would.
 */
export function brokenRelease(remoteDir: string, version: string, exposedName: string): string {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'shop-broken-'));
  const target = path.join(dist, version);
  cpSync(path.join(ROOT, remoteDir, 'dist', version), target, { recursive: true });
  const chunk = readdirSync(target).find((f) => f.startsWith(`__federation_expose_${exposedName}.`) && f.endsWith('.js'));
  if (!chunk) throw new Error(`no exposed chunk for ${exposedName} in ${target}`);
  const file = path.join(target, chunk);
  const broken = `throw new Error('release bug in ${exposedName}');\n${readFileSync(file, 'utf8')}`;
  writeFileSync(file, broken);
  // The release's precompressed copies carry the same bug, as a real build's would.
  if (existsSync(`${file}.gz`)) writeFileSync(`${file}.gz`, gzipSync(broken));
  if (existsSync(`${file}.br`)) writeFileSync(`${file}.br`, brotliCompressSync(broken));
  return dist;
}
