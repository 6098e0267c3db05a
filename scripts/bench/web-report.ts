/**
 * LHCI's results (`lhci upload --target=filesystem`: manifest.json and each run's report) into
 * reports/web-bench.md. Hand-written because LHCI has no summary across pages and profiles, and
 * because a run is only comparable with another on the same footing: the report records the
 * machine (Lighthouse's benchmarkIndex, the load average before and after).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../lib/stack.ts';
import type { LoadStats } from './http-load.ts';

interface ManifestEntry {
  url: string;
  isRepresentativeRun: boolean;
  jsonPath: string;
  summary: Record<string, number>;
}

interface Lhr {
  lighthouseVersion: string;
  environment: { benchmarkIndex: number };
  audits: Record<string, { numericValue?: number }>;
}

export interface PageFigures {
  url: string;
  scores: Record<string, number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
}

export interface ProfileResult {
  profile: string;
  passed: boolean;
  lighthouse: string;
  benchmarkIndex: number[];
  pages: PageFigures[];
}

/** The median run of each page (LHCI's representative run) and every run's benchmarkIndex. */
export function readProfile(profile: string, outputDir: string, passed: boolean): ProfileResult {
  const manifest = JSON.parse(readFileSync(path.join(outputDir, 'manifest.json'), 'utf8')) as ManifestEntry[];
  const lhrOf = (entry: ManifestEntry) => JSON.parse(readFileSync(entry.jsonPath, 'utf8')) as Lhr;
  const lhrs = manifest.map((entry) => ({ entry, lhr: lhrOf(entry) }));
  const value = (lhr: Lhr, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
  return {
    profile,
    passed,
    lighthouse: lhrs[0]?.lhr.lighthouseVersion ?? '?',
    benchmarkIndex: lhrs.map(({ lhr }) => lhr.environment.benchmarkIndex),
    pages: lhrs
      .filter(({ entry }) => entry.isRepresentativeRun)
      .map(({ entry, lhr }) => ({
        url: entry.url,
        scores: entry.summary,
        lcpMs: value(lhr, 'largest-contentful-paint'),
        tbtMs: value(lhr, 'total-blocking-time'),
        cls: value(lhr, 'cumulative-layout-shift'),
        fcpMs: value(lhr, 'first-contentful-paint'),
      })),
  };
}

const score = (s: number | undefined) => (s === undefined ? '–' : String(Math.round(s * 100)));
const sec = (ms: number) => (ms / 1000).toFixed(2);
const loads = (l: number[]) => l.map((x) => x.toFixed(1)).join(' / ');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

function profileTable(result: ProfileResult, pages: Record<string, string>): string[] {
  // the longest page path the URL ends with: every URL ends with home's «/» when its path does
  const byLength = Object.entries(pages).sort(([, a], [, b]) => b.length - a.length);
  const nameOf = (url: string) => byLength.find(([, p]) => decodeURI(url).endsWith(decodeURI(p)))?.[0] ?? url;
  return [
    `## ${result.profile} (${result.passed ? 'every assertion holds' : 'assertions fail: see `lhci assert` in the run log'})`,
    '',
    '| page | perf | LCP s | TBT ms | CLS | FCP s | a11y | BP | SEO |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...result.pages.map(
      (p) =>
        `| ${nameOf(p.url)} | ${score(p.scores.performance)} | ${sec(p.lcpMs)} | ${Math.round(p.tbtMs)} | ${p.cls.toFixed(3)} | ${sec(p.fcpMs)} | ${score(p.scores.accessibility)} | ${score(p.scores['best-practices'])} | ${score(p.scores.seo)} |`,
    ),
    '',
  ];
}

export interface WebBench {
  catalog: string;
  runs: number;
  pages: Record<string, string>;
  profiles: ProfileResult[];
  throughput: LoadStats | undefined;
  loadBefore: number[];
}

/** Writes reports/web-bench.md; true when every profile's assertions hold. */
export function writeReport(bench: WebBench): boolean {
  const indexes = bench.profiles.flatMap((p) => p.benchmarkIndex);
  const t = bench.throughput;
  const lines = [
    '# Web benchmark',
    '',
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · \`npm run bench:web\` · Lighthouse ${bench.profiles[0]?.lighthouse} through Lighthouse CI, median of ${bench.runs} run(s) per page (simulated throttling: mobile = the default mobile emulation, desktop = the desktop preset) · CATALOG_SEED=${bench.catalog}.`,
    '',
    `Machine: ${os.cpus().length} cores · Lighthouse benchmarkIndex median ${Math.round(median(indexes))} (min ${Math.round(Math.min(...indexes))}, max ${Math.round(Math.max(...indexes))}) · load average (1/5/15 min) ${loads(bench.loadBefore)} before, ${loads(os.loadavg())} after. Compare runs only at a similar benchmarkIndex and load.`,
    '',
    'Budgets: the assertions in scripts/bench/lighthouserc.cjs, checked by `lhci assert` on each page\'s median run.',
    '',
    ...bench.profiles.flatMap((p) => profileTable(p, bench.pages)),
    '## The rendering host',
    '',
    t
      ? `autocannon, 8 connections, the server-rendered pages above in turn: **${t.rps} renders/s**, ${t.requests} requests, ${t.errors} errors, latency p50 / p95 / p99 ${t.p50} / ${t.p95} / ${t.p99} ms.`
      : 'Not measured in this run (--load-seconds 0).',
    '',
    'Pages:',
    '',
    ...Object.entries(bench.pages).map(([name, p]) => `- ${name}: \`${p}\``),
    '',
  ];
  writeFileSync(path.join(ROOT, 'reports', 'web-bench.md'), lines.join('\n'));
  return bench.profiles.every((p) => p.passed);
}
