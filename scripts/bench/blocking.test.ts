import { describe, expect, it } from 'vitest';
import { tasksOf } from './blocking.ts';

const URL = 'http://shop.test/catalog/obuv';
const main = { pid: 1, tid: 7 };
const task = (ts: number, cpuMs: number, wallMs = cpuMs) => ({ name: 'RunTask', ph: 'X', ...main, ts, dur: wallMs * 1000, tdur: cpuMs * 1000 });

describe('tasksOf', () => {
  const events = [
    { name: 'navigationStart', ph: 'R', ...main, ts: 1_000, args: { data: { documentLoaderURL: URL } } },
    task(2_000, 30), // before the first paint: work, not blocking
    { name: 'firstContentfulPaint', ph: 'R', ...main, ts: 100_000 },
    task(200_000, 20, 90), // 4 × 20 − 50 = 30, whatever its wall time
    task(300_000, 10), // 40 ms on the slowed phone: not blocking
    task(400_000, 25), // Playwright's own script: left out
    { name: 'EvaluateScript', ph: 'X', ...main, ts: 401_000, dur: 20_000, args: { data: {} } },
    { ...task(500_000, 99), tid: 8 }, // another thread
  ];

  it("applies Lighthouse's rule to each task's CPU time after the first paint", () => {
    expect(tasksOf(events, URL)).toEqual({ blocking: 30, total: 60, longest: 30 });
  });

  it('finds nothing for a page that was not loaded', () => {
    expect(tasksOf(events, 'http://shop.test/other')).toBeNull();
  });
});
