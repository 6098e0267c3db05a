import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';
import { createInstance } from '@module-federation/enhanced/runtime';
import { internalUrl, type OriginMap } from '@shop/contracts/origin-map';
import type { RemoteModuleId } from '@shop/contracts/remotes';
import type { ComponentType } from 'react';
import { type ModuleSource, settled } from '../federation/module-source.ts';

type Instance = ReturnType<typeof createInstance>;
type SharedLibs = NonNullable<Parameters<typeof createInstance>[0]['shared']>;

export interface RemoteLoaderOptions {
  /** The singletons the remotes' server builds consume: the renderer's own copies (one React). */
  shared: SharedLibs;
  /** A module that has not loaded within this time renders its area's fallback. */
  timeoutMs: number;
  /** Releases kept loaded at once (active, canary, previews, the ones just left); older ones are dropped. */
  maxReleases: number;
  /** After a failure or a timeout a release is not asked again for this long (its areas render their fallback at once). */
  retryAfterMs: number;
  /** `[public origin, internal origin]` (@shop/contracts/origin-map): the runtime's fetches of a public URL go to the internal one. */
  originMap: OriginMap;
}

interface LoadedRelease {
  instance: Instance;
  /** The release's own runtime instances (its container's), registered in the process-wide list while it loaded. */
  owned: Set<unknown>;
  modules: Map<RemoteModuleId, Promise<ComponentType<object>>>;
  usedAt: number;
  failedAt?: number;
}

/**
 * Loads the remotes' server builds for the page server, per visitor registry: each release
 * (remote + manifest URL) gets its own federation runtime instance, so an active release and a
 * canary of the same remote render side by side, and a new release or a rollback is simply
 * another manifest URL on the next request. The runtime reads the server entry from the
 * manifest's `ssrRemoteEntry` (rspack.base.ts) and runs it in this process.
 *
 * Memory: at most `maxReleases` releases stay loaded; the least recently used one is dropped
 * with everything the runtime keeps for it in its globals, so its code can be collected.
 */
export function createRemoteLoader(options: RemoteLoaderOptions) {
  const releases = new Map<string, LoadedRelease>();
  let counter = 0;

  function release(remote: string, manifestUrl: string): LoadedRelease {
    const key = `${remote} ${manifestUrl}`;
    let entry = releases.get(key);
    if (!entry) {
      counter += 1;
      const instance = createInstance({
        name: `shop_ssr_${counter}`,
        remotes: [{ name: remote, entry: manifestUrl }],
        shared: options.shared,
        shareStrategy: 'loaded-first',
        plugins: [serverFetch(options.timeoutMs, options.originMap)],
      });
      entry = { instance, owned: new Set(), modules: new Map(), usedAt: Date.now() };
      releases.set(key, entry);
      trim(key);
    }
    entry.usedAt = Date.now();
    return entry;
  }

  function trim(keep: string) {
    if (releases.size <= options.maxReleases) return;
    const oldest = [...releases.entries()].filter(([key]) => key !== keep).sort((a, b) => a[1].usedAt - b[1].usedAt);
    for (const [key] of oldest.slice(0, releases.size - options.maxReleases)) drop(key);
  }

  function drop(key: string) {
    const entry = releases.get(key);
    if (!entry) return;
    releases.delete(key);
    forgetInstance(entry.instance, entry.owned, key.slice(key.indexOf(' ') + 1));
  }

  function load(remote: string, manifestUrl: string, id: RemoteModuleId): Promise<ComponentType<object>> {
    const entry = release(remote, manifestUrl);
    if (entry.failedAt && Date.now() - entry.failedAt < options.retryAfterMs) {
      return settled(
        Promise.reject(new Error(`${remote} (${manifestUrl}) failed a moment ago: its areas render in the browser`)),
      );
    }
    let promise = entry.modules.get(id);
    if (!promise) {
      promise = loadModule(entry, id, options.timeoutMs);
      entry.modules.set(id, promise);
    }
    return promise;
  }

  return {
    /** The module source for one request: the visitor's registry (canary and preview included). */
    forRegistry: (registry: Record<string, string>) => requestSource(registry, load),
    /** The releases loaded now (for the page server's health answer and the memory benchmark). */
    loaded(): string[] {
      return [...releases.keys()];
    },
    /** Drops every loaded release (tests, shutdown). */
    clear() {
      for (const key of [...releases.keys()]) drop(key);
    },
  };
}

type RequestSource = ModuleSource & { release(): void; rendered(): RemoteModuleId[] };

/** Loads one module of a release with its time limit, noting the runtime instances its container brought. */
function loadModule(entry: LoadedRelease, id: RemoteModuleId, timeoutMs: number): Promise<ComponentType<object>> {
  const before = new Set(runtimeInstances());
  return settled(
    withTimeout(entry.instance.loadRemote<{ default?: ComponentType<object> }>(id), timeoutMs, id).then(
      (mod) => {
        // the container's own instance appeared while it loaded (another release loading at the
        // same time may be counted here too: harmless, see forgetInstance)
        for (const other of runtimeInstances())
          if (!before.has(other) && other !== entry.instance) entry.owned.add(other);
        if (!mod?.default) throw new Error(`${id} exposes no default export`);
        return mod.default;
      },
      (error: unknown) => {
        // A failed or hanging release is not asked again at once, and its half-loaded state is dropped.
        entry.failedAt = Date.now();
        entry.modules.clear();
        throw error;
      },
    ),
  );
}

/** The module source for one request: the visitor's registry (canary and preview included). */
function requestSource(
  registry: Record<string, string>,
  load: (remote: string, manifestUrl: string, id: RemoteModuleId) => Promise<ComponentType<object>>,
): RequestSource {
  const requestLoads = new Map<string, Promise<ComponentType<object>>>();
  return {
    /**
     * Lets go of the request's modules once its HTML is out. React keeps a finished render's
     * request reachable for a while (its async context stays on the sockets and timers the
     * render's fetches created), and through this source it would keep each release's code,
     * past its eviction, for as long as those live.
     */
    release() {
      requestLoads.clear();
    },
    /** The modules this request rendered (loaded, not failed). */
    rendered(): RemoteModuleId[] {
      return [...requestLoads.entries()]
        .filter(([, promise]) => (promise as { status?: string }).status === 'fulfilled')
        .map(([id]) => id as RemoteModuleId);
    },
    load(id) {
      let promise = requestLoads.get(id);
      if (!promise) {
        const remote = id.split('/')[0] as string;
        const manifestUrl = registry[remote];
        promise = manifestUrl
          ? load(remote, manifestUrl, id)
          : settled(Promise.reject(new Error(`remote ${remote} is not in the registry`)));
        requestLoads.set(id, promise);
      }
      return promise;
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not load within ${ms} ms`)), ms);
    (timer as { unref?: () => void }).unref?.();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const nodeRequire = createRequire(pathToFileURL(`${process.cwd()}/`).href);

/**
 * The runtime's fetches for one release, and how its server entry is run:
 * - every fetch (manifest, server entry) gives up after `ms`, so a hanging remote cannot hold a
 *   render, and goes to the internal address of a public origin (the URLs themselves stay
 *   public: the HTML and the browser use them);
 * - the server entry is run here (as a function of its own, see below), by this release's
 *   instance alone. The runtime's own Node loader first looks for a container already on `globalThis` under the remote's name and
 *   takes that one, so the first release of a remote loaded in this process would serve every
 *   later release and canary: written here (fetch, then Node's `vm`, as the runtime does)
 *   without that global. The server build is one file (rspack.base.ts), so the container never
 *   resolves a chunk URL by the remote's name either.
 */
function serverFetch(ms: number, originMap: OriginMap) {
  const get = (url: string, init?: RequestInit) =>
    fetch(internalUrl(originMap, url), { ...init, signal: AbortSignal.timeout(ms) });
  return {
    name: 'shop-ssr-fetch',
    fetch: get,
    async loadEntry({ remoteInfo }: { remoteInfo: { entry: string; entryGlobalName: string } }) {
      const response = await get(remoteInfo.entry);
      if (!response.ok) throw new Error(`${remoteInfo.entry} answered HTTP ${response.status}`);
      const code = await response.text();
      const module: { exports: Record<string, unknown> } = { exports: {} };
      // compileFunction, not vm.Script: a Script's source stays in V8's compilation cache after the
      // release is dropped (each release's ≈3 MB, never freed by a GC: reports/ssr-memory.md)
      const run = vm.compileFunction(code, ['exports', 'module', 'require', '__dirname', '__filename'], {
        filename: remoteInfo.entry,
      });
      run(module.exports, module, nodeRequire, '/', 'remoteEntry.js');
      return (module.exports[remoteInfo.entryGlobalName] ?? module.exports) as never;
    },
  };
}

interface FederationGlobal {
  __INSTANCES__?: { name?: string; options?: { name?: string; id?: string } }[];
  moduleInfo?: Record<string, unknown>;
  __MANIFEST_LOADING__?: Record<string, unknown>;
  __PRELOADED_MAP__?: Map<string, unknown>;
  __SHARE__?: Record<string, unknown>;
}

function runtimeInstances(): unknown[] {
  return (globalThis as { __FEDERATION__?: FederationGlobal }).__FEDERATION__?.__INSTANCES__ ?? [];
}

/**
 * Removes what the federation runtime keeps in its process-wide globals for a release, so
 * nothing references the release's code any more: the host instance, the container's own
 * instance and share scope, its manifest, module info and entry. The process-wide list only
 * serves lookups by id when a container starts (each release has its own id: rspack.base.ts),
 * so taking out an instance a live release still uses changes nothing for that release.
 */
function forgetInstance(instance: Instance, owned: Set<unknown>, manifestUrl: string) {
  const federation = (globalThis as { __FEDERATION__?: FederationGlobal }).__FEDERATION__;
  if (!federation) return;
  const hostName = instance.name;
  if (federation.__INSTANCES__) {
    federation.__INSTANCES__ = federation.__INSTANCES__.filter(
      (other) => other !== (instance as unknown) && !owned.has(other),
    );
  }
  for (const other of owned) {
    const id = (other as { options?: { id?: string } }).options?.id;
    if (id) delete federation.__SHARE__?.[id];
  }
  delete federation.__SHARE__?.[hostName];
  // the release's folder: its manifest, server entry and files are under it
  const folder = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
  const loading = (globalThis as { __GLOBAL_LOADING_REMOTE_ENTRY__?: Record<string, unknown> })
    .__GLOBAL_LOADING_REMOTE_ENTRY__;
  for (const store of [federation.moduleInfo, federation.__MANIFEST_LOADING__, loading]) {
    if (!store) continue;
    for (const key of Object.keys(store)) if (key.includes(folder) || key.startsWith(`${hostName}`)) delete store[key];
  }
  federation.__PRELOADED_MAP__?.forEach((_value, key) => {
    if (key.includes(manifestUrl)) federation.__PRELOADED_MAP__?.delete(key);
  });
  (instance as unknown as { moduleCache: Map<string, unknown> }).moduleCache.clear();
}
