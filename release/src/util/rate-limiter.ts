/**
 * Fixed window per key (a client IP). Memory stays bounded: windows that have ended are swept
 * at most once per window length (the map is kept in window-start order, so a sweep stops at
 * the first live window), and a hard cap evicts the oldest windows under a flood of new keys.
 */
export class RateLimiter {
  private windows = new Map<string, { start: number; count: number }>();
  private lastSweep: number;

  constructor(
    private readonly limit: number,
    private readonly windowMs = 60_000,
    private readonly now = () => Date.now(),
    private readonly maxKeys = 100_000,
  ) {
    this.lastSweep = now();
  }

  /** Counts one attempt; returns seconds to wait when over the limit, else 0. */
  hit(key: string): number {
    const t = this.now();
    if (t - this.lastSweep >= this.windowMs) this.sweep(t);
    const w = this.windows.get(key);
    if (!w || t - w.start >= this.windowMs) {
      // delete first: a renewed window moves to the end, keeping the map in start order
      this.windows.delete(key);
      this.windows.set(key, { start: t, count: 1 });
      if (this.windows.size > this.maxKeys) this.windows.delete(this.windows.keys().next().value as string);
      return 0;
    }
    w.count++;
    return w.count > this.limit ? Math.ceil((w.start + this.windowMs - t) / 1000) : 0;
  }

  /**
   * Seconds the key must still wait without counting an attempt: 0 until it has used its
   * whole budget in this window (a lockout checks this first and counts only failures).
   */
  blockedFor(key: string): number {
    const t = this.now();
    const w = this.windows.get(key);
    if (!w || t - w.start >= this.windowMs || w.count < this.limit) return 0;
    return Math.ceil((w.start + this.windowMs - t) / 1000);
  }

  /** Forgets every client whose window has ended. */
  sweep(t = this.now()) {
    this.lastSweep = t;
    for (const [k, w] of this.windows) {
      if (t - w.start < this.windowMs) break;
      this.windows.delete(k);
    }
  }

  /** Clients currently remembered. */
  get size(): number {
    return this.windows.size;
  }

  reset() {
    this.windows.clear();
  }
}
