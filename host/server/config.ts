import path from 'node:path';

/** The host server's configuration, read and validated in this one place. */
export interface HostConfig {
  port: number;
  bind: string;
  apiUrl: string;
  distDir: string;
  /** A registry file (REGISTRY_FILE) instead of the API's registry: local experiments and tests. */
  registryFile?: string;
  /** A fixed registry given as JSON (REGISTRY_JSON), e.g. in docker-compose; wins over the file. */
  registryJson?: Record<string, string>;
  /** Seconds the registry is cached; a release or rollback is seen after at most this long. */
  registryTtlMs: number;
  shopName: string;
  /** `npm run dev -- host`: re-read index.html on every request (a watch build rewrites it). */
  dev: boolean;
  contacts: { telegram?: string; whatsapp?: string; email?: string };
  marketplace: string;
  reviewsUrl?: string;
  /** Metrics counter id (METRICS_COUNTER_ID); none: nothing goes to a counter. */
  counterId?: number;
}

function port(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65535) throw new Error(`${name} must be a port number (1–65535), got «${raw}»`);
  return value;
}

function url(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name] || fallback;
  try {
    return new URL(raw).toString().replace(/\/$/, '');
  } catch {
    throw new Error(`${name} must be an absolute URL, got «${raw}»`);
  }
}

function optional(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): HostConfig {
  const here = import.meta.dirname;
  const ttl = Number(env.REGISTRY_TTL_MS ?? 3000);
  if (!Number.isFinite(ttl) || ttl < 0) throw new Error(`REGISTRY_TTL_MS must be a number of milliseconds, got «${env.REGISTRY_TTL_MS}»`);
  const contacts: HostConfig['contacts'] = {};
  const telegram = optional(env, 'CONTACT_TELEGRAM');
  const whatsapp = optional(env, 'CONTACT_WHATSAPP');
  const email = optional(env, 'CONTACT_EMAIL');
  if (telegram) contacts.telegram = telegram;
  if (whatsapp) contacts.whatsapp = whatsapp;
  if (email) contacts.email = email;
  const counterRaw = optional(env, 'METRICS_COUNTER_ID');
  const counterId = counterRaw === undefined ? undefined : Number(counterRaw);
  if (counterId !== undefined && (!Number.isInteger(counterId) || counterId <= 0)) {
    throw new Error(`METRICS_COUNTER_ID must be a positive whole number, got «${counterRaw}»`);
  }
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
    port: port(env, 'HOST_PORT', 3000),
    bind: env.HOST_BIND || '127.0.0.1',
    apiUrl: url(env, 'API_URL', 'http://127.0.0.1:4000'),
    distDir: path.resolve(env.HOST_DIST_DIR || path.join(here, '..', 'dist')),
    ...(env.REGISTRY_FILE ? { registryFile: path.resolve(env.REGISTRY_FILE) } : {}),
    registryTtlMs: ttl,
    shopName: env.SHOP_NAME?.trim() || 'Оригинал',
    marketplace: env.MARKETPLACE_NAME?.trim() || 'Poizon',
    ...(reviewsUrl ? { reviewsUrl } : {}),
    ...(counterId ? { counterId } : {}),
    dev: env.HOST_DEV === '1',
    contacts,
  };
}
