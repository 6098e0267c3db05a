import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseOriginMap } from '@shop/contracts/origin-map';

/** The host server's configuration, read and validated in this one place. */
export interface HostConfig {
  port: number;
  bind: string;
  /** The API's origin (API_URL, http or https, no path): the only place the host's `/api` proxy and its own calls go. */
  apiUrl: string;
  /**
   * The release service's origin (RELEASE_URL; without it the API's, as an older deployment
   * has it): the registry the host reads and the release plane's `/api/` paths its proxy sends on.
   */
  releaseUrl?: string;
  /**
   * The shop's public origin (SHOP_PUBLIC_URL, the same value the API is given): robots.txt,
   * the sitemap and page meta are built from it, never from the request's Host header.
   */
  publicUrl: string;
  /** HOST_PROXY_OPS=1: let `/api/ops/*` through the proxy (ops tooling talks to the API directly). */
  proxyOps: boolean;
  /** SERVE_SOURCE_MAPS=1: serve the build's `*.map` files (development); production answers 404. */
  serveSourceMaps: boolean;
  distDir: string;
  /** A registry file (REGISTRY_FILE) instead of the API's registry: local experiments and tests. */
  registryFile?: string;
  /** A fixed registry given as JSON (REGISTRY_JSON), e.g. in docker-compose; wins over the file. */
  registryJson?: Record<string, string>;
  /** Seconds the registry is cached; a release or rollback is seen after at most this long. */
  registryTtlMs: number;
  /** REDIS_URL: the registry is read again the moment the release service announces a change. */
  redisUrl?: string;
  /** SHUTDOWN_DRAIN_MS: how long /healthz answers 503 after SIGTERM before the server closes (0: at once). */
  shutdownDrainMs?: number;
  shopName: string;
  /** `npm run dev -- host`: re-read index.html on every request (a watch build rewrites it). */
  dev: boolean;
  contacts: { telegram?: string; whatsapp?: string; email?: string };
  marketplace: string;
  reviewsUrl?: string;
  /** Metrics counter id (METRICS_COUNTER_ID); none: nothing goes to a counter. */
  counterId?: number;
  /** PREVIEW_SECRET (the API's too): preview links and cookies (preview.ts); none: previews are off. */
  previewSecret?: string;
  /**
   * Server rendering; null with SSR=off (every page renders in the browser, as before).
   * The bundle is the host build's server renderer; a remote module slower than
   * SSR_REMOTE_TIMEOUT_MS, or a page slower than SSR_TIMEOUT_MS, is left to the browser.
   * At most SSR_CONCURRENCY renders run at once; a page waits at most SSR_QUEUE_MS for a free
   * one, else it is shed (admission.ts): the stored page or the page the browser renders.
   */
  ssr?: {
    bundle: string;
    remoteTimeoutMs: number;
    renderTimeoutMs: number;
    originMap: [string, string][];
    concurrency: number;
    queueMs: number;
    /** SSR_MAX_LOOP_UTILIZATION, 0–1: a render is shed while the event loop is busier than this (1: never). */
    maxLoopUtilization: number;
  } | null;
  /**
   * The page cache (page-cache.ts); null with PAGE_CACHE=off. PAGE_CACHE_FRESH_MS: a stored page is
   * served as it is; PAGE_CACHE_STALE_MS: then served while one render replaces it; PAGE_CACHE_MB:
   * this process's share without Redis; the catalogue version is asked of the API every
   * CATALOG_VERSION_POLL_MS (ten times less often with Redis, which announces it).
   */
  pageCache?: { freshMs: number; staleMs: number; maxBytes: number; versionPollMs: number } | null;
  /** PREVIEW_ORIGINS (comma-separated): origins a preview may load besides those the registry already uses. */
  previewOrigins?: string[];
}

function port(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65535) throw new Error(`${name} must be a port number (1–65535), got «${raw}»`);
  return value;
}

/** An http(s) origin without path, query or credentials: it is glued to request paths. */
function origin(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name] || fallback;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got «${raw}»`);
  }
  if (!['http:', 'https:'].includes(parsed.protocol) || parsed.username || parsed.password || parsed.pathname !== '/' || parsed.search || parsed.hash) {
    throw new Error(`${name} must be an http(s) origin such as https://shop.example (no path, query or user), got «${raw}»`);
  }
  return parsed.origin;
}

function millis(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  const value = raw ? Number(raw) : fallback;
  if (!Number.isInteger(value) || value < 1 || value > 60_000) throw new Error(`${name} must be milliseconds (1–60000), got «${raw}»`);
  return value;
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name] ?? String(fallback);
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) throw new Error(`${name} must be a whole number from ${min} to ${max}, got «${raw}»`);
  return Number(raw);
}

function fraction(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name] ?? String(fallback);
  if (!/^(0(\.\d+)?|1(\.0+)?)$/.test(raw) || Number(raw) <= 0) throw new Error(`${name} must be a number above 0 and at most 1, got «${raw}»`);
  return Number(raw);
}

/**
 * Renders in flight by default: the cores, from 2 to 4. A render runs on this process's one
 * thread (the API and the database take the other cores), with short waits for its data: two
 * keep the thread busy; more only make each render slower, past 4 towards SSR_TIMEOUT_MS.
 */
export function defaultSsrConcurrency(cores = availableParallelism()): number {
  return Math.min(4, Math.max(2, cores));
}

function optional(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

/** The demo shop's contacts (README «Configuration»): replace them with the shop's own. */
export const DEMO_CONTACTS = {
  telegram: 'https://t.me/original_shop_demo',
  whatsapp: 'https://wa.me/79990000000',
  email: 'shop@original-shop.example',
} as const;

function drainMs(env: NodeJS.ProcessEnv): number {
  const raw = env.SHUTDOWN_DRAIN_MS ?? '0';
  const ms = Number(raw);
  if (!/^\d+$/.test(raw) || ms > 120_000) throw new Error(`SHUTDOWN_DRAIN_MS must be 0–120000 milliseconds, got «${raw}»`);
  return ms;
}

function pageCache(env: NodeJS.ProcessEnv): HostConfig['pageCache'] {
  const mode = env.PAGE_CACHE ?? 'on';
  if (mode !== 'on' && mode !== 'off') throw new Error(`PAGE_CACHE must be on or off, got «${mode}»`);
  if (mode === 'off') return null;
  const whole = (name: string, fallback: number, max: number) => {
    const raw = env[name] ?? String(fallback);
    if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > max) throw new Error(`${name} must be a whole number from 1 to ${max}, got «${raw}»`);
    return Number(raw);
  };
  return {
    freshMs: whole('PAGE_CACHE_FRESH_MS', 60_000, 3_600_000),
    staleMs: whole('PAGE_CACHE_STALE_MS', 600_000, 86_400_000),
    maxBytes: whole('PAGE_CACHE_MB', 256, 65_536) * 1024 * 1024,
    versionPollMs: whole('CATALOG_VERSION_POLL_MS', 1000, 60_000),
  };
}

function redisUrl(env: NodeJS.ProcessEnv): string | undefined {
  const raw = optional(env, 'REDIS_URL');
  if (raw !== undefined && !/^rediss?:\/\/[^\s]+$/.test(raw)) throw new Error(`REDIS_URL must be a redis:// or rediss:// URL, got «${raw}»`);
  return raw;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): HostConfig {
  const here = import.meta.dirname;
  const ttl = Number(env.REGISTRY_TTL_MS ?? 3000);
  if (!Number.isFinite(ttl) || ttl < 0) throw new Error(`REGISTRY_TTL_MS must be a number of milliseconds, got «${env.REGISTRY_TTL_MS}»`);
  // The shop ships demo contacts, so «Контакты» and «Написать нам» always lead somewhere;
  // CONTACT_* replaces one, and an explicit empty value (CONTACT_WHATSAPP=) hides it.
  const contacts: HostConfig['contacts'] = {};
  const contact = (name: string, fallback: string) => (env[name] === undefined ? fallback : optional(env, name));
  const telegram = contact('CONTACT_TELEGRAM', DEMO_CONTACTS.telegram);
  const whatsapp = contact('CONTACT_WHATSAPP', DEMO_CONTACTS.whatsapp);
  const email = contact('CONTACT_EMAIL', DEMO_CONTACTS.email);
  if (telegram) contacts.telegram = telegram;
  if (whatsapp) contacts.whatsapp = whatsapp;
  if (email) contacts.email = email;
  const counterRaw = optional(env, 'METRICS_COUNTER_ID');
  const counterId = counterRaw === undefined ? undefined : Number(counterRaw);
  if (counterId !== undefined && (!Number.isInteger(counterId) || counterId <= 0)) {
    throw new Error(`METRICS_COUNTER_ID must be a positive whole number, got «${counterRaw}»`);
  }
  const hostPort = port(env, 'HOST_PORT', 3000);
  const reviewsUrl = optional(env, 'REVIEWS_URL') ?? 'https://otzovik.com/';
  let registryJson: Record<string, string> | undefined;
  if (env.REGISTRY_JSON?.trim()) {
    try {
      registryJson = JSON.parse(env.REGISTRY_JSON) as Record<string, string>;
    } catch {
      throw new Error('REGISTRY_JSON must be a JSON object of remote name → manifest URL');
    }
  }
  return {
    ...(registryJson ? { registryJson } : {}),
    port: hostPort,
    bind: env.HOST_BIND || '127.0.0.1',
    apiUrl: origin(env, 'API_URL', 'http://127.0.0.1:4000'),
    releaseUrl: origin(env, 'RELEASE_URL', origin(env, 'API_URL', 'http://127.0.0.1:4000')),
    // Without SHOP_PUBLIC_URL: the address `npm start` prints (PUBLIC_HOSTNAME, the host port).
    publicUrl: origin(env, 'SHOP_PUBLIC_URL', `http://${env.PUBLIC_HOSTNAME || 'localhost'}:${hostPort}`),
    proxyOps: env.HOST_PROXY_OPS === '1',
    serveSourceMaps: env.SERVE_SOURCE_MAPS === '1',
    distDir: path.resolve(env.HOST_DIST_DIR || path.join(here, '..', 'dist')),
    ...(env.REGISTRY_FILE ? { registryFile: path.resolve(env.REGISTRY_FILE) } : {}),
    registryTtlMs: ttl,
    shutdownDrainMs: drainMs(env),
    ...(redisUrl(env) ? { redisUrl: redisUrl(env) } : {}),
    pageCache: pageCache(env),
    shopName: env.SHOP_NAME?.trim() || 'Оригинал',
    marketplace: env.MARKETPLACE_NAME?.trim() || 'Poizon',
    ...(reviewsUrl ? { reviewsUrl } : {}),
    ...(counterId ? { counterId } : {}),
    dev: env.HOST_DEV === '1',
    ssr:
      env.SSR === 'off'
        ? null
        : {
            bundle: path.resolve(env.HOST_SSR_BUNDLE || path.join(here, '..', 'server-dist', 'ssr', 'render.cjs')),
            remoteTimeoutMs: millis(env, 'SSR_REMOTE_TIMEOUT_MS', 1500),
            renderTimeoutMs: millis(env, 'SSR_TIMEOUT_MS', 3000),
            // Where this server reaches the remotes' public URLs (inside docker-compose's network the
            // public http://localhost:3001 is http://mf-catalog:3001): the API's map, read by the same code.
            originMap: parseOriginMap(env.RELEASE_CHECK_ORIGIN_MAP),
            concurrency: wholeNumber(env, 'SSR_CONCURRENCY', defaultSsrConcurrency(), 1, 10_000),
            queueMs: wholeNumber(env, 'SSR_QUEUE_MS', 250, 0, 10_000),
            maxLoopUtilization: fraction(env, 'SSR_MAX_LOOP_UTILIZATION', 0.9),
          },
    contacts,
    ...(optional(env, 'PREVIEW_SECRET') ? { previewSecret: optional(env, 'PREVIEW_SECRET') } : {}),
    previewOrigins: (env.PREVIEW_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean)
      .map((o) => {
        const parsed = URL.canParse(o) ? new URL(o) : null;
        if (!parsed || !['http:', 'https:'].includes(parsed.protocol)) throw new Error(`PREVIEW_ORIGINS must list http(s) origins, got «${o}»`);
        return parsed.origin;
      }),
  };
}
