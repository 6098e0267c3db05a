/**
 * Collects the keys asked for in one tick and loads them with one query, so a listing of 100
 * items asking for their brands costs one round trip, not 100. Lives for one request.
 */
export class BatchLoader<K, V> {
  private cache = new Map<K, Promise<V>>();
  private queue: { key: K; resolve: (v: V) => void; reject: (e: unknown) => void }[] = [];

  constructor(private readonly load: (keys: K[]) => Promise<Map<K, V>>, private readonly fallback: V) {}

  get(key: K): Promise<V> {
    const cached = this.cache.get(key);
    if (cached) return cached;
    const promise = new Promise<V>((resolve, reject) => {
      if (this.queue.length === 0) queueMicrotask(() => void this.flush());
      this.queue.push({ key, resolve, reject });
    });
    this.cache.set(key, promise);
    return promise;
  }

  /** Seeds the cache with a value already loaded by a wider query. */
  prime(key: K, value: V) {
    if (!this.cache.has(key)) this.cache.set(key, Promise.resolve(value));
  }

  private async flush() {
    // one more turn lets sibling resolvers of the same level enqueue their keys
    await new Promise((r) => setImmediate(r));
    const batch = this.queue;
    this.queue = [];
    try {
      const found = await this.load([...new Set(batch.map((b) => b.key))]);
      for (const b of batch) b.resolve(found.get(b.key) ?? this.fallback);
    } catch (e) {
      for (const b of batch) {
        this.cache.delete(b.key);
        b.reject(e);
      }
    }
  }
}
