/**
 * A page server of the benchmarks' own: the host's production entry on a running stack's API and
 * release service, with settings of its own (PAGE_CACHE=off, a CPU profile), and its CPU time read
 * from /proc. Shared by bench:web and bench:page-cache.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { COMPILED_CONDITIONS, freePort, SERVER_ENTRIES, startService, waitForHttp } from '../lib/stack.ts';
import type { Service } from '../lib/supervisor.ts';

export interface PageServer {
  origin: string;
  pid: number;
  service: Service;
  stop(): Promise<void>;
}

export interface PageServerOptions {
  name: string;
  ports: { api: number; release: number };
  logDir: string;
  env?: Record<string, string>;
  /** Node's own flags before the entry, e.g. `--cpu-prof`. */
  nodeArgs?: string[];
  /** Another checkout's built page server instead of this one's. */
  checkout?: string;
}

export async function startPageServer(options: PageServerOptions): Promise<PageServer> {
  const port = await freePort();
  const other = options.checkout ? path.resolve(options.checkout, 'host') : null;
  const entry = other ? [path.join(other, 'server-dist', 'main.js')] : [...COMPILED_CONDITIONS, SERVER_ENTRIES.host];
  const service = startService(options.name, process.execPath, [...(options.nodeArgs ?? []), ...entry], {
    log: { dir: options.logDir },
    env: {
      NODE_ENV: 'production',
      HOST_PORT: String(port),
      API_URL: `http://127.0.0.1:${options.ports.api}`,
      RELEASE_URL: `http://127.0.0.1:${options.ports.release}`,
      SHUTDOWN_DRAIN_MS: '0',
      ...(other
        ? { HOST_DIST_DIR: path.join(other, 'dist'), HOST_SSR_BUNDLE: path.join(other, 'server-dist', 'ssr', 'render.cjs') }
        : {}),
      ...options.env,
    },
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitForHttp(`${origin}/healthz`, service);
  return { origin, pid: service.child.pid as number, service, stop: () => service.stop() };
}

/** CPU milliseconds a process has used (user + system), from /proc (100 ticks a second on Linux). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Waits until a process has been nearly idle for a second: a load's queued requests are done. */
export async function idle(pid: number): Promise<void> {
  for (let i = 0; i < 120; i++) {
    const before = cpuMs(pid);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if (cpuMs(pid) - before < 50) return;
  }
}

export async function measured<T>(pid: number, run: () => Promise<T>): Promise<{ result: T; cpuMs: number; wallMs: number }> {
  const cpu = cpuMs(pid);
  const started = performance.now();
  const result = await run();
  return { result, cpuMs: cpuMs(pid) - cpu, wallMs: Math.round(performance.now() - started) };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  totalMs: number;
  /** Self time by where the code lives (a package, the host's server, a remote's server build, Node). */
  byPlace: { place: string; ms: number; share: number }[];
  /** The functions with the most self time. */
  topFunctions: { name: string; place: string; ms: number; share: number }[];
}

/** Where a profiled function lives: the package of node_modules, our own builds by app, or Node. */
export function placeOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node internals';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  const release = /\/(mf-[a-z]+)\/dist\//.exec(url)?.[1] ?? /\/(mf_[a-z]+)\//.exec(url)?.[1];
  if (release) return `${release} (server build)`;
  if (/\/host\/server-dist\/ssr\//.test(url)) return 'host render bundle (react-dom, shell)';
  if (/\/host\/server-dist\//.test(url)) return 'host server';
  if (/^https?:/.test(url)) return 'remote server builds';
  return path.basename(url);
}

/** Self time per place and per function, from a V8 CPU profile (`--cpu-prof`). */
export function summariseProfile(profile: CpuProfile, top = 12): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  for (const [i, id] of profile.samples.entries()) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  const places = new Map<string, number>();
  const functions = new Map<string, { place: string; ms: number }>();
  let total = 0;
  for (const [id, ms] of self) {
    const node = byId.get(id);
    if (!node || node.callFrame.functionName === '(idle)') continue;
    total += ms;
    const place = placeOf(node.callFrame.url, node.callFrame.functionName);
    places.set(place, (places.get(place) ?? 0) + ms);
    const name = `${node.callFrame.functionName || '(anonymous)'} ${path.basename(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;
    const seen = functions.get(name);
    functions.set(name, { place, ms: (seen?.ms ?? 0) + ms });
  }
  const share = (ms: number) => Math.round((ms / total) * 1000) / 10;
  return {
    totalMs: Math.round(total),
    byPlace: [...places]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([place, ms]) => ({ place, ms: Math.round(ms), share: share(ms) })),
    topFunctions: [...functions]
      .sort((a, b) => b[1].ms - a[1].ms)
      .slice(0, top)
      .map(([name, f]) => ({ name, place: f.place, ms: Math.round(f.ms), share: share(f.ms) })),
  };
}

/** The profile a process wrote into `dir` on exit (`--cpu-prof-dir`), by its pid. */
export function readProfileOf(dir: string, pid: number): CpuProfile | null {
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile') && name.includes(`.${pid}.`));
  return file ? (JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile) : null;
}
