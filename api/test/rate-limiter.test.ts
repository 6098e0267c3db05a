// Guards the createOrder rate limiter's memory: clients that went quiet are forgotten once
// their window has ended, and a flood of new addresses cannot grow it past its cap, while the
// limit itself still holds for an active client.
import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../src/util/rate-limiter.ts';

describe('RateLimiter', () => {
  it('limits each key per window and lets it through again in the next window', () => {
    let t = 0;
    const limiter = new RateLimiter(2, 60_000, () => t);
    expect([limiter.hit('a'), limiter.hit('a'), limiter.hit('b')]).toEqual([0, 0, 0]);
    expect(limiter.hit('a')).toBe(60);
    t = 30_000;
    expect(limiter.hit('a')).toBe(30);
    t = 60_000;
    expect(limiter.hit('a')).toBe(0);
  });

  it('blockedFor says how long a key that used its whole budget must wait, without counting (lockouts)', () => {
    let t = 0;
    const failures = new RateLimiter(3, 900_000, () => t);
    expect(failures.blockedFor('a')).toBe(0);
    failures.hit('a');
    failures.hit('a');
    expect(failures.blockedFor('a')).toBe(0);
    failures.hit('a');
    t = 100_000;
    expect(failures.blockedFor('a')).toBe(800);
    expect(failures.blockedFor('a')).toBe(800); // asking does not count
    expect(failures.blockedFor('b')).toBe(0);
    t = 900_000;
    expect(failures.blockedFor('a')).toBe(0);
  });

  it('forgets idle clients once their window has ended', () => {
    let t = 0;
    const limiter = new RateLimiter(10, 60_000, () => t);
    for (let i = 0; i < 5000; i++) limiter.hit(`10.0.${i >> 8}.${i & 255}`);
    expect(limiter.size).toBe(5000);
    t = 30_000;
    limiter.hit('192.0.2.1');
    expect(limiter.size).toBe(5001); // still inside their window: remembered
    t = 61_000;
    limiter.hit('192.0.2.2');
    // the 5000 idle ones are gone; the two recent ones remain
    expect(limiter.size).toBe(2);
    t = 200_000;
    limiter.sweep();
    expect(limiter.size).toBe(0);
  });

  it('keeps the live windows of active clients when sweeping', () => {
    let t = 0;
    const limiter = new RateLimiter(1, 60_000, () => t);
    limiter.hit('old');
    t = 59_000;
    limiter.hit('active');
    t = 60_000;
    limiter.hit('new');
    expect(limiter.size).toBe(2);
    t = 61_000;
    expect(limiter.hit('active')).toBeGreaterThan(0); // its window (from 59 s) still counts
  });

  it('never holds more than its cap, even under a flood of new addresses within one window', () => {
    let t = 0;
    const limiter = new RateLimiter(10, 60_000, () => t, 1000);
    for (let i = 0; i < 50_000; i++) {
      t = i; // all inside one window
      limiter.hit(`ip-${i}`);
    }
    expect(limiter.size).toBe(1000);
    // the newest are kept: a client hitting again right away is still counted
    const limited = new RateLimiter(1, 60_000, () => t, 1000);
    for (let i = 0; i < 5000; i++) limited.hit(`ip-${i}`);
    expect(limited.hit('ip-4999')).toBeGreaterThan(0);
  });
});
