import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pageView } from '../src/routing/page-view.ts';
import { fetchJson, httpUrl } from './fetch-json.ts';
import { escapeHtml } from './html.ts';
import type { Registry } from './registry.ts';

/**
 * `<link rel="preload">` tags for what a page will need, so the browser fetches it from the
 * first byte instead of discovering it step by step (HTML → host script → bootstrap → shared
 * libraries → remote entry → exposed chunk). The host's own start files come from its build
 * (start-assets.json, written by rspack.base.ts); the page's remote entry and exposed chunks
 * from that remote's mf-manifest.json, which the server reads the way the browser would.
 */

interface Assets {
  js: { sync: string[]; async: string[] };
  css: { sync: string[]; async: string[] };
}

export interface RemoteManifest {
  metaData: { publicPath?: string; remoteEntry: { name: string; path: string } };
  exposes: { name: string; assets: Assets }[];
}

/** Where a remote's files live: its publicPath, or (`auto`) the folder its manifest was read from. */
function baseOf(manifestUrl: string, manifest: RemoteManifest): string {
  const publicPath = manifest.metaData.publicPath;
  if (publicPath && publicPath !== 'auto') return new URL(publicPath, manifestUrl).href;
  return new URL('.', manifestUrl).href;
}

/**
 * URLs of the remote entry, then the exposed module's scripts and stylesheets. The manifest
 * is another team's file: anything in it that does not make an http(s) URL is left out.
 */
export function remoteAssets(
  manifestUrl: string,
  manifest: RemoteManifest,
  exposed: string,
): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  try {
    const base = baseOf(manifestUrl, manifest);
    const resolve = (file: unknown) => {
      if (typeof file !== 'string') return null;
      try {
        return httpUrl(new URL(file, base).href)?.href ?? null;
      } catch {
        return null;
      }
    };
    const { name, path: entryPath } = manifest.metaData.remoteEntry;
    const entry = resolve(path.posix.join(entryPath || '', name));
    if (!entry) return { scripts, styles };
    scripts.push(entry);
    const expose = manifest.exposes?.find((e) => e.name === exposed || e.name === `./${exposed}`);
    for (const file of expose?.assets.js.sync ?? []) {
      const url = resolve(file);
      if (url) scripts.push(url);
    }
    for (const file of expose?.assets.css.sync ?? []) {
      const url = resolve(file);
      if (url) styles.push(url);
    }
  } catch {
    // a manifest of another shape: no preloads for this remote
  }
  return { scripts, styles };
}

const MANIFEST_MAX_BYTES = 2_000_000;
const MANIFEST_CACHE_ENTRIES = 100;

/**
 * Reads remote manifests and keeps them: a page never waits for a manifest that was read
 * once (it is refreshed in the background after `ttlMs`), and waits at most `waitMs` for a
 * new one; without it the page simply has no preloads for that remote.
 */
export function manifestReader(ttlMs: number, waitMs = 250) {
  const cache = new Map<
    string,
    { at: number; value: RemoteManifest | null; pending?: Promise<RemoteManifest | null> }
  >();
  const fetchManifest = (url: string): Promise<RemoteManifest | null> => {
    // Manifest URLs come from the registry (safeManifestUrl), never from a request; a relative
    // one (served by the host itself) is refused by fetchJson and simply gets no preloads.
    const pending = fetchJson(url, { timeoutMs: 3000, maxBytes: MANIFEST_MAX_BYTES })
      .then(({ status, body }) =>
        status === 200 && body && typeof body === 'object' ? (body as RemoteManifest) : null,
      )
      .catch(() => null)
      .then((value) => {
        cache.set(url, { at: Date.now(), value });
        return value;
      });
    const entry = cache.get(url);
    // Bounded: old releases' manifests fall out first (a Map keeps insertion order).
    if (!entry && cache.size >= MANIFEST_CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
    cache.set(url, { at: entry?.at ?? 0, value: entry?.value ?? null, pending });
    return pending;
  };
  return async (url: string): Promise<RemoteManifest | null> => {
    const entry = cache.get(url);
    if (entry && entry.at > 0) {
      if (Date.now() - entry.at > ttlMs && !entry.pending) void fetchManifest(url);
      return entry.value;
    }
    const pending = entry?.pending ?? fetchManifest(url);
    return Promise.race([pending, new Promise<null>((resolve) => setTimeout(() => resolve(null), waitMs).unref())]);
  };
}

/** The host's start files (bootstrap chunk and the shared libraries it needs), relative to its public path. */
export function hostStartAssets(distDir: string): { scripts: string[]; styles: string[] } {
  try {
    return JSON.parse(readFileSync(path.join(distDir, 'start-assets.json'), 'utf8')) as {
      scripts: string[];
      styles: string[];
    };
  } catch {
    return { scripts: [], styles: [] };
  }
}

/**
 * The preload tags for one page. The browser still fetches the page remote's manifest itself
 * (uncached, so a release switch is seen at once and the failure handling sees a failing
 * remote); the manifests read here are returned for the caller's information.
 */
export async function pagePreloads(options: {
  pageType: string | null;
  registry: Registry;
  host: { scripts: string[]; styles: string[] };
  readManifest: (url: string) => Promise<RemoteManifest | null>;
}): Promise<{ tags: string; manifests: Record<string, RemoteManifest> }> {
  const manifests: Record<string, RemoteManifest> = {};
  const scripts = options.host.scripts.map((file) => `/${file}`);
  const styles = options.host.styles.map((file) => `/${file}`);
  const id = options.pageType ? pageView({ type: options.pageType })?.module : undefined;
  if (id) {
    const [remote, exposed] = id.split('/') as [string, string];
    const manifestUrl = options.registry[remote];
    const manifest = manifestUrl ? await options.readManifest(manifestUrl) : null;
    if (manifestUrl && manifest) {
      manifests[manifestUrl] = manifest;
      const assets = remoteAssets(manifestUrl, manifest, exposed);
      scripts.push(...assets.scripts);
      styles.push(...assets.styles);
    }
  }
  const tags = [
    ...styles.map((href) => `<link rel="preload" as="style" href="${escapeHtml(href)}">`),
    ...scripts.map((href) => `<link rel="preload" as="script" href="${escapeHtml(href)}">`),
  ].join('\n    ');
  return { tags, manifests };
}

/**
 * A server-rendered page's stylesheets, linked (render-blocking) in its head: the host's start
 * styles and those of every remote module the server rendered into it (the page's, and any
 * nested one). Only preloaded, the browser would paint the server's HTML unstyled and move
 * everything when the scripts apply them (CLS above 1 in the benchmark). The scripts find
 * their stylesheets already there and add none.
 */
export async function pageStylesheets(options: {
  modules: string[];
  registry: Registry;
  host: { styles: string[] };
  readManifest: (url: string) => Promise<RemoteManifest | null>;
}): Promise<string> {
  const styles = options.host.styles.map((file) => `/${file}`);
  for (const id of options.modules) {
    const [remote, exposed] = id.split('/') as [string, string];
    const manifestUrl = options.registry[remote];
    const manifest = manifestUrl ? await options.readManifest(manifestUrl) : null;
    if (manifestUrl && manifest) styles.push(...remoteAssets(manifestUrl, manifest, exposed).styles);
  }
  return [...new Set(styles)].map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('\n    ');
}
