import { performance } from 'node:perf_hooks';
import PQueue from 'p-queue';

/**
 * Admission control for server renders (audit 2026-11-28 F1): a render costs 105–160 ms of the
 * host's one thread, so a spike queued without limit made every shopper wait 10–15 s and a quarter
 * end in 503 once the page resolution's call to the API timed out behind the renders. Here at most
 * `concurrency` renders run; a page waits at most `waitMs` for a free slot, and waits at all only
 * when at most `concurrency` pages wait before it (more would not get a slot in that time).
 * Otherwise it is shed at once: the caller serves the stored page or the page the browser renders.
 *
 * A render is also shed while this process's event loop was busier than `maxUtilization` over the
 * last quarter second, or while more than PAGES_PER_RENDER × `concurrency` pages are being answered
 * (a crowd: the loop's utilization misses the time the machine does not run this process at all):
 * a cap of 2 renders alone still left the thread to renders back to back (each a block of tens of
 * ms), and the shed pages, a few ms each, waited behind them (reports/load-shedding.md).
 * The queue is p-queue's; a page whose wait is over is taken out of it through its AbortSignal.
 */
export interface Admission {
  /** `task()` once a slot is free within the wait; `{ admitted: false }` (shed) when not. */
  run<T>(task: () => Promise<T>): Promise<{ admitted: true; value: T } | { admitted: false }>;
  /** Counts a page being answered (resolved, rendered or not) while `answer()` runs. */
  page<T>(answer: () => Promise<T>): Promise<T>;
  /** Renders running and waiting now, pages being answered now; pages shed since start. */
  stats(): { running: number; waiting: number; pages: number; shed: number };
}

/** No render starts while more pages than this many times the renders are being answered. */
export const PAGES_PER_RENDER = 8;

/**
 * The event loop's utilization (0–1) over the last window of at least `windowMs`, sampled when
 * asked. A window far longer than that (the first page after start-up, or after a quiet spell)
 * measured the start-up's work or the quiet, not the load now: it counts as idle. Otherwise the
 * shop's first page after `npm start` was shed for the seconds spent loading the renderer.
 */
export function loopUtilization(windowMs = 250): () => number {
  let previous = performance.eventLoopUtilization();
  let previousAt = performance.now();
  let last = 0;
  return () => {
    const elapsed = performance.now() - previousAt;
    if (elapsed >= windowMs) {
      const now = performance.eventLoopUtilization();
      last = elapsed > windowMs * 4 ? 0 : performance.eventLoopUtilization(now, previous).utilization;
      previous = now;
      previousAt = performance.now();
    }
    return last;
  };
}

export function createAdmission(options: {
  concurrency: number;
  waitMs: number;
  /** 0–1; 1: never shed for a busy loop. */
  maxUtilization?: number;
  utilization?: () => number;
}): Admission {
  const queue = new PQueue({ concurrency: options.concurrency });
  const maxUtilization = options.maxUtilization ?? 1;
  const utilization = options.utilization ?? loopUtilization();
  let shed = 0;
  let pages = 0;
  return {
    async page(answer) {
      pages++;
      try {
        return await answer();
      } finally {
        pages--;
      }
    },
    async run<T>(task: () => Promise<T>) {
      const crowded = pages > options.concurrency * PAGES_PER_RENDER;
      if (crowded || queue.size >= options.concurrency || (maxUtilization < 1 && utilization() > maxUtilization)) {
        shed++;
        return { admitted: false as const };
      }
      // aborted only while it waits: p-queue would also reject a running task on abort and free
      // its slot while the render goes on
      const waiting = new AbortController();
      let started = false;
      const timer = setTimeout(() => started || waiting.abort(), options.waitMs);
      // the task's own outcome, so that only the queue's abort rejects
      const outcome = await queue
        .add(
          async () => {
            started = true;
            clearTimeout(timer);
            try {
              return { ok: true as const, value: await task() };
            } catch (error) {
              return { ok: false as const, error };
            }
          },
          { signal: waiting.signal },
        )
        .catch(() => null);
      if (!outcome) {
        shed++;
        return { admitted: false as const };
      }
      if (!outcome.ok) throw outcome.error;
      return { admitted: true as const, value: outcome.value };
    },
    stats: () => ({ running: queue.pending, waiting: queue.size, pages, shed }),
  };
}
