/**
 * The main thread's tasks by their CPU time, from Chromium's own trace of page loads on a phone
 * viewport: what a page makes the browser do, without what the machine did meanwhile.
 *
 * Why not Lighthouse's TBT alone: Lighthouse simulates a 4× slower phone from the durations it
 * observed, and a duration is wall time. On a 2-core machine the page's own host and API, the
 * browser's other processes and Lighthouse share the cores, so a 15 ms task observed as 40 ms is
 * counted as 160 ms; the same build measured 376 and 1,184 ms of TBT a minute apart. Each trace
 * event also has its thread time (`tdur`), which descheduling does not inflate. `blockingMs` applies
 * Lighthouse's rule to it: every task after the first contentful paint counts 4 × CPU − 50 ms.
 * Playwright drives Debian's Chromium (no Lighthouse run is repeated); its own injected script is
 * the one task left out.
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../lib/chromium.ts';
import { median } from './web-report.ts';

export interface Blocking {
  /** Lighthouse's blocking rule on CPU time: Σ max(0, 4 × cpu − 50) after the first paint, median of the loads. */
  blockingMs: number;
  /** All of the main thread's task CPU from navigation to the page being live, median. */
  mainThreadMs: number;
  /** The longest task's CPU, median. */
  longestMs: number;
  loads: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { documentLoaderURL?: string; url?: string } };
}

const SLOWDOWN = 4;
/** Lighthouse's phone and its desktop preset. */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, locale: 'ru-RU' };
const DESKTOP = { viewport: { width: 1350, height: 940 }, deviceScaleFactor: 1, locale: 'ru-RU' };
const BLOCKING_FROM_MS = 50;
/** The browser the Lighthouse runs use (lighthouserc.cjs): Debian's full Chromium unless CHROME_PATH says otherwise. */
const launch = () => chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });

/** Loads each URL `loads` times in a fresh context (412 × 823, as Lighthouse's phone) and traces it. */
export async function measureBlocking(urls: string[], loads = 5): Promise<Record<string, Blocking>> {
  const browser = await launch();
  const result: Record<string, Blocking> = {};
  try {
    for (const url of urls) {
      const runs: { blocking: number; total: number; longest: number }[] = [];
      for (let i = 0; i < loads; i++) {
        const context = await browser.newContext(PHONE);
        try {
          const page = await context.newPage();
          await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'blink.user_timing'] });
          await page.goto(url, { waitUntil: 'load' });
          // the shell marks <html data-live> once hydrated and settled; a second on for what follows it
          await page.waitForFunction(() => document.documentElement.hasAttribute('data-live'), null, { timeout: 60_000, polling: 250 });
          await page.waitForTimeout(1000);
          const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents as TraceEvent[];
          const run = tasksOf(events, url);
          if (run) runs.push(run);
        } finally {
          await context.close();
        }
      }
      result[url] = {
        blockingMs: Math.round(median(runs.map((r) => r.blocking))),
        mainThreadMs: Math.round(median(runs.map((r) => r.total))),
        longestMs: Math.round(median(runs.map((r) => r.longest)) * 10) / 10,
        loads: runs.length,
      };
    }
  } finally {
    await browser.close();
  }
  return result;
}

/**
 * One load of each URL at a phone's and a desktop's width, before anything is measured: the photo
 * renditions those widths pick are made (the first shopper's request makes them), the page cache
 * and the host's query plans are filled. The figures then are what the next shopper gets, not
 * the load that also encoded AVIF files on the same two cores.
 */
export async function warmUp(urls: string[]): Promise<void> {
  const browser = await launch();
  try {
    for (const device of [PHONE, DESKTOP]) {
      const context = await browser.newContext(device);
      try {
        const page = await context.newPage();
        for (const url of urls) {
          await page.goto(url, { waitUntil: 'load' });
          await page.waitForFunction(() => document.documentElement.hasAttribute('data-live'), null, { timeout: 60_000, polling: 250 }).catch(() => undefined);
          // the lazy pictures below the first screen too
          await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
          await page.waitForLoadState('networkidle').catch(() => undefined);
        }
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
}

/** The page's renderer main thread (the one that navigated to `url`), its tasks' CPU. */
export function tasksOf(events: TraceEvent[], url: string): { blocking: number; total: number; longest: number } | null {
  const navigation = events.find((e) => e.name === 'navigationStart' && (e.args?.data?.documentLoaderURL ?? '').startsWith(url));
  if (!navigation) return null;
  const onThread = events.filter((e) => e.pid === navigation.pid && e.tid === navigation.tid && e.ph === 'X' && e.ts >= navigation.ts);
  const paint = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === navigation.pid && e.ts >= navigation.ts);
  // Playwright's own injected script (its wait above) evaluates without a URL: not the page's work
  const injected = onThread.filter((e) => e.name === 'EvaluateScript' && !e.args?.data?.url);
  let blocking = 0;
  let total = 0;
  let longest = 0;
  for (const task of onThread) {
    if (task.name !== 'RunTask') continue;
    const end = task.ts + (task.dur ?? 0);
    if (injected.some((e) => e.ts >= task.ts && e.ts <= end)) continue;
    const cpu = (task.tdur ?? task.dur ?? 0) / 1000;
    total += cpu;
    longest = Math.max(longest, cpu);
    if (paint && task.ts >= paint.ts) blocking += Math.max(0, SLOWDOWN * cpu - BLOCKING_FROM_MS);
  }
  return { blocking, total, longest };
}
