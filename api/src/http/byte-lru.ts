/**
 * A least-recently-used map bounded by bytes, not entries: an entry count says nothing about
 * memory when one answer is 200 bytes and another 18 MB. The caller states each entry's size;
 * inserting evicts the least recently used entries until the total fits. Expired entries count
 * until they are touched or evicted, so the total is a true bound.
 * Hand-written (30 lines) because lru-cache, the maintained choice, is not a dependency of the
 * API and a Map in insertion order already is an LRU.
 */
export class ByteLru<V> {
  private readonly map = new Map<string, { value: V; size: number; expires: number }>();
  private total = 0;

  constructor(readonly maxBytes: number) {}

  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.map.size;
  }

  get(key: string, now = Date.now()): V | undefined {
    const entry = this.map.get(key);
    if (!entry) return undefined;
    this.map.delete(key);
    if (entry.expires <= now) {
      this.total -= entry.size;
      return undefined;
    }
    // re-inserted: the Map's insertion order is the eviction order
    this.map.set(key, entry);
    return entry.value;
  }

  /** False (and nothing stored) when the entry alone is over the cap. */
  set(key: string, value: V, size: number, expires: number): boolean {
    const old = this.map.get(key);
    if (old) {
      this.map.delete(key);
      this.total -= old.size;
    }
    if (size > this.maxBytes) return false;
    this.map.set(key, { value, size, expires });
    this.total += size;
    while (this.total > this.maxBytes) {
      const [oldest, entry] = this.map.entries().next().value as [string, { size: number }];
      this.map.delete(oldest);
      this.total -= entry.size;
    }
    return true;
  }
}
