import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * Per-key budgets (a client's rate-limit key, an e-mail, an order) on rate-limiter-flexible: a
 * fixed window per key that opens at the key's first attempt, `limit` attempts in it, and the
 * seconds to the window's end for whoever is over. Where the counts live is the store: this
 * process's memory (the default), or Redis, shared by every replica of a service (redisStore).
 */
export interface RateLimit {
  readonly limit: number;
  /** Counts one attempt; resolves to the seconds to wait when over the limit, else 0. */
  hit(key: string): Promise<number>;
  /**
   * Seconds the key must still wait, without counting an attempt: 0 until it has used its whole
   * budget in this window (a lockout asks this first and counts only failures).
   */
  blockedFor(key: string): Promise<number>;
}

/** What a store is given: `points` per `duration` seconds, keys under `keyPrefix` (the limit's name). */
export interface RateLimitStoreOptions {
  points: number;
  duration: number;
  keyPrefix: string;
}

/** Makes the rate-limiter-flexible limiter that counts one limit. */
export type RateLimitStore = (options: RateLimitStoreOptions) => RateLimiterAbstract;

/** Keys a memory store remembers at most (per limit) unless told otherwise. */
export const DEFAULT_MAX_KEYS = 100_000;

/**
 * RateLimiterMemory forgets a key when its window ends (a timer per key), but nothing bounds how
 * many keys one window holds: a flood of new addresses would grow it without end. This caps it,
 * evicting the oldest windows first. rate-limiter-flexible has no such option, so it reads the
 * store's Map (kept in insertion order, i.e. window-start order) itself.
 */
export class BoundedMemoryLimiter extends RateLimiterMemory {
  constructor(
    options: RateLimitStoreOptions,
    private readonly maxKeys = DEFAULT_MAX_KEYS,
  ) {
    super(options);
  }

  private get storage(): { _storage: Map<string, unknown>; delete(key: string): boolean } {
    return (this as unknown as { _memoryStorage: { _storage: Map<string, unknown>; delete(key: string): boolean } })._memoryStorage;
  }

  /** Keys currently remembered. */
  get size(): number {
    return this.storage._storage.size;
  }

  override async consume(key: string | number, points?: number, options?: { [key: string]: unknown }): Promise<RateLimiterRes> {
    try {
      return await super.consume(key, points, options);
    } finally {
      this.evict();
    }
  }

  override async penalty(key: string | number, points?: number, options?: { [key: string]: unknown }): Promise<RateLimiterRes> {
    try {
      return await super.penalty(key, points, options);
    } finally {
      this.evict();
    }
  }

  private evict(): void {
    const storage = this.storage;
    for (const oldest of storage._storage.keys()) {
      if (storage._storage.size <= this.maxKeys) break;
      storage.delete(oldest);
    }
  }
}

/** Counts in this process's memory, at most `maxKeys` keys per limit. */
export const memoryStore =
  (maxKeys = DEFAULT_MAX_KEYS): RateLimitStore =>
  (options) =>
    new BoundedMemoryLimiter(options, maxKeys);

/**
 * Counts in Redis under `<prefix>:<limit name>:`, so a limit is one limit however many replicas
 * serve. While Redis does not answer, each process counts in its own memory (rate-limiter-flexible's
 * insurance limiter): an outage neither refuses every request nor lifts every limit.
 */
export const redisStore =
  (client: Redis, prefix: string, fallback: RateLimitStore = memoryStore()): RateLimitStore =>
  (options) =>
    new RateLimiterRedis({
      storeClient: client,
      ...options,
      keyPrefix: `${prefix}:${options.keyPrefix}`,
      rejectIfRedisNotReady: true,
      insuranceLimiter: fallback(options),
    });

export interface RateLimitOptions {
  /** Names the limit's keys in a shared store (Redis): unique per limit. */
  name: string;
  limit: number;
  windowMs?: number;
  store?: RateLimitStore;
}

const secondsLeft = (res: RateLimiterRes): number => Math.ceil(res.msBeforeNext / 1000);

export function createRateLimit({ name, limit, windowMs = 60_000, store = memoryStore() }: RateLimitOptions): RateLimit {
  const limiter = store({ points: limit, duration: windowMs / 1000, keyPrefix: name });
  return {
    limit,
    async hit(key) {
      try {
        await limiter.consume(key);
        return 0;
      } catch (e) {
        // over the limit is an answer; anything else is a store that failed
        if (e instanceof RateLimiterRes) return secondsLeft(e);
        throw e;
      }
    },
    async blockedFor(key) {
      const res = await limiter.get(key);
      // a window that has just ended may still be held until its timer runs
      return res && res.msBeforeNext > 0 && res.consumedPoints >= limit ? secondsLeft(res) : 0;
    },
  };
}

/**
 * A wait that grows per key instead of a lockout: the first `free` failures within `windowMs`
 * cost nothing; after that, each attempt takes the key's one slot, and the next attempt must wait
 * `firstWaitSeconds` (default 1), then twice as long with every further failure, up to `maxWaitSeconds`. Taking the slot
 * is one atomic step in the store (rate-limiter-flexible's penalty with a custom duration, as its
 * ExpressBrute port does), so a burst of parallel attempts gets one through, not all of them.
 */
export interface Backoff {
  /** Asks before an attempt: 0 when it may go ahead (and then holds the slot), else the seconds to wait. */
  attempt(key: string): Promise<number>;
  /** Counts a failed attempt: the waits grow with them. */
  fail(key: string): Promise<void>;
}

export interface BackoffOptions {
  /** Names the keys in a shared store (Redis): unique per backoff. */
  name: string;
  free: number;
  windowMs: number;
  firstWaitSeconds?: number;
  maxWaitSeconds: number;
  store?: RateLimitStore;
}

export function createBackoff({ name, free, windowMs, firstWaitSeconds = 1, maxWaitSeconds, store = memoryStore() }: BackoffOptions): Backoff {
  const failures = store({ points: Number.MAX_SAFE_INTEGER, duration: windowMs / 1000, keyPrefix: name });
  const slot = store({ points: 1, duration: maxWaitSeconds, keyPrefix: `${name}-slot` });
  return {
    async attempt(key) {
      const failed = (await failures.get(key))?.consumedPoints ?? 0;
      if (failed < free) return 0;
      const wait = Math.min(maxWaitSeconds, firstWaitSeconds * 2 ** Math.min(failed - free, 30));
      const taken = await slot.penalty(key, 1, { customDuration: wait });
      return taken.consumedPoints === 1 ? 0 : Math.max(1, secondsLeft(taken));
    },
    async fail(key) {
      await failures.penalty(key, 1);
    },
  };
}
