// What the shop's Node services (the catalogue API, the release service) share: the one entry other
// packages import.
export { clientIp, isProxyEntry, normalizeIp, rateLimitKey, TrustedProxies } from './client-ip.ts';
export { type Database, type DatabaseOptions, type Db, isDatabaseUnavailable, type Migrations, openPglite, openPgliteFolder, openPostgres, rows } from './database.ts';
export { DataFolderError, inspectPgliteFolder } from './pglite-folder.ts';
export { drainOnStop } from './drain.ts';
export { ConfigError, type EnvFail, envBool, envInt, envProviderUrl, failSetting, type ServiceSettings } from './env.ts';
export { clientErrorHandler, clientErrorStatus, type ErrorResponseInit, errorResponse, opsDisabled, opsUnauthorized } from './error-response.ts';
export { fetchRoute, requestUrl, sendResponse, toRequest } from './fetch-bridge.ts';
export {
  BoundedMemoryLimiter,
  createBackoff,
  createRateLimit,
  type Backoff,
  DEFAULT_MAX_KEYS,
  memoryStore,
  redisStore,
  type RateLimit,
  type RateLimitOptions,
  type RateLimitStore,
  type RateLimitStoreOptions,
} from './rate-limit.ts';
export { connectRedis, reportRedisAvailability } from './redis.ts';
export { s3ClientOptions } from './s3.ts';
export { sameSecret, tokenHash } from './same-secret.ts';
