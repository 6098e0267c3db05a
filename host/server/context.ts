import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { REGISTRY_CHANGED_CHANNEL } from '@shop/contracts/release-plane';
import { connectRedis } from '@shop/server-kit';
import { type Admission, createAdmission, PAGES_PER_RENDER } from './admission.ts';
import { type Announcements, redisAnnouncements } from './announcements.ts';
import { createApiClient, sharedCalls } from './api-client.ts';
import { type CatalogVersion, watchCatalogVersion } from './catalog-version.ts';
import type { HostConfig } from './config.ts';
import { errorPageHtml, markContacts } from './html.ts';
import { createPageCache, memoryPageStore, type PageCache, redisPageStore } from './page-cache.ts';
import { hostStartAssets, manifestReader, stylesheetReader } from './preload.ts';
import { type Preview, previewOf } from './preview.ts';
import { apiRegistry, fileRegistry, fixedRegistry, type RegistrySource, registryFor } from './registry.ts';
import { inlineScriptHashes } from './security.ts';
import { loadRenderer } from './ssr.ts';
import { visitorId } from './visitor.ts';

/** The page template and what is derived from it; re-read on every page with `config.dev`. */
export interface Template {
  html: string;
  scriptHashes: string[];
  startAssets: { scripts: string[]; styles: string[] };
}

/** What the host's routes share: its configuration, the template, the registry and the API client. */
export interface HostContext {
  config: HostConfig;
  /** True once the process is stopping: /healthz answers 503 so a balancer takes it out. */
  draining: () => boolean;
  templateFile: string;
  /** A hash of the page template and the public settings: pages of two builds never mix (page cache, release smoke). */
  build: string;
  /** The template as of now: the one read at start, or a fresh read in development. */
  template: () => Promise<Template>;
  readRegistryState: RegistrySource;
  /** The visitor's registry; with an accepted preview cookie (preview.ts), the previewed release in its remote's place. */
  readVisitorRegistry: (
    req: http.IncomingMessage,
    res: http.ServerResponse,
  ) => Promise<{ registry: Record<string, string>; preview: Preview | null }>;
  api: ReturnType<typeof createApiClient>;
  /** `api`, concurrent identical calls sharing one request (api-client.ts sharedCalls): answers the same for anyone. */
  sharedApi: ReturnType<typeof createApiClient>;
  renderer: ReturnType<typeof loadRenderer>;
  /** Admission of server renders (admission.ts); null when pages are not rendered here. */
  admission: Admission | null;
  readManifest: ReturnType<typeof manifestReader>;
  readStylesheet: ReturnType<typeof stylesheetReader>;
  publicConfig: Record<string, unknown>;
  secureCookie: boolean;
  hsts: Record<string, string>;
  /** Server-rendered pages for anyone (page-cache.ts); null with PAGE_CACHE=off or in development. */
  pageCache: PageCache | null;
  /** The catalogue version the page cache keys pages by; null without the cache. */
  catalogVersion: CatalogVersion | null;
}

function registrySource(config: HostConfig, announcements: Announcements | null): RegistrySource {
  if (config.registryJson) return fixedRegistry(config.registryJson);
  if (config.registryFile) return fileRegistry(config.registryFile, config.registryTtlMs);
  // The registry belongs to the release service; an older deployment without one names the API.
  // With REDIS_URL the service's announcements make every host replica read it again at once.
  const changes = announcements ? (onChange: () => void) => announcements.on(REGISTRY_CHANGED_CHANNEL, onChange) : undefined;
  return apiRegistry(config.releaseUrl ?? config.apiUrl, config.registryTtlMs, changes);
}

/**
 * The page cache: in Redis shared by every replica with REDIS_URL, else in this process. Keyed
 * by this build (the template) and configuration too, so replicas of two builds during a rollout
 * never serve each other's pages.
 */
async function pageCacheOf(config: HostConfig, build: string, announcements: Announcements | null) {
  const settings = config.pageCache;
  if (!settings || config.dev) return { pageCache: null, catalogVersion: null };
  const catalogVersion = watchCatalogVersion(config.apiUrl, {
    pollMs: announcements ? settings.versionPollMs * 10 : settings.versionPollMs,
    ...(announcements ? { announcements } : {}),
  });
  const store = config.redisUrl
    ? redisPageStore(
        await connectRedis(config.redisUrl, console.warn, 2000, {
          lost: 'pages are rendered for every request until it is back',
          back: 'pages are served from the shared page cache again',
        }),
      )
    : memoryPageStore(settings.maxBytes);
  const pageCache = createPageCache({ store, freshMs: settings.freshMs, staleMs: settings.staleMs, version: catalogVersion.current, build });
  return { pageCache, catalogVersion };
}

/**
 * The renders' admission, and once a minute in which pages were shed, one log line saying how many
 * (the same counts are in /healthz): ops see a host that is past its rendering capacity.
 */
function admissionOf(config: HostConfig, renderer: ReturnType<typeof loadRenderer>): Admission | null {
  if (!renderer || !config.ssr) return null;
  const { concurrency, queueMs, maxLoopUtilization } = config.ssr;
  const admission = createAdmission({ concurrency, waitMs: queueMs, maxUtilization: maxLoopUtilization });
  let reported = 0;
  setInterval(() => {
    const { shed } = admission.stats();
    if (shed === reported) return;
    console.warn(
      `[host] ${shed - reported} pages shed in the last minute (${shed} since start): no render slot (SSR_CONCURRENCY ${concurrency}) within ${queueMs} ms (SSR_QUEUE_MS), the event loop busier than ${maxLoopUtilization} (SSR_MAX_LOOP_UTILIZATION) or more than ${concurrency * PAGES_PER_RENDER} pages at once; served stored or rendered by the browser`,
    );
    reported = shed;
  }, 60_000).unref();
  return admission;
}

export async function hostContext(config: HostConfig, draining: () => boolean = () => false): Promise<HostContext> {
  const templateFile = path.join(config.distDir, 'index.html');
  const loadTemplate = async (): Promise<Template> => {
    const file = await readFile(templateFile, 'utf8').catch(() => {
      throw new Error(`${templateFile} is missing: build the host first (npm run build)`);
    });
    const html = markContacts(file, config.contacts);
    return { html, scriptHashes: inlineScriptHashes(html), startAssets: hostStartAssets(config.distDir) };
  };
  const initial = await loadTemplate();
  const renderer = loadRenderer(config);
  const api = createApiClient(config.apiUrl);
  const announcements = config.redisUrl ? redisAnnouncements(config.redisUrl) : null;
  const readRegistryState = registrySource(config, announcements);
  const secureCookie = config.publicUrl.startsWith('https:');
  const publicConfig = {
    shopName: config.shopName,
    marketplace: config.marketplace,
    contacts: config.contacts,
    ...(config.reviewsUrl ? { reviewsUrl: config.reviewsUrl } : {}),
    ...(config.counterId ? { counterId: config.counterId } : {}),
  };
  // this build of the host as shoppers get it: its template and its public settings
  const build = createHash('sha256').update(initial.html).update(JSON.stringify(publicConfig)).digest('base64url');
  return {
    ...(await pageCacheOf(config, build, announcements)),
    build,
    config,
    draining,
    templateFile,
    template: config.dev ? loadTemplate : async () => initial,
    readRegistryState,
    async readVisitorRegistry(req, res) {
      const state = await readRegistryState();
      const registry = registryFor(state, visitorId(req, res, secureCookie));
      const preview = previewOf(req, config.previewSecret, state, config.previewOrigins);
      if (preview) registry[preview.remote] = preview.manifestUrl;
      return { registry, preview };
    },
    api,
    sharedApi: sharedCalls(api),
    renderer,
    admission: admissionOf(config, renderer),
    readManifest: manifestReader(config.registryTtlMs),
    readStylesheet: stylesheetReader({
      distDir: config.distDir,
      originMap: config.ssr?.originMap ?? [],
      ttlMs: config.registryTtlMs,
    }),
    publicConfig,
    secureCookie,
    hsts: secureCookie ? { 'Strict-Transport-Security': 'max-age=31536000' } : {},
  };
}

/** A short Russian page for a refused or failed request; never stored. */
export function errorPage(reply: FastifyReply, status: number, text: string, extra: Record<string, string> = {}) {
  return reply
    .code(status)
    .headers({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...extra })
    .send(errorPageHtml(text));
}
