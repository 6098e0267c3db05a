/**
 * LHCI's results (`lhci upload --target=filesystem`: manifest.json and each run's report) into
 * reports/web-bench.md. Hand-written because LHCI has no summary across pages and profiles, and
 * because a run is only comparable with another on the same footing: the report records the
 * machine (Lighthouse's benchmarkIndex, the load average before and after) and the main-thread
 * work each page asks for (which, unlike simulated TBT, hardly depends on the machine's speed).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../lib/stack.ts';
import type { Blocking } from './blocking.ts';
import type { LoadStats } from './http-load.ts';
import type { ProfileSummary } from './page-server.ts';

interface ManifestEntry {
  url: string;
  isRepresentativeRun: boolean;
  jsonPath: string;
  summary: Record<string, number>;
}

interface Lhr {
  lighthouseVersion: string;
  environment: { benchmarkIndex: number };
  audits: Record<string, { numericValue?: number; details?: { items?: { group?: string; duration?: number }[] } }>;
}

export interface PageFigures {
  url: string;
  scores: Record<string, number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  ttiMs: number;
  /** mainthread-work-breakdown: all of it, script (evaluation, parse and compile), style and layout. */
  mainThreadMs: number;
  scriptMs: number;
  styleLayoutMs: number;
}

export interface RenderCost {
  name: string;
  path: string;
  load: LoadStats;
  cpuMsPerRender: number;
  htmlBytes: number;
  stateBytes: number;
  /** Render passes the page took (2: every query asked in the first); null when the server did not say. */
  passes: number | null;
}

export interface ProfileResult {
  profile: string;
  passed: boolean;
  lighthouse: string;
  benchmarkIndex: number[];
  /** The machine's busy share (both cores) as each run started: the bench waits for under 0.1. */
  busyBefore?: number[];
  pages: PageFigures[];
}

/** The median run of each page (LHCI's representative run) and every run's benchmarkIndex. */
export function readProfile(profile: string, outputDir: string, passed: boolean): ProfileResult {
  const manifest = JSON.parse(readFileSync(path.join(outputDir, 'manifest.json'), 'utf8')) as ManifestEntry[];
  const lhrOf = (entry: ManifestEntry) => JSON.parse(readFileSync(entry.jsonPath, 'utf8')) as Lhr;
  const lhrs = manifest.map((entry) => ({ entry, lhr: lhrOf(entry) }));
  const value = (lhr: Lhr, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
  const work = (lhr: Lhr, ...groups: string[]) =>
    (lhr.audits['mainthread-work-breakdown']?.details?.items ?? [])
      .filter((item) => groups.includes(item.group ?? ''))
      .reduce((sum, item) => sum + (item.duration ?? 0), 0);
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
        ttiMs: value(lhr, 'interactive'),
        mainThreadMs: value(lhr, 'mainthread-work-breakdown'),
        scriptMs: work(lhr, 'scriptEvaluation', 'scriptParseCompile'),
        styleLayoutMs: work(lhr, 'styleLayout'),
      })),
  };
}

/** How busy the machine was as the runs started (the bench waits for a quiet one, at most a minute). */
const quietNote = (busy: number[] | undefined) =>
  busy?.length
    ? `; the machine ${Math.round(median(busy) * 100)} % busy as a run started (median; max ${Math.round(Math.max(...busy) * 100)} %)`
    : '';
const score = (s: number | undefined) => (s === undefined ? '–' : String(Math.round(s * 100)));
const sec = (ms: number) => (ms / 1000).toFixed(2);
const loads = (l: number[]) => l.map((x) => x.toFixed(1)).join(' / ');
/** The middle value (the upper of the two middle ones for an even count); NaN for none. */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

function profileTable(result: ProfileResult, pages: Record<string, string>): string[] {
  // the longest page path the URL ends with: every URL ends with home's «/» when its path does
  const byLength = Object.entries(pages).sort(([, a], [, b]) => b.length - a.length);
  const nameOf = (url: string) => byLength.find(([, p]) => decodeURI(url).endsWith(decodeURI(p)))?.[0] ?? url;
  const order = Object.keys(pages);
  // a URL no page name matches goes last
  const rank = (url: string) => {
    const index = order.indexOf(nameOf(url));
    return index === -1 ? order.length : index;
  };
  return [
    `### ${result.profile} (${result.passed ? 'every assertion holds' : 'assertions fail: see `lhci assert` in the run log'}; benchmarkIndex median ${Math.round(median(result.benchmarkIndex))}${quietNote(result.busyBefore)})`,
    '',
    '| page | perf | LCP s | TBT ms | TTI s | CLS | FCP s | main thread ms | script ms | style+layout ms | a11y | BP | SEO |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    // in the pages' own order (home first), whatever order the runs were collected in
    ...[...result.pages]
      .sort((a, b) => rank(a.url) - rank(b.url))
      .map(
        (p) =>
          `| ${nameOf(p.url)} | ${score(p.scores.performance)} | ${sec(p.lcpMs)} | ${Math.round(p.tbtMs)} | ${sec(p.ttiMs)} | ${p.cls.toFixed(3)} | ${sec(p.fcpMs)} | ${Math.round(p.mainThreadMs)} | ${Math.round(p.scriptMs)} | ${Math.round(p.styleLayoutMs)} | ${score(p.scores.accessibility)} | ${score(p.scores['best-practices'])} | ${score(p.scores.seo)} |`,
      ),
    '',
  ];
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function renderTable(renders: NonNullable<CatalogueResult['renders']>): string[] {
  const lines = [
    '| page | renders/s | host CPU ms per render | p50 / p95 ms | errors | render passes | HTML KB | state KB |',
    '|---|--:|--:|--:|--:|--:|--:|--:|',
    ...renders.pages.map(
      (r) =>
        `| ${r.name} | ${r.load.rps} | ${r.cpuMsPerRender} | ${r.load.p50} / ${r.load.p95} | ${r.load.errors} | ${r.passes ?? '–'} | ${kb(r.htmlBytes)} | ${kb(r.stateBytes)} |`,
    ),
    '',
  ];
  const profile = renders.profile;
  if (!profile) return [...lines, 'No CPU profile was written (the page server did not exit cleanly).', ''];
  return [
    ...lines,
    `Where the page server's CPU went over these runs (V8 profile, self time, ${Math.round(profile.totalMs)} ms sampled, start-up included):`,
    '',
    '| where | ms | share |',
    '|---|--:|--:|',
    ...profile.byPlace.map((p) => `| ${p.place} | ${p.ms} | ${p.share} % |`),
    '',
    '| function (self time) | where | ms | share |',
    '|---|---|--:|--:|',
    ...profile.topFunctions.map((f) => `| \`${f.name.replace(/\|/g, '\\|')}\` | ${f.place} | ${f.ms} | ${f.share} % |`),
    '',
  ];
}

function blockingTable(blocking: Record<string, Blocking | undefined>): string[] {
  const loads = Object.values(blocking).find(Boolean)?.loads ?? 0;
  return [
    `### Main-thread tasks by CPU time (Chromium's trace on a 412 px phone viewport, median of ${loads} loads)`,
    '',
    "Lighthouse's blocking rule (4 × a task's CPU − 50 ms, after the first paint) applied to each task's thread time, which a busy machine does not inflate: the blocking this build asks of a phone four times slower than this machine. scripts/bench/blocking.ts.",
    '',
    '| page | blocking ms | longest task ms | main-thread CPU ms |',
    '|---|--:|--:|--:|',
    ...Object.entries(blocking).map(([name, b]) =>
      b ? `| ${name} | ${b.blockingMs} | ${b.longestMs} | ${b.mainThreadMs} |` : `| ${name} | — | — | — |`,
    ),
    '',
  ];
}

export interface CatalogueResult {
  catalog: string;
  pages: Record<string, string>;
  profiles: ProfileResult[];
  /** Per page name: its main thread's tasks by CPU time (blocking.ts); undefined when not measured. */
  blocking?: Record<string, Blocking | undefined>;
  renders: { pages: RenderCost[]; profile: ProfileSummary | null } | undefined;
  loadBefore: number[];
  loadAfter: number[];
}

export interface WebBench {
  runs: number;
  catalogues: CatalogueResult[];
}

function catalogueSection(c: CatalogueResult): string[] {
  return [
    `## CATALOG_SEED=${c.catalog}`,
    '',
    `Load average (1/5/15 min) ${loads(c.loadBefore)} before, ${loads(c.loadAfter)} after.`,
    '',
    ...c.profiles.flatMap((p) => profileTable(p, c.pages)),
    ...(c.blocking ? blockingTable(c.blocking) : []),
    '### Server renders (a page server without the page cache, 4 visitors per page)',
    '',
    ...(c.renders ? renderTable(c.renders) : ['Not measured in this run (--load-seconds 0).', '']),
    'Pages:',
    '',
    ...Object.entries(c.pages).map(([name, p]) => `- ${name}: \`${p}\``),
    '',
  ];
}

/** Writes reports/web-bench.md; true when every profile's assertions hold. */
export function writeReport(bench: WebBench): boolean {
  const indexes = bench.catalogues.flatMap((c) => c.profiles.flatMap((p) => p.benchmarkIndex));
  const lines = [
    '# Web benchmark',
    '',
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · \`npm run bench:web\` · Lighthouse ${bench.catalogues[0]?.profiles[0]?.lighthouse} through Lighthouse CI with its default settings (mobile: simulated throttling and the default mobile emulation; desktop: the desktop preset), median of ${bench.runs} run(s) per page, against the shop as \`npm start\` serves it (page cache on, production builds) on each catalogue, after one load of each page at the phone's and the desktop's width (the photo renditions made, the page cache filled: what the next shopper gets). Each run is one page, started once the machine has been quiet for 2 s (under a tenth of its CPU busy, waiting at most a minute).`,
    '',
    `Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}) · Lighthouse benchmarkIndex median ${Math.round(median(indexes))} (min ${Math.round(Math.min(...indexes))}, max ${Math.round(Math.max(...indexes))}). Simulated TBT and TTI scale with the machine's speed and load: compare runs only at a similar benchmarkIndex and load; the main-thread work (ms of script, style and layout a page asks for) varies far less.`,
    '',
    "Budgets: the assertions in scripts/bench/lighthouserc.cjs, checked by `lhci assert` on each page's median run.",
    '',
    ...bench.catalogues.flatMap(catalogueSection),
  ];
  writeFileSync(path.join(ROOT, 'reports', 'web-bench.md'), lines.join('\n'));
  return bench.catalogues.every((c) => c.profiles.every((p) => p.passed));
}
