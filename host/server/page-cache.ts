import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gunzip, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/** A page as the host answers it; `cacheable` when it is the same for every shopper who asks. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
  cacheable: boolean;
}

/** A stored page: its status and headers, its HTML compressed both ways (served as stored). */
export interface StoredPage {
  status: number;
  headers: Record<string, string>;
  storedAt: number;
  br: Buffer;
  gzip: Buffer;
}

/** Where stored pages live: this process's memory, or Redis shared by every host replica. */
export interface PageStore {
  get(key: string): Promise<Buffer | null>;
  set(key: string, value: Buffer, ttlMs: number): Promise<void>;
}

export function memoryPageStore(maxBytes: number): PageStore {
  const pages = new LRUCache<string, Buffer>({ maxSize: maxBytes, sizeCalculation: (value) => value.length });
  return {
    get: async (key) => pages.get(key) ?? null,
    set: async (key, value, ttl) => void pages.set(key, value, { ttl }),
  };
}

/** Redis (REDIS_URL): one copy for all replicas. Redis away: a miss, and nothing stored; pages render as without a cache. */
export function redisPageStore(client: Redis, prefix = 'page:'): PageStore {
  return {
    get: (key) => client.getBuffer(prefix + key).catch(() => null),
    set: async (key, value, ttl) => void (await client.set(prefix + key, value, 'PX', ttl).catch(() => undefined)),
  };
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const gunzipped = promisify(gunzip);

/** [4-byte length of the JSON head][head][br][gzip]: one value, one round trip. */
function encode(page: StoredPage): Buffer {
  const head = Buffer.from(JSON.stringify({ status: page.status, headers: page.headers, storedAt: page.storedAt, br: page.br.length }));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(head.length);
  return Buffer.concat([length, head, page.br, page.gzip]);
}

function decode(value: Buffer): StoredPage | null {
  try {
    const headLength = value.readUInt32BE(0);
    const head = JSON.parse(value.subarray(4, 4 + headLength).toString('utf8')) as Omit<StoredPage, 'br' | 'gzip'> & { br: number };
    const start = 4 + headLength;
    return { ...head, br: value.subarray(start, start + head.br), gzip: value.subarray(start + head.br) };
  } catch {
    return null; // a value written by something else: a miss
  }
}

/**
 * One spelling per query: percent-encoding and `+` as URLSearchParams writes them, an empty `?`
 * dropped. The order stays: a listing's links keep the shopper's other parameters in their order,
 * so two orders are two different pages.
 */
export function normalisedQuery(search: string): string {
  return new URLSearchParams(search).toString();
}

export interface PageCacheOptions {
  store: PageStore;
  /** Served as it is for this long after it was rendered. */
  freshMs: number;
  /** After that, served while one render replaces it, for at most this long more. */
  staleMs: number;
  /** The catalogue version pages are keyed by; null (not known yet): nothing is served or stored. */
  version: () => number | null;
  /** What else makes this replica's pages what they are: its build and its configuration. */
  build: string;
  now?: () => number;
}

export type CacheState = 'HIT' | 'STALE' | 'MISS';

/**
 * The host's page cache: server-rendered HTML for anyone, keyed by the path and its normalised
 * query × the visitor's set of releases × the catalogue version × this build. A sold-out size, a
 * price, an import (a new catalogue version) and a release switch (a new set) each lead to other
 * keys, so a page from before is never served after; older keys expire. A stale page is served
 * while one render in this process replaces it. Concurrent misses of one key in a process share one
 * render. A page under a query is stored at its second miss: a crawler's or an attacker's endless
 * one-off queries cannot push the shop's real pages out.
 */
export function createPageCache(options: PageCacheOptions) {
  const now = options.now ?? Date.now;
  const rendering = new Map<string, Promise<{ answer: Answer; page: StoredPage | null }>>();
  const seenOnce = new LRUCache<string, true>({ max: 50_000 });

  async function store(key: string, answer: Answer): Promise<StoredPage | null> {
    const html = Buffer.from(answer.body);
    const [br, gz] = await Promise.all([
      brotli(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length } }),
      gzipped(html, { level: 6 }),
    ]);
    // the first render's timings are not those of a stored page
    const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => name.toLowerCase() !== 'server-timing'));
    const page: StoredPage = { status: answer.status, headers, storedAt: now(), br, gzip: gz };
    await options.store.set(key, encode(page), options.freshMs + options.staleMs);
    return page;
  }

  /** Renders once per key at a time here; stores the answer when it is for anyone and may be kept. */
  function fill(key: string, admit: boolean, render: () => Promise<Answer>) {
    let pending = rendering.get(key);
    if (!pending) {
      pending = (async () => {
        const answer = await render();
        // never a page private to one shopper or one that sets a cookie
        const storable = answer.cacheable && answer.status === 200 && !Object.keys(answer.headers).some((name) => name.toLowerCase() === 'set-cookie');
        return { answer, page: storable && admit ? await store(key, answer) : null };
      })().finally(() => rendering.delete(key));
      rendering.set(key, pending);
    }
    return pending;
  }

  return {
    /** The page's key for this visitor's releases now; null when pages cannot be keyed yet. */
    keyOf(pathname: string, search: string, registry: Record<string, string>): string | null {
      const version = options.version();
      if (version === null) return null;
      const releases = Object.entries(registry).sort(([a], [b]) => (a < b ? -1 : 1));
      return createHash('sha256')
        .update(JSON.stringify([options.build, version, pathname, normalisedQuery(search), releases]))
        .digest('base64url');
    },

    async lookup(key: string): Promise<{ page: StoredPage; fresh: boolean } | null> {
      const value = await options.store.get(key);
      const page = value && decode(value);
      if (!page) return null;
      const age = now() - page.storedAt;
      if (age > options.freshMs + options.staleMs) return null;
      return { page, fresh: age <= options.freshMs };
    },

    /** A miss: rendered (once for all who ask at the same time) and stored when it may be. */
    miss(key: string, withQuery: boolean, render: () => Promise<Answer>) {
      let admit = true;
      if (withQuery && !seenOnce.has(key)) {
        seenOnce.set(key, true);
        admit = false;
      }
      return fill(key, admit, render);
    },

    /** A stale page was served: one render replaces it in the background (a failed one leaves it). */
    revalidate(key: string, render: () => Promise<Answer>): void {
      if (rendering.has(key)) return;
      fill(key, true, render).catch((error: unknown) => console.error('[host] page cache: refreshing a page failed:', (error as Error).message));
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

/** The body as the request accepts it: brotli, gzip, or (rarely: a script without compression) plain. */
export async function storedBody(page: StoredPage, accepted: string | undefined): Promise<{ body: Buffer; encoding: string | null }> {
  const encoding = accepted ? encodings.negotiate(accepted) : null;
  if (encoding) return { body: page[encoding], encoding };
  return { body: await gunzipped(page.gzip), encoding: null };
}

const encodings = new Negotiator<'br' | 'gzip'>({ supportedValues: ['br', 'gzip'] });
