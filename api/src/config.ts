import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, envBool, envInt, failSetting, isProxyEntry, type ServiceSettings } from '@shop/server-kit';
import { loadPaymentConfig, type PaymentConfig } from './payments/payment-config.ts';
import { type DeskConfig, loadDeskConfig } from './desk/desk-config.ts';
import { type DeliveryConfig, loadDeliveryConfig } from './delivery/delivery-config.ts';
import { loadMailConfig, type MailConfig } from './notify/mail-config.ts';
import { loadPhotoConfig, type PhotoConfig } from './photos/photo-config.ts';

export type CatalogSeed = 'small' | 'large' | 'none';

/** API_PORT, API_HOST and the settings every service shares (pool size: a few per core serve best, measured on 2 cores). */
export interface Config extends ServiceSettings {
  /** Memory the response cache may hold (bytes, LRU by bytes): RESPONSE_CACHE_MAX_BYTES. */
  responseCacheMaxBytes: number;
  /** Answers above this many bytes are served but never cached: RESPONSE_CACHE_MAX_ENTRY_BYTES. */
  responseCacheMaxEntryBytes: number;
  /** GraphQL requests executed at once (GRAPHQL_MAX_CONCURRENT) and waiting for a slot (GRAPHQL_MAX_QUEUED); more: 503. */
  graphqlMaxConcurrent: number;
  graphqlMaxQueued: number;
  /** Bytes of answers not yet sent to their clients before new GraphQL requests get 503: ANSWERS_MAX_INFLIGHT_BYTES. */
  answersMaxInflightBytes: number;
  pgliteDir: string;
  catalogSeed: CatalogSeed;
  shopPublicUrl: string;
  opsToken: string | undefined;
  /**
   * Whether documents other than the registered ones (trusted documents, src/persisted/) may run:
   * GRAPHQL_ARBITRARY_OPERATIONS, default on except under NODE_ENV=production.
   */
  arbitraryOperations: boolean;
  /** Whether __schema / __type may be asked: GRAPHQL_INTROSPECTION, default on except under NODE_ENV=production. */
  graphqlIntrospection: boolean;
  /** Proxies (IPs/CIDRs) whose X-Forwarded-For is believed; see util/client-ip.ts. */
  trustedProxies: string[];
  /** createOrder calls allowed per client IP (IPv6: per /64) per minute. */
  orderRateLimit: number;
  /** `order` and `paymentInfo` look-ups (each alias counts) per client IP per minute. */
  orderLookupRateLimit: number;
  /** Sandbox payment page requests per client IP per minute. */
  sandboxRateLimit: number;
  /** `deliveryOptions` and `pickupPoints` calls (each alias counts) per client IP per minute: each may ask СДЭК. */
  deliveryRateLimit: number;
  /** Wrong ops tokens per client IP per 15 minutes before that IP is locked out for the rest of them. */
  opsTokenFailureLimit: number;
  /** Consent text versions (152-ФЗ) an order may cite: the one mf-cart shows, plus any still in open tabs. */
  consentVersions: string[];
  /** Property names offered as listing filters. */
  allowedProperties: string[];
  /** PAYMENT_PROVIDER, PAYMENT_SANDBOX, YOOKASSA_* (payments/payment-config.ts). */
  payment: PaymentConfig;
  /** DELIVERY_PROVIDER, CDEK_*, DELIVERY_* (delivery/delivery-config.ts). */
  delivery: DeliveryConfig;
  /** Shown in page titles. */
  shopName: string;
  /** Hosts ("cdn.example.ru" or "host:port") whose https image URLs a catalogue import accepts; none: only /api/images/. */
  catalogImageHosts: string[];
  /** How long an unpaid order holds its units before the sweeper cancels it: ORDER_RESERVATION_MINUTES. */
  orderReservationMinutes: number;
  /** Orders desk: DESK_SESSION_HOURS, sign-in throttles (desk/desk-config.ts). */
  desk: DeskConfig;
  /** SMTP_URL, MAIL_FROM, SHOP_OWNER_EMAIL, MAIL_POLL_MS (notify/mail-config.ts). */
  mail: MailConfig;
  /** PHOTO_DIR and the photo pipeline's limits (photos/photo-config.ts). */
  photos: PhotoConfig;
}

export { ConfigError };

const apiRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));

const int = (env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number) => envInt(env, name, fallback, min, max, failSetting);
const bool = (env: NodeJS.ProcessEnv, name: string, fallback: boolean) => envBool(env, name, fallback, failSetting);

function url(env: NodeJS.ProcessEnv, name: string, fallback: string | undefined, protocols: string[]) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    return failSetting(name, raw, `a URL (${protocols.join(', ')})`);
  }
  if (!protocols.includes(parsed.protocol)) failSetting(name, raw, `a URL starting with ${protocols.join(' or ')}`);
  return raw;
}

function list(env: NodeJS.ProcessEnv, name: string, fallback: string): string[] {
  return (env[name] ?? fallback)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * TRUSTED_PROXIES (default: loopback, where the host runs under `npm start`; `none` trusts no
 * one). The old TRUST_PROXY boolean still works when TRUSTED_PROXIES is unset: false means none.
 */
function trustedProxies(env: NodeJS.ProcessEnv): string[] {
  const raw = env.TRUSTED_PROXIES?.trim();
  if (!raw) return bool(env, 'TRUST_PROXY', true) ? ['127.0.0.1/8', '::1'] : [];
  if (raw.toLowerCase() === 'none') return [];
  const entries = list(env, 'TRUSTED_PROXIES', '');
  const bad = entries.find((e) => !isProxyEntry(e));
  if (bad !== undefined) failSetting('TRUSTED_PROXIES', raw, 'comma-separated IP addresses or CIDRs (e.g. 127.0.0.1/8,::1), or none');
  return entries;
}

/** The published consent version is mf-cart's CONSENT_VERSION (src/checkout/consent-text.ts); a test keeps them equal. */
export const PUBLISHED_CONSENT_VERSION = '2025-09-01';

function consentVersions(env: NodeJS.ProcessEnv): string[] {
  const versions = list(env, 'CONSENT_VERSIONS', '');
  if (!versions.length) return [PUBLISHED_CONSENT_VERSION];
  if (versions.some((v) => !/^[A-Za-z0-9._-]{1,50}$/.test(v))) failSetting('CONSENT_VERSIONS', env.CONSENT_VERSIONS ?? '', 'comma-separated versions such as 2025-09-01');
  return versions;
}

/** CATALOG_IMAGE_HOSTS: comma-separated lower-case host names, each optionally with a port. */
function imageHosts(env: NodeJS.ProcessEnv): string[] {
  const hosts = (env.CATALOG_IMAGE_HOSTS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const bad = hosts.find((h) => !/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/.test(h));
  if (bad !== undefined) failSetting('CATALOG_IMAGE_HOSTS', env.CATALOG_IMAGE_HOSTS ?? '', 'comma-separated host names such as cdn.example.ru');
  return hosts;
}

/** Reads and validates every setting of the API process; nothing else reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const seed = env.CATALOG_SEED || 'small';
  if (seed !== 'small' && seed !== 'large' && seed !== 'none') failSetting('CATALOG_SEED', seed, 'small, large or none');
  const host = env.API_HOST || '127.0.0.1';
  const publicUrl = url(env, 'SHOP_PUBLIC_URL', 'http://localhost:3000', ['http:', 'https:']) as string;
  const allowed = (env.ALLOWED_PROPERTY_FILTERS || 'size')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const pgliteDir = resolve(env.PGLITE_DIR || resolve(apiRoot, '.data/pglite'));
  return {
    port: int(env, 'API_PORT', 4000, 1, 65535),
    host,
    databaseUrl: url(env, 'DATABASE_URL', undefined, ['postgres:', 'postgresql:']),
    redisUrl: url(env, 'REDIS_URL', undefined, ['redis:', 'rediss:']),
    shutdownDrainMs: int(env, 'SHUTDOWN_DRAIN_MS', 0, 0, 120_000),
    databasePoolSize: int(env, 'DATABASE_POOL_SIZE', 6, 1, 100),
    responseCacheMaxBytes: int(env, 'RESPONSE_CACHE_MAX_BYTES', 64 * 1024 * 1024, 0, 4 * 1024 ** 3),
    responseCacheMaxEntryBytes: int(env, 'RESPONSE_CACHE_MAX_ENTRY_BYTES', 1024 * 1024, 0, 256 * 1024 * 1024),
    graphqlMaxConcurrent: int(env, 'GRAPHQL_MAX_CONCURRENT', 8, 1, 1000),
    graphqlMaxQueued: int(env, 'GRAPHQL_MAX_QUEUED', 256, 0, 100_000),
    answersMaxInflightBytes: int(env, 'ANSWERS_MAX_INFLIGHT_BYTES', 64 * 1024 * 1024, 1024, 4 * 1024 ** 3),
    pgliteDir,
    catalogSeed: seed,
    shopPublicUrl: publicUrl.replace(/\/+$/, ''),
    opsToken: env.OPS_TOKEN || undefined,
    arbitraryOperations: bool(env, 'GRAPHQL_ARBITRARY_OPERATIONS', env.NODE_ENV !== 'production'),
    graphqlIntrospection: bool(env, 'GRAPHQL_INTROSPECTION', env.NODE_ENV !== 'production'),
    trustedProxies: trustedProxies(env),
    orderRateLimit: int(env, 'ORDER_RATE_LIMIT', 10, 1, 100_000),
    orderLookupRateLimit: int(env, 'ORDER_LOOKUP_RATE_LIMIT', 60, 1, 100_000),
    sandboxRateLimit: int(env, 'SANDBOX_RATE_LIMIT', 30, 1, 100_000),
    deliveryRateLimit: int(env, 'DELIVERY_RATE_LIMIT', 120, 1, 100_000),
    opsTokenFailureLimit: int(env, 'OPS_TOKEN_FAILURE_LIMIT', 10, 1, 10_000),
    consentVersions: consentVersions(env),
    allowedProperties: allowed.length ? allowed : ['size'],
    payment: loadPaymentConfig(env, publicUrl.replace(/\/+$/, ''), ConfigError),
    shopName: env.SHOP_NAME || 'Оригинал',
    catalogImageHosts: imageHosts(env),
    orderReservationMinutes: int(env, 'ORDER_RESERVATION_MINUTES', 30, 1, 7 * 24 * 60),
    desk: loadDeskConfig(env, failSetting),
    mail: loadMailConfig(env, env.SHOP_NAME || 'Оригинал', failSetting),
    delivery: loadDeliveryConfig(env, failSetting),
    photos: loadPhotoConfig(env, pgliteDir, failSetting),
  };
}

/** Defaults for in-process use (tests, tools) with selected overrides. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({});
  return { ...base, catalogSeed: 'none', ...overrides };
}

/** Where the user ran the command: npm -w runs scripts inside api/, but paths are typed relative to here. */
export function invocationDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.INIT_CWD || process.cwd();
}
