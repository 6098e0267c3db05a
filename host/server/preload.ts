import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { internalUrl, type OriginMap } from '@shop/contracts/origin-map';
import { pageView } from '../src/routing/page-view.ts';
import { fetchJson, fetchText, httpUrl } from './fetch-json.ts';
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
/**
 * What a page carries inline at most (today's pages: about 30 KB, the shell's 13 and the page
 * remote's), and how many stylesheets one page has this server read: a manifest is another team's
 * file, and forty large stylesheets in it must not put megabytes into every page (compressed per
 * request) nor have each page read forty files. What does not fit is linked, as before.
 */
export const MAX_INLINE_CSS = 100_000;
export const MAX_STYLESHEETS_READ = 12;
const STYLESHEET_MAX_BYTES = MAX_INLINE_CSS;
const CACHE_ENTRIES = 100;

/**
 * Keeps what `load` reads per URL: a page never waits for something read once (it is read again
 * in the background after `ttlMs`), and waits at most `waitMs` for a new one; null then (the
 * caller does without). Bounded: old releases' files fall out first (a Map keeps insertion order).
 */
function cachedReader<T>(load: (url: string) => Promise<T | null>, ttlMs: number, waitMs: number) {
  const cache = new Map<string, { at: number; value: T | null; pending?: Promise<T | null> }>();
  const read = (url: string): Promise<T | null> => {
    const pending = load(url)
      .catch(() => null)
      .then((value) => {
        cache.set(url, { at: Date.now(), value });
        return value;
      });
    const entry = cache.get(url);
    if (!entry && cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
    cache.set(url, { at: entry?.at ?? 0, value: entry?.value ?? null, pending });
    return pending;
  };
  return async (url: string): Promise<T | null> => {
    const entry = cache.get(url);
    if (entry && entry.at > 0) {
      if (Date.now() - entry.at > ttlMs && !entry.pending) void read(url);
      return entry.value;
    }
    const pending = entry?.pending ?? read(url);
    return Promise.race([pending, new Promise<null>((resolve) => setTimeout(() => resolve(null), waitMs).unref())]);
  };
}

/**
 * Reads remote manifests and keeps them (cachedReader). Manifest URLs come from the registry
 * (safeManifestUrl), never from a request; a relative one (served by the host itself) is refused
 * by fetchJson and simply gets no preloads.
 */
export function manifestReader(ttlMs: number, waitMs = 250) {
  return cachedReader<RemoteManifest>(
    (url) =>
      fetchJson(url, { timeoutMs: 3000, maxBytes: MANIFEST_MAX_BYTES }).then(({ status, body }) =>
        status === 200 && body && typeof body === 'object' ? (body as RemoteManifest) : null,
      ),
    ttlMs,
    waitMs,
  );
}

/**
 * Reads the stylesheets a server-rendered page puts into its HTML: the host's own from its build
 * folder, a remote's over HTTP at the address this server reaches it by (the origin map: inside
 * docker-compose the public origin is another service). Their names carry a content hash, so what
 * was read once stays right; null (the page links the file instead) until it is in.
 */
export function stylesheetReader(options: { distDir: string; originMap: OriginMap; ttlMs: number; waitMs?: number }) {
  const read = async (href: string): Promise<string | null> => {
    if (href.startsWith('/')) {
      const file = path.join(options.distDir, path.normalize(href).replace(/^[/\\]+/, ''));
      if (!file.startsWith(path.join(options.distDir, 'static') + path.sep)) return null;
      return readFile(file, 'utf8');
    }
    const { status, text } = await fetchText(internalUrl(options.originMap, href), {
      timeoutMs: 3000,
      maxBytes: STYLESHEET_MAX_BYTES,
      accept: 'text/css',
    });
    if (status !== 200) throw new Error(`answered ${status}`);
    return text;
  };
  return cachedReader<string>(
    // once per file and cache lifetime: ops see why a page links a stylesheet instead of carrying it
    (href) =>
      read(href).catch((error: Error) => {
        console.warn(`[host] stylesheet ${href} not read (${error.message}): pages link it instead`);
        return null;
      }),
    options.ttlMs,
    options.waitMs ?? 250,
  );
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
 * The files one page will need, and their preload tags. The browser still fetches the page
 * remote's manifest itself (uncached, so a release switch is seen at once and the failure
 * handling sees a failing remote); the manifests read here are returned for the caller's
 * information. A server-rendered page does not use the tags: its scripts start after its first
 * paint (html.ts startAfterFirstPaint), and so do their preloads.
 */
export async function pagePreloads(options: {
  pageType: string | null;
  registry: Registry;
  host: { scripts: string[]; styles: string[] };
  readManifest: (url: string) => Promise<RemoteManifest | null>;
}): Promise<{ tags: string; scripts: string[]; manifests: Record<string, RemoteManifest> }> {
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
  return { tags, scripts, manifests };
}

/**
 * A server-rendered page's styles, in its head: the host's start styles and those of every remote
 * module the server rendered into it (the page's, and any nested one). Without them before the
 * first paint the browser would paint the server's HTML unstyled and move everything when the
 * scripts apply them (CLS above 1 in the benchmark).
 *
 * Each one's text goes into the HTML (`<style>`, allowed by its hash in the page's CSP): a linked stylesheet holds the first paint
 * until it is fetched, the page remote's from another origin over a new connection (about a second
 * of a phone's first paint on slow 4G in the benchmark, reports/web-bench-notes.md). They are a few
 * KB each. `inlined` lists them: before the scripts start, the page links each with `media="print"`
 * (html.ts startAfterFirstPaint). Never applied on screen, that link is what rspack's and the
 * federation runtime's CSS loading look for (a `<link rel="stylesheet">` of that address), so
 * neither adds the file again (a second copy of every rule and a restyle of the whole page). A
 * file not read yet (a new release's first page) is linked as before.
 */
export async function pageStylesheets(options: {
  modules: string[];
  registry: Registry;
  host: { styles: string[] };
  readManifest: (url: string) => Promise<RemoteManifest | null>;
  readStylesheet: (href: string) => Promise<string | null>;
}): Promise<{ tags: string; inlined: string[] }> {
  const styles = options.host.styles.map((file) => `/${file}`);
  // Read by this server only from the folder of a registered release (its manifest's): the manifest
  // is another team's file, and a stylesheet address in it elsewhere (an internal service, a
  // cloud's metadata address) must not have this server fetch it into a public page. Such a file
  // is linked: the browser asks for it, within the page's CSP.
  const readable = new Set(styles);
  for (const id of options.modules) {
    const [remote, exposed] = id.split('/') as [string, string];
    const manifestUrl = options.registry[remote];
    const manifest = manifestUrl ? await options.readManifest(manifestUrl) : null;
    if (!manifestUrl || !manifest) continue;
    const folder = new URL('.', manifestUrl).href;
    for (const href of remoteAssets(manifestUrl, manifest, exposed).styles) {
      styles.push(href);
      // an encoded slash or backslash too: a static server or proxy that decodes it before resolving `..` would leave the folder
      const rest = href.slice(folder.length);
      if (href.startsWith(folder) && !rest.split('/').includes('..') && !/%2f|%5c/i.test(rest)) readable.add(href);
    }
  }
  const unique = [...new Set(styles)];
  const read = unique.filter((href) => readable.has(href)).slice(0, MAX_STYLESHEETS_READ);
  const texts = await Promise.all(unique.map((href) => (read.includes(href) ? options.readStylesheet(href) : null)));
  const inlined: string[] = [];
  // Two chunks of one build may carry the same stylesheet (the UI kit's, split into both): its
  // text goes into the page once; the other address is still linked for print like every inlined one.
  const inlinedTexts = new Set<string>();
  let budget = MAX_INLINE_CSS;
  const tags = unique
    .map((href, i) => {
      const text = texts[i];
      const attribute = escapeHtml(href);
      if (text != null && inlinedTexts.has(text)) {
        inlined.push(href);
        return '';
      }
      if (text == null || text.length > budget || !inlinable(text)) return `<link rel="stylesheet" href="${attribute}">`;
      budget -= text.length;
      inlined.push(href);
      inlinedTexts.add(text);
      return `<style data-href="${attribute}">${styleText(text)}</style>`;
    })
    .filter(Boolean)
    .join('\n    ');
  return { tags, inlined };
}

/**
 * Inside the page a relative `url()` or `@import` would resolve against the page's address instead
 * of the file's (so would a string in `image-set()`): such a file is linked, not inlined (none of the builds has one today).
 */
function inlinable(css: string): boolean {
  return !/@import|image-set\(|url\(\s*['"]?(?!data:|https?:|#)/i.test(css);
}

/**
 * A stylesheet's text made safe inside `<style>`: only `</style` could end the element early (in
 * CSS it can stand only in a string or a comment, where `<\/` reads the same).
 */
function styleText(css: string): string {
  // A byte-order mark goes too: a linked file loses it when decoded; inside <style> it is not
  // whitespace but part of the first selector, whose rule then matches nothing.
  return css.replace(/^\uFEFF/, '').replace(/<\/(style)/gi, '<\\/$1');
}
