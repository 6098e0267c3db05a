// Guards the rate limits' memory and their answers: clients that went quiet are forgotten once
// their window has ended, a flood of new addresses cannot grow a limit past its cap, while the
// limit itself still holds for an active client and says how many seconds it must wait.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BoundedMemoryLimiter, createBackoff, createRateLimit, memoryStore, type RateLimitStore } from './rate-limit.ts';

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A memory store that hands back its limiter, to read its size. */
function watched(maxKeys?: number): { store: RateLimitStore; limiter: () => BoundedMemoryLimiter } {
  let made: BoundedMemoryLimiter | undefined;
  const inner = memoryStore(maxKeys);
  return {
    store: (options) => {
      made = inner(options) as BoundedMemoryLimiter;
      return made;
    },
    limiter: () => made as BoundedMemoryLimiter,
  };
}

describe('createRateLimit', () => {
  it('limits each key per window and lets it through again in the next window', async () => {
    const limit = createRateLimit({ name: 't', limit: 2, windowMs: 60_000 });
    expect([await limit.hit('a'), await limit.hit('a'), await limit.hit('b')]).toEqual([0, 0, 0]);
    expect(await limit.hit('a')).toBe(60);
    vi.setSystemTime(30_000);
    expect(await limit.hit('a')).toBe(30);
    vi.advanceTimersByTime(30_000);
    expect(await limit.hit('a')).toBe(0);
  });

  it('blockedFor says how long a key that used its whole budget must wait, without counting (lockouts)', async () => {
    const failures = createRateLimit({ name: 't', limit: 3, windowMs: 900_000 });
    expect(await failures.blockedFor('a')).toBe(0);
    await failures.hit('a');
    await failures.hit('a');
    expect(await failures.blockedFor('a')).toBe(0);
    await failures.hit('a');
    vi.advanceTimersByTime(100_000);
    expect(await failures.blockedFor('a')).toBe(800);
    expect(await failures.blockedFor('a')).toBe(800); // asking does not count
    expect(await failures.blockedFor('b')).toBe(0);
    vi.advanceTimersByTime(800_000);
    expect(await failures.blockedFor('a')).toBe(0);
  });

  it('forgets idle clients once their window has ended', async () => {
    const { store, limiter } = watched();
    const limit = createRateLimit({ name: 't', limit: 10, windowMs: 60_000, store });
    for (let i = 0; i < 1000; i++) await limit.hit(`10.0.${i >> 8}.${i & 255}`);
    expect(limiter().size).toBe(1000);
    vi.advanceTimersByTime(30_000);
    await limit.hit('192.0.2.1');
    expect(limiter().size).toBe(1001); // still inside their window: remembered
    vi.advanceTimersByTime(31_000);
    await limit.hit('192.0.2.2');
    // the 1000 idle ones are gone; the two recent ones remain
    expect(limiter().size).toBe(2);
    vi.advanceTimersByTime(200_000);
    expect(limiter().size).toBe(0);
  });

  it('keeps the live windows of active clients', async () => {
    const limit = createRateLimit({ name: 't', limit: 1, windowMs: 60_000 });
    await limit.hit('old');
    vi.advanceTimersByTime(59_000);
    await limit.hit('active');
    vi.advanceTimersByTime(2_000);
    expect(await limit.hit('old')).toBe(0); // its window ended
    expect(await limit.hit('active')).toBe(58); // its window (from 59 s) still counts
  });

  it('never holds more than its cap, even under a flood of new addresses within one window', async () => {
    const { store, limiter } = watched(100);
    const limit = createRateLimit({ name: 't', limit: 10, windowMs: 60_000, store });
    for (let i = 0; i < 5000; i++) {
      vi.setSystemTime(i); // all inside one window
      await limit.hit(`ip-${i}`);
    }
    expect(limiter().size).toBe(100);
    // the newest are kept: a client hitting again right away is still counted
    const limited = createRateLimit({ name: 't', limit: 1, windowMs: 60_000, store: memoryStore(100) });
    for (let i = 0; i < 1000; i++) await limited.hit(`ip-${i}`);
    expect(await limited.hit('ip-999')).toBeGreaterThan(0);
  });
});

describe('createBackoff', () => {
  it('lets the free failures through, then makes each next attempt wait 1 s, 2 s, 4 s … up to the longest, never locking', async () => {
    const backoff = createBackoff({ name: 'b', free: 2, windowMs: 86_400_000, maxWaitSeconds: 8 });
    const failAfterAttempt = async () => {
      expect(await backoff.attempt('e')).toBe(0);
      await backoff.fail('e');
    };
    await failAfterAttempt();
    await failAfterAttempt();
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      await failAfterAttempt();
      waits.push(await backoff.attempt('e'));
      vi.advanceTimersByTime(waits[i]! * 1000);
    }
    expect(waits).toEqual([1, 2, 4, 8, 8]);
    // another key is not slowed
    expect(await backoff.attempt('other')).toBe(0);
  });

  it('lets one of a burst of parallel attempts through while a key waits', async () => {
    const backoff = createBackoff({ name: 'b', free: 1, windowMs: 86_400_000, maxWaitSeconds: 60 });
    await backoff.fail('e');
    const answers = await Promise.all(Array.from({ length: 20 }, () => backoff.attempt('e')));
    expect(answers.filter((wait) => wait === 0)).toHaveLength(1);
    expect(answers.filter((wait) => wait > 0)).toHaveLength(19);
  });
});
