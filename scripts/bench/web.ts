/**
 * `npm run bench:web`: the web benchmark of issue 9 (a script that writes reports, never a timed test).
 *
 * Builds the shop for production plus the same source as ONE plain bundle
 * (scripts/bench/single.rspack.config.ts), starts the API on the LARGE catalogue in a
 * throwaway PGlite folder, the remotes and three page servers on the same API: the stack's
 * host server as it runs in production (server rendering on: the «ssr» build), a second one
 * from the same build with SSR=off (the «federated» build, rendered in the browser) and one
 * serving the single bundle (SSR=off). Then runs Lighthouse (mobile and desktop, N runs,
 * median) on home, a category, a filtered listing, search results, a product page and the
 * cart of each build, times listing → product navigations in a real browser, reads the
 * rendering host's `Server-Timing` (data, render) per page type one request at a time, and
 * measures its throughput: `--concurrency` requests at once for `--duration` seconds over a
 * mix of page types (a fetch loop: autocannon is not a dependency), with the host's and the
 * API's CPU seconds. Writes reports/web-bench.md and reports/web-bench.json (with
 * reports/web-bench-notes.md, the hand-written analysis, and reports/api-bench.md folded in).
 *
 * Options: --runs N (3) · --pages home,product · --profiles mobile,desktop · --builds federated,ssr,single
 *          --render-samples N (30 per page type; 0 skips the server timing and throughput)
 *          --concurrency N (8) · --duration S (25)
 *          --no-build (use the newest builds) · --check (exit 1 when over scripts/bench/budgets.json)
 *          --out NAME (reports/NAME.md and .json instead of web-bench)
 *          --check-only (check the last reports/web-bench.json without running anything)
 *          --rewrite (write reports/NAME.md again from reports/NAME.json, e.g. after editing reports/web-bench-notes.md)
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/chromium.ts';
import {
  buildAll,
  COMPILED_CONDITIONS,
  freePorts,
  latestRelease,
  localRegistry,
  REMOTES,
  type RemoteName,
  ROOT,
  SERVER_ENTRIES,
  startService,
  startStack,
  waitForHttp,
} from '../lib/stack.ts';
import { SINGLE_SERVER_ENV } from './single.rspack.config.ts';
import { buildSingle, SINGLE_DIR } from './single-build.ts';

const CHROME_PATH = CHROMIUM_PATH;
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
const REPORT_DIR = path.join(ROOT, 'reports');
const BENCH_DIR = path.join(ROOT, '.run', 'bench-web');
const BUDGETS_FILE = path.join(import.meta.dirname, 'budgets.json');

type Profile = 'mobile' | 'desktop';
/** federated: Module Federation, rendered in the browser (SSR=off) · ssr: the same build, server-rendered · single: one plain bundle. */
type Build = 'federated' | 'ssr' | 'single';
/** The three columns of issue 20. */
const BUILDS = ['federated', 'ssr', 'single'] as const;
const ALL_BUILDS = BUILDS;
const BUILD_LABELS: Record<Build, string> = {
  federated: 'federated (client)',
  ssr: 'server-rendered',
  single: 'single bundle',
};
/** The page types the server renders (the cart is made of browser storage: shell and skeleton only). */
const RENDERED_PAGES = ['home', 'category', 'filtered', 'search', 'product'] as const;
const PAGE_NAMES = ['home', 'category', 'filtered', 'search', 'product', 'cart'] as const;
type PageName = (typeof PAGE_NAMES)[number];

interface Args {
  runs: number;
  pages: PageName[];
  profiles: Profile[];
  builds: Build[];
  build: boolean;
  check: boolean;
  checkOnly: boolean;
  rewrite: boolean;
  /** Report name under reports/ (web-bench): a partial run can be kept beside the full one. */
  out: string;
  renderSamples: number;
  concurrency: number;
  durationS: number;
}

function parseArgs(argv: string[]): Args {
  const value = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const list = <T extends string>(name: string, all: readonly T[]): T[] => {
    const raw = value(name);
    if (!raw) return [...all];
    const picked = raw.split(',') as T[];
    for (const p of picked)
      if (!all.includes(p)) throw new Error(`${name}: unknown «${p}», expected one of ${all.join(', ')}`);
    return picked;
  };
  const whole = (name: string, fallback: number, min: number) => {
    const n = Number(value(name) ?? fallback);
    if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number ≥ ${min}`);
    return n;
  };
  const runs = whole('--runs', 3, 1);
  return {
    renderSamples: whole('--render-samples', 30, 0),
    concurrency: whole('--concurrency', 8, 1),
    durationS: whole('--duration', 25, 1),
    runs,
    pages: list('--pages', PAGE_NAMES),
    profiles: list('--profiles', ['mobile', 'desktop'] as const),
    builds: value('--builds') ? list('--builds', ALL_BUILDS) : [...BUILDS],
    build: !argv.includes('--no-build'),
    check: argv.includes('--check') || argv.includes('--check-only'),
    checkOnly: argv.includes('--check-only'),
    rewrite: argv.includes('--rewrite'),
    out: value('--out') ?? 'web-bench',
  };
}

// ---------------------------------------------------------------- results

interface JsGroup {
  requests: number;
  raw: number;
  gzip: number;
  transfer: number;
}

interface RunResult {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  requests: number;
  js: Record<string, JsGroup>;
  lcpElement?: string;
  /** Accessibility, best-practices and SEO audits that failed: what keeps those scores under 100. */
  failedAudits: string[];
  /** The elements that moved most (Lighthouse's layout-shifts audit), biggest first. */
  shiftedElements: string[];
  /** Lighthouse's LCP phases (ms): TTFB, load delay, load time, render delay: where the LCP time goes. */
  lcpPhases?: number[];
  /** JavaScript execution (bootup-time) and all main-thread work (ms, 4× slowed on mobile). */
  bootupMs: number;
  mainThreadMs: number;
  /** Main-thread work by kind (ms: script evaluation, style & layout, HTML parsing…), biggest first. */
  mainThreadGroups?: Record<string, number>;
  /** The longest main-thread tasks (ms, and the script Lighthouse attributes each to). */
  longTasks?: string[];
}

interface PageResult extends Omit<RunResult, 'js'> {
  url: string;
  runs: number;
  js: Record<string, JsGroup>;
  jsTotal: JsGroup;
}

interface Percentiles {
  p50: number;
  p95: number;
}

/** The rendering host's own figures for one page type, one request at a time. */
interface RenderTiming {
  samples: number;
  /** Server-Timing `data`: the page's first GraphQL answers fetched on the server (Apollo prerender). */
  dataMs: Percentiles;
  /** Server-Timing `render`: React's streaming render of the page to HTML. */
  renderMs: Percentiles;
  /** data + render per request. */
  totalMs: Percentiles;
  /** The whole answer as the client saw it: page resolution, meta, render, compression, transfer. */
  responseMs: Percentiles;
  /** Answers without Server-Timing: the render failed and the browser-rendered shell was served. */
  unrendered: number;
  htmlKb: number;
}

interface Throughput {
  build: Build;
  concurrency: number;
  seconds: number;
  requests: number;
  /** 200 answers; for the rendering host only those carrying Server-Timing (really rendered). */
  rendered: number;
  failed: number;
  perSecond: number;
  responseMs: Percentiles;
  totalMs?: Percentiles;
  /** CPU seconds each process used during the run (from /proc), and the load average after it. */
  cpuSeconds: Record<string, number>;
  loadAfter: number[];
}

interface ServerFigures {
  timing: Partial<Record<PageName, RenderTiming>>;
  throughput: Throughput[];
  mix: string[];
}

interface Report {
  when: string;
  machine: { cpus: number; loadBefore: number[]; loadAfter: number[] };
  catalogue: string;
  runs: number;
  pages: Record<string, string>;
  results: Partial<Record<Build, Partial<Record<Profile, Partial<Record<PageName, PageResult>>>>>>;
  /** The rendering host's Server-Timing per page type and its throughput (issue 20). */
  server?: ServerFigures;
  /** Click straight away; `afterHover`: the pointer rests on the card for HOVER_DWELL_MS first, as a shopper's does. */
  navigation: Partial<
    Record<Build, { samplesMs: number[]; medianMs: number; afterHover?: { samplesMs: number[]; medianMs: number } }>
  >;
  /** `<link rel="preload">` tags the federated host server put into each page's HTML. */
  preloads?: Partial<Record<PageName, number>>;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

// ---------------------------------------------------------------- building

// ---------------------------------------------------------------- classifying requests

/** File (relative to its app's public path) → `shared`, from each app's mf-manifest.json. */
function sharedFiles(manifestFile: string): Set<string> {
  const files = new Set<string>();
  if (!existsSync(manifestFile)) return files;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    shared: { assets: { js: { sync: string[]; async: string[] } } }[];
  };
  for (const shared of manifest.shared)
    for (const file of [...shared.assets.js.sync, ...shared.assets.js.async]) files.add(file);
  return files;
}

type Classifier = (url: string) => string;

function federatedClassifier(
  hostOrigin: string,
  remoteOrigins: Record<RemoteName, string>,
  versions: Record<RemoteName, string>,
): Classifier {
  const hostShared = sharedFiles(path.join(ROOT, 'host', 'dist', 'mf-manifest.json'));
  const remoteShared = Object.fromEntries(
    REMOTES.map((r) => [r.name, sharedFiles(path.join(ROOT, r.dir, 'dist', versions[r.name], 'mf-manifest.json'))]),
  ) as Record<RemoteName, Set<string>>;
  return (url) => {
    const u = new URL(url);
    if (u.origin === hostOrigin) return hostShared.has(u.pathname.slice(1)) ? 'shared' : 'host';
    for (const r of REMOTES) {
      if (u.origin !== remoteOrigins[r.name]) continue;
      const file = u.pathname.split('/').slice(2).join('/');
      return remoteShared[r.name].has(file) ? 'shared' : r.name;
    }
    return 'other';
  };
}

const gzipCache = new Map<string, { raw: number; gzip: number }>();

async function sizesOf(url: string): Promise<{ raw: number; gzip: number }> {
  const known = gzipCache.get(url);
  if (known) return known;
  const body = Buffer.from(await (await fetch(url)).arrayBuffer());
  const sizes = { raw: body.length, gzip: gzipSync(body).length };
  gzipCache.set(url, sizes);
  return sizes;
}

// ---------------------------------------------------------------- Lighthouse

interface NetworkItem {
  url: string;
  resourceType?: string;
  mimeType?: string;
  transferSize?: number;
  statusCode?: number;
}

type Lhr = {
  categories: Record<string, { score: number | null; auditRefs?: { id: string; weight: number }[] }>;
  audits: Record<string, { score?: number | null; numericValue?: number; details?: { items?: unknown[] } }>;
};

async function lighthouseRun(url: string, profile: Profile, port: number, classify: Classifier): Promise<RunResult> {
  const { default: lighthouse, desktopConfig } = await import('lighthouse');
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    },
    profile === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const lhr = result.lhr as unknown as Lhr;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = (lhr.audits['network-requests']?.details?.items ?? []) as NetworkItem[];
  const js: Record<string, JsGroup> = {};
  for (const item of items) {
    if (item.resourceType !== 'Script' || !item.url.startsWith('http')) continue;
    const group = classify(item.url);
    const sizes = await sizesOf(item.url);
    js[group] ??= { requests: 0, raw: 0, gzip: 0, transfer: 0 };
    js[group].requests += 1;
    js[group].raw += sizes.raw;
    js[group].gzip += sizes.gzip;
    js[group].transfer += item.transferSize ?? 0;
  }
  let lcpElement: string | undefined;
  try {
    const outer = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0] as {
      items?: { node?: { snippet?: string } }[];
    };
    lcpElement = outer?.items?.[0]?.node?.snippet;
  } catch {}
  const failedAudits = ['accessibility', 'best-practices', 'seo'].flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter(
        (ref) =>
          ref.weight > 0 && typeof lhr.audits[ref.id]?.score === 'number' && (lhr.audits[ref.id]?.score as number) < 1,
      )
      .map((ref) => `${category}: ${ref.id}`),
  );
  let lcpPhases: number[] | undefined;
  try {
    const phases = (
      lhr.audits['largest-contentful-paint-element']?.details?.items?.[1] as { items?: { timing?: number }[] }
    )?.items;
    if (phases?.length === 4) lcpPhases = phases.map((p) => p.timing ?? Number.NaN);
  } catch {}
  const groups = (lhr.audits['mainthread-work-breakdown']?.details?.items ?? []) as {
    groupLabel?: string;
    group?: string;
    duration?: number;
  }[];
  const mainThreadGroups = Object.fromEntries(
    groups
      .filter((g) => (g.duration ?? 0) >= 1)
      .sort((a, b) => (b.duration ?? 0) - (a.duration ?? 0))
      .map((g) => [g.groupLabel ?? g.group ?? '?', Math.round(g.duration ?? 0)]),
  );
  const longTasks = (
    (lhr.audits['long-tasks']?.details?.items ?? []) as { url?: string; duration?: number; startTime?: number }[]
  )
    .sort((a, b) => (b.duration ?? 0) - (a.duration ?? 0))
    .slice(0, 3)
    .map(
      (t) =>
        `${Math.round(t.duration ?? 0)} ms at ${Math.round(t.startTime ?? 0)} ms ${(t.url ?? '').replace(/^https?:\/\/[^/]+/, '')}`,
    );
  const shifts = (lhr.audits['layout-shifts']?.details?.items ?? []) as {
    score?: number;
    node?: { snippet?: string; selector?: string };
  }[];
  const shiftedElements = shifts
    .slice(0, 3)
    .map((item) =>
      `${(item.score ?? 0).toFixed(3)} ${item.node?.selector ?? ''} ${item.node?.snippet?.slice(0, 100) ?? ''}`.trim(),
    );
  return {
    failedAudits,
    shiftedElements,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    fcpMs: metric('first-contentful-paint'),
    requests: items.length,
    js,
    bootupMs: metric('bootup-time'),
    mainThreadMs: metric('mainthread-work-breakdown'),
    mainThreadGroups,
    longTasks,
    ...(lcpElement ? { lcpElement } : {}),
    ...(lcpPhases ? { lcpPhases } : {}),
  };
}

function summarise(url: string, runs: RunResult[]): PageResult {
  const pick = (f: (r: RunResult) => number) => median(runs.map(f));
  const groups = [...new Set(runs.flatMap((r) => Object.keys(r.js)))];
  const js: Record<string, JsGroup> = {};
  for (const g of groups) {
    const of = (f: (x: JsGroup) => number) => pick((r) => (r.js[g] ? f(r.js[g]) : 0));
    js[g] = {
      requests: of((x) => x.requests),
      raw: of((x) => x.raw),
      gzip: of((x) => x.gzip),
      transfer: of((x) => x.transfer),
    };
  }
  const jsTotal = {
    requests: pick((r) => Object.values(r.js).reduce((s, x) => s + x.requests, 0)),
    raw: pick((r) => Object.values(r.js).reduce((s, x) => s + x.raw, 0)),
    gzip: pick((r) => Object.values(r.js).reduce((s, x) => s + x.gzip, 0)),
    transfer: pick((r) => Object.values(r.js).reduce((s, x) => s + x.transfer, 0)),
  };
  const lcpElement = runs.map((r) => r.lcpElement).find(Boolean);
  const withPhases = runs.filter((r) => r.lcpPhases);
  const lcpPhases = withPhases.length
    ? [0, 1, 2, 3].map((i) => median(withPhases.map((r) => r.lcpPhases?.[i] ?? 0)))
    : undefined;
  return {
    failedAudits: [...new Set(runs.flatMap((r) => r.failedAudits))],
    shiftedElements: runs.find((r) => r.shiftedElements.length)?.shiftedElements ?? [],
    url,
    runs: runs.length,
    performance: pick((r) => r.performance),
    accessibility: pick((r) => r.accessibility),
    bestPractices: pick((r) => r.bestPractices),
    seo: pick((r) => r.seo),
    lcpMs: pick((r) => r.lcpMs),
    tbtMs: pick((r) => r.tbtMs),
    cls: pick((r) => r.cls),
    fcpMs: pick((r) => r.fcpMs),
    requests: pick((r) => r.requests),
    bootupMs: pick((r) => r.bootupMs),
    mainThreadMs: pick((r) => r.mainThreadMs),
    // the run whose TBT is the median's: its main-thread breakdown and longest tasks
    ...(() => {
      const mid = [...runs].sort((a, b) => a.tbtMs - b.tbtMs)[Math.floor((runs.length - 1) / 2)];
      return mid ? { mainThreadGroups: mid.mainThreadGroups ?? {}, longTasks: mid.longTasks ?? [] } : {};
    })(),
    js,
    jsTotal,
    ...(lcpElement ? { lcpElement } : {}),
    ...(lcpPhases ? { lcpPhases } : {}),
  };
}

// ---------------------------------------------------------------- navigation listing → product

/**
 * Desktop-sized browser, product remote already cached (one product page seen first): click a
 * product card on the listing and time until the product's own heading is on screen.
 */
const HOVER_DWELL_MS = 200;

async function timeNavigation(origin: string, listingPath: string, samples: number, dwellMs = 0): Promise<number[]> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: CHROME_FLAGS.filter((f) => !f.startsWith('--headless')),
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1350, height: 940 } });
    const times: number[] = [];
    for (let i = 0; i < samples + 1; i++) {
      await page.goto(origin + listingPath, { waitUntil: 'load' });
      // A server-rendered listing shows its links before the browser's React runs: a click then
      // would be a full page load. Wait for the shell to run (hydrated or rendered), as for every build.
      await page.locator('html[data-live]').waitFor({ state: 'attached', timeout: 20_000 });
      const listingHeading = (await page.locator('h1').first().textContent({ timeout: 20_000 }))?.trim() ?? '';
      const links = page.locator('main a[href^="/"]').filter({ has: page.locator('img') });
      await links.first().waitFor({ timeout: 20_000 });
      const link = links.nth(Math.min(i, (await links.count()) - 1));
      const href = (await link.getAttribute('href')) ?? '';
      if (dwellMs > 0) {
        await link.hover();
        await page.waitForTimeout(dwellMs);
      }
      // Timed inside the page, from the click event to the frame that shows the product's heading, so
      // Playwright's own actionability checks before the click are not counted.
      await page.evaluate(() => {
        document.addEventListener('click', () => Object.assign(window, { __clickAt: performance.now() }), {
          capture: true,
          once: true,
        });
      });
      await link.click();
      const handle = await page.waitForFunction(
        ({ href, listingHeading }) => {
          const h1 = document.querySelector('h1');
          const shown =
            location.pathname === href &&
            !!h1 &&
            h1.textContent?.trim() !== listingHeading &&
            h1.getBoundingClientRect().height > 0;
          return shown && performance.now() - (window as unknown as { __clickAt: number }).__clickAt;
        },
        { href, listingHeading },
        { polling: 'raf', timeout: 20_000 },
      );
      const elapsed = Math.round((await handle.jsonValue()) as number);
      // The first navigation loads the product remote: it only warms the cache.
      if (i > 0) times.push(elapsed);
    }
    return times;
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------- pages of the large catalogue

async function gql<T>(apiUrl: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(apiUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  if (!body.data) throw new Error(`GraphQL failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

async function choosePages(apiUrl: string): Promise<Record<PageName, string>> {
  const { categories } = await gql<{ categories: { id: string; webPath: string }[] }>(
    apiUrl,
    'query { categories(filter: { isHaveParent: false }) { id webPath } }',
  );
  const category = categories[0];
  if (!category) throw new Error('the catalogue has no categories');
  const { productFilters, products } = await gql<{
    productFilters: {
      minPriceInRUBFrom: number | null;
      minPriceInRUBTo: number | null;
      brands: { id: string; name: string; count: number }[];
    };
    products: { items: { webPath: string }[] };
  }>(
    apiUrl,
    'query($scope: ListingScopeInput) { productFilters(scope: $scope) { minPriceInRUBFrom minPriceInRUBTo brands { id name count } } products(scope: $scope, limit: 1) { items { webPath } } }',
    { scope: { categoryId: category.id } },
  );
  const brand = [...productFilters.brands].sort((a, b) => b.count - a.count)[0];
  const from = productFilters.minPriceInRUBFrom ?? 0;
  const to = productFilters.minPriceInRUBTo ?? 100_000;
  const filter = new URLSearchParams();
  if (brand) filter.set('brand', brand.id);
  filter.set('priceFrom', String(Math.round((from + (to - from) * 0.1) / 1000) * 1000));
  filter.set('priceTo', String(Math.round((from + (to - from) * 0.6) / 1000) * 1000));
  const product = products.items[0];
  if (!product) throw new Error('the category has no products');
  return {
    home: '/',
    category: category.webPath,
    filtered: `${category.webPath}?${filter}`,
    search: `/search?search=${encodeURIComponent(brand?.name ?? 'кроссовки')}`,
    product: product.webPath,
    cart: '/cart',
  };
}

/**
 * More addresses of each page type for the throughput run, so it is not one product page
 * served from warm caches: up to 4 top categories, 12 products of the first, two searches.
 */
async function chooseMix(
  apiUrl: string,
  pages: Record<PageName, string>,
): Promise<Record<(typeof RENDERED_PAGES)[number], string[]>> {
  const { categories } = await gql<{ categories: { id: string; webPath: string }[] }>(
    apiUrl,
    'query { categories(filter: { isHaveParent: false }) { id webPath } }',
  );
  const first = categories[0];
  const { products } = first
    ? await gql<{ products: { items: { webPath: string }[] } }>(
        apiUrl,
        'query($scope: ListingScopeInput) { products(scope: $scope, limit: 12) { items { webPath } } }',
        { scope: { categoryId: first.id } },
      )
    : { products: { items: [] } };
  const unique = (list: string[]) => [...new Set(list)];
  return {
    home: [pages.home],
    category: unique([pages.category, ...categories.slice(0, 4).map((c) => c.webPath)]),
    filtered: [pages.filtered],
    search: unique([pages.search, `/search?search=${encodeURIComponent('кроссовки')}`]),
    product: unique([pages.product, ...products.items.map((p) => p.webPath)]),
  };
}

// ---------------------------------------------------------------- the rendering host: Server-Timing and throughput

/** Nearest-rank percentile. */
function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}
const percentiles = (values: number[]): Percentiles => ({ p50: percentile(values, 50), p95: percentile(values, 95) });

/** `data;dur=12.3, render;dur=4.5` → { data: 12.3, render: 4.5 } (null without the header: not rendered). */
function serverTiming(header: string | null): { data: number; render: number } | null {
  if (!header) return null;
  const dur = (name: string) => Number(new RegExp(`(?:^|,)\\s*${name};dur=([0-9.]+)`).exec(header)?.[1] ?? Number.NaN);
  const timing = { data: dur('data'), render: dur('render') };
  return Number.isFinite(timing.data) && Number.isFinite(timing.render) ? timing : null;
}

interface Answer {
  ok: boolean;
  ms: number;
  timing: { data: number; render: number } | null;
  bytes: number;
}

/** One page as a browser asks for it (compressed HTML; fetch decompresses), timed to the last byte. */
async function getPage(url: string): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await fetch(url, { headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' } });
    const body = await response.arrayBuffer();
    return {
      ok: response.status === 200,
      ms: performance.now() - started,
      timing: serverTiming(response.headers.get('server-timing')),
      bytes: body.byteLength,
    };
  } catch {
    return { ok: false, ms: performance.now() - started, timing: null, bytes: 0 };
  }
}

/** Each page type `samples` times, one request at a time (after 3 warm-up requests that load the releases' server entries). */
async function measureRenderTiming(
  origin: string,
  mix: Record<string, string[]>,
  samples: number,
): Promise<Partial<Record<PageName, RenderTiming>>> {
  const result: Partial<Record<PageName, RenderTiming>> = {};
  for (const [page, urls] of Object.entries(mix) as [PageName, string[]][]) {
    for (let i = 0; i < 3; i++) await getPage(origin + urls[i % urls.length]);
    const answers: Answer[] = [];
    for (let i = 0; i < samples; i++) answers.push(await getPage(origin + urls[i % urls.length]));
    const rendered = answers.filter((a) => a.ok && a.timing);
    const of = (f: (a: Answer & { timing: { data: number; render: number } }) => number) =>
      percentiles((rendered as (Answer & { timing: { data: number; render: number } })[]).map(f));
    result[page] = {
      samples,
      dataMs: of((a) => a.timing.data),
      renderMs: of((a) => a.timing.render),
      totalMs: of((a) => a.timing.data + a.timing.render),
      responseMs: percentiles(answers.map((a) => a.ms)),
      unrendered: answers.length - rendered.length,
      htmlKb: median(answers.map((a) => a.bytes)) / 1024,
    };
    const r = result[page] as RenderTiming;
    console.log(
      `server   ${page.padEnd(8)} data ${r.dataMs.p50.toFixed(1)}/${r.dataMs.p95.toFixed(1)} ms render ${r.renderMs.p50.toFixed(1)}/${r.renderMs.p95.toFixed(1)} ms answer ${r.responseMs.p50.toFixed(0)}/${r.responseMs.p95.toFixed(0)} ms (p50/p95)${r.unrendered ? `, ${r.unrendered} not rendered` : ''}`,
    );
  }
  return result;
}

/** utime + stime of a process in seconds (Linux /proc; NaN elsewhere). */
function cpuSecondsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // after «pid (comm) »: field 3 is the state, so utime (14) and stime (15) are at 11 and 12
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * `concurrency` requests in flight for `seconds`, page types in turn (each type's addresses in
 * turn), as a small fetch loop: autocannon is not a dependency and a loop can check each
 * answer's Server-Timing (a failed render answers 200 too, with the browser-rendered shell).
 */
async function measureThroughput(
  build: Build,
  origin: string,
  mix: Record<string, string[]>,
  concurrency: number,
  seconds: number,
  processes: Record<string, number | undefined>,
): Promise<Throughput> {
  const types = Object.values(mix);
  let next = 0;
  const answers: Answer[] = [];
  const cpuBefore = Object.fromEntries(Object.entries(processes).map(([name, pid]) => [name, cpuSecondsOf(pid)]));
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const n = next++;
      const urls = types[n % types.length] as string[];
      answers.push(await getPage(origin + urls[Math.floor(n / types.length) % urls.length]));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  const cpuSeconds = Object.fromEntries(
    Object.entries(processes).map(([name, pid]) => [
      name,
      Number((cpuSecondsOf(pid) - (cpuBefore[name] ?? 0)).toFixed(1)),
    ]),
  );
  const rendered = answers.filter((a) => a.ok && (build !== 'ssr' || a.timing));
  const timed = rendered.filter((a) => a.timing) as (Answer & { timing: { data: number; render: number } })[];
  const result: Throughput = {
    build,
    concurrency,
    seconds: Number(elapsed.toFixed(1)),
    requests: answers.length,
    rendered: rendered.length,
    failed: answers.filter((a) => !a.ok).length,
    perSecond: Number((rendered.length / elapsed).toFixed(1)),
    responseMs: percentiles(answers.map((a) => a.ms)),
    ...(timed.length ? { totalMs: percentiles(timed.map((a) => a.timing.data + a.timing.render)) } : {}),
    cpuSeconds,
    loadAfter: os.loadavg(),
  };
  console.log(
    `throughput ${build} ×${concurrency}: ${result.perSecond} pages/s (${result.rendered}/${result.requests} in ${result.seconds} s, ${result.failed} failed), answer p50 ${result.responseMs.p50.toFixed(0)} ms p95 ${result.responseMs.p95.toFixed(0)} ms, CPU s ${JSON.stringify(cpuSeconds)}`,
  );
  return result;
}

// ---------------------------------------------------------------- report

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)}`;
const ms = (value: number) => `${Math.round(value)}`;
const s = (value: number) => (value / 1000).toFixed(2);

/** Issue 20's figures to reach, on the five server-rendered page types. */
const TARGETS = {
  mobilePerformance: 90,
  lcpMs: 2000,
  tbtMs: 200,
  cls: 0.02,
  desktopPerformance: 100,
} as const;

const pct = (p: Percentiles, digits = 1) => `${p.p50.toFixed(digits)} / ${p.p95.toFixed(digits)}`;

function issue20Section(report: Report): string[] {
  const lines: string[] = [];
  const measured = ALL_BUILDS.filter((b) => report.results[b] && Object.keys(report.results[b] ?? {}).length);
  if (!measured.includes('ssr')) return lines;
  const get = (build: Build, profile: Profile, page: PageName) => report.results[build]?.[profile]?.[page];
  const misses: Record<string, string[]> = {};
  const miss = (target: string, text: string) => {
    misses[target] ??= [];
    misses[target].push(text);
  };
  lines.push(`## Issue 20: the three builds (${measured.map((b) => BUILD_LABELS[b]).join(' / ')})`, '');
  lines.push(
    `Each cell: ${measured.join(' / ')}; ✗ marks a server-rendered figure that misses issue 20's target ` +
      `(mobile ≥ ${TARGETS.mobilePerformance}, LCP ≤ ${TARGETS.lcpMs / 1000} s, TBT ≤ ${TARGETS.tbtMs} ms, CLS ≤ ${TARGETS.cls}, desktop ${TARGETS.desktopPerformance}).`,
    '',
  );
  lines.push('| page | mobile perf | LCP s | TBT ms | CLS | FCP s | desktop perf |');
  lines.push('|---|--:|--:|--:|--:|--:|--:|');
  for (const page of RENDERED_PAGES) {
    if (!measured.some((b) => get(b, 'mobile', page) || get(b, 'desktop', page))) continue;
    const cell = (profile: Profile, f: (r: PageResult) => string, missed?: (r: PageResult) => boolean) =>
      measured
        .map((b) => {
          const r = get(b, profile, page);
          if (!r) return '–';
          return `${f(r)}${b === 'ssr' && missed?.(r) ? ' ✗' : ''}`;
        })
        .join(' / ');
    lines.push(
      `| ${page} | ${cell(
        'mobile',
        (r) => String(r.performance),
        (r) => r.performance < TARGETS.mobilePerformance,
      )} | ${cell(
        'mobile',
        (r) => s(r.lcpMs),
        (r) => r.lcpMs > TARGETS.lcpMs,
      )} | ${cell(
        'mobile',
        (r) => ms(r.tbtMs),
        (r) => r.tbtMs > TARGETS.tbtMs,
      )} | ${cell(
        'mobile',
        (r) => r.cls.toFixed(3),
        (r) => r.cls > TARGETS.cls,
      )} | ${cell('mobile', (r) => s(r.fcpMs))} | ${cell(
        'desktop',
        (r) => String(r.performance),
        (r) => r.performance < TARGETS.desktopPerformance,
      )} |`,
    );
    const m = get('ssr', 'mobile', page);
    const d = get('ssr', 'desktop', page);
    const phases = m?.lcpPhases
      ? `LCP phases TTFB / load delay / load time / render delay ${m.lcpPhases.map((x) => Math.round(x)).join(' / ')} ms`
      : '';
    if (m && m.performance < TARGETS.mobilePerformance) miss('mobile performance', `${page} ${m.performance}`);
    if (m && m.lcpMs > TARGETS.lcpMs)
      miss(
        'LCP',
        `${page} ${s(m.lcpMs)} s (${phases}; element \`${(m.lcpElement ?? '?').replace(/`/g, "'").slice(0, 80)}\`)`,
      );
    if (m && m.tbtMs > TARGETS.tbtMs)
      miss(
        'TBT',
        `${page} ${ms(m.tbtMs)} ms (script execution ${ms(m.bootupMs)} ms, main thread ${ms(m.mainThreadMs)} ms${
          m.mainThreadGroups
            ? ` = ${Object.entries(m.mainThreadGroups)
                .map(([g, v]) => `${g} ${v}`)
                .join(', ')}`
            : ''
        }; longest tasks ${(m.longTasks ?? []).join(', ') || '–'}; JS ${kb(m.jsTotal.gzip)} KB gzip)`,
      );
    if (m && m.cls > TARGETS.cls)
      miss(
        'CLS',
        `${page} ${m.cls.toFixed(3)} (${m.shiftedElements.map((x) => `\`${x.replace(/`/g, "'")}\``).join('; ')})`,
      );
    if (d && d.performance < TARGETS.desktopPerformance)
      miss(
        'desktop performance',
        `${page} ${d.performance} (LCP ${s(d.lcpMs)} s, TBT ${ms(d.tbtMs)} ms, CLS ${d.cls.toFixed(3)})`,
      );
  }
  lines.push('');
  const server = report.server;
  if (server) {
    const n = Object.values(server.timing)[0]?.samples ?? 0;
    lines.push(`### The rendering host, per page type (${n} requests each, one at a time; ms, p50 / p95)`, '');
    lines.push(
      "`data` and `render` are the page server's own `Server-Timing` (Apollo's prerender with the first GraphQL answers; React's render to HTML); " +
        '«whole answer» is what the client waited for: page resolution and meta from the API, data, render, compression, transfer.',
      '',
    );
    lines.push('| page | data | render | data + render | whole answer | HTML KB (decompressed) | not rendered |');
    lines.push('|---|--:|--:|--:|--:|--:|--:|');
    for (const [page, t] of Object.entries(server.timing) as [PageName, RenderTiming][]) {
      lines.push(
        `| ${page} | ${pct(t.dataMs)} | ${pct(t.renderMs)} | ${pct(t.totalMs)} | ${pct(t.responseMs, 0)} | ${t.htmlKb.toFixed(1)} | ${t.unrendered} |`,
      );
    }
    lines.push('');
    lines.push(
      `### Throughput (${report.machine.cpus} cores, the API on the same machine; a fetch loop, page types in turn over ${server.mix.length} addresses)`,
      '',
    );
    for (const t of server.throughput) {
      const what = t.build === 'ssr' ? 'server-rendered pages' : 'browser-rendered shells (SSR=off), for comparison';
      lines.push(
        `- **${t.perSecond} ${t.build === 'ssr' ? 'renders' : 'pages'}/s**, ${what}: ${t.concurrency} requests in flight for ${t.seconds} s, ${t.rendered} of ${t.requests} ` +
          `${t.build === 'ssr' ? 'rendered' : 'answered 200'}, ${t.failed} failed; whole answer p50 / p95 ${pct(t.responseMs, 0)} ms` +
          `${t.totalMs ? `, data + render ${pct(t.totalMs, 0)} ms` : ''}; CPU seconds used: ${Object.entries(
            t.cpuSeconds,
          )
            .map(([k, v]) => `${k} ${v}`)
            .join(', ')}; ` +
          `load average after ${t.loadAfter.map((l) => l.toFixed(1)).join(' / ')}`,
      );
    }
    lines.push('');
  }
  lines.push(
    '### Targets missed by the server-rendered build (measured diagnostics; the analysis is in «What is left» below)',
    '',
  );
  if (Object.keys(misses).length === 0) lines.push("None: every server-rendered page meets issue 20's targets.");
  for (const [target, list] of Object.entries(misses)) lines.push(`- **${target}**: ${list.join('; ')}`);
  lines.push('');
  return lines;
}

function markdown(report: Report, failures: string[]): string {
  const lines: string[] = [];
  lines.push('# Web benchmark', '');
  lines.push(
    `${report.when} · Lighthouse 12 (simulated throttling: mobile = Moto G Power on slow 4G, desktop = the desktop preset), ` +
      `median of ${report.runs} run(s) · ${report.catalogue} · machine: ${report.machine.cpus} cores, load average ` +
      `${report.machine.loadBefore.map((l) => l.toFixed(1)).join(' / ')} before and ${report.machine.loadAfter.map((l) => l.toFixed(1)).join(' / ')} after ` +
      `(1/5/15 min${report.machine.loadBefore[0] !== undefined && report.machine.loadBefore[0] > 1.5 ? '; the machine was busy before the run, so TBT and the scores are pessimistic' : ''}; ` +
      'the bench itself keeps one or two cores busy: Chromium, the shop and its database; the byte counts are exact).',
    '',
  );
  lines.push(
    'JS «gzip» is each script compressed with Node zlib (level 6), what a compressing server would send; «wire» is what went over the network in this run.',
    '',
  );
  lines.push(
    'Builds: **federated** = the Module Federation build rendered in the browser (its page server with `SSR=off`); **ssr** = the same host and remote releases, ' +
      'the page server rendering each page (the default); **single** = the same source as one plain bundle, rendered in the browser.',
    '',
  );
  lines.push(...issue20Section(report));
  lines.push('Pages:', '');
  for (const [name, url] of Object.entries(report.pages)) lines.push(`- ${name}: \`${url}\``);
  lines.push('');
  for (const profile of ['mobile', 'desktop'] as const) {
    lines.push(`## ${profile}`, '');
    lines.push(
      '| page | build | perf | LCP s | TBT ms | CLS | FCP s | a11y | BP | SEO | JS req | JS KB raw | JS KB gzip | JS KB wire | requests |',
    );
    lines.push('|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|');
    for (const page of PAGE_NAMES) {
      for (const build of ALL_BUILDS) {
        const r = report.results[build]?.[profile]?.[page];
        if (!r) continue;
        lines.push(
          `| ${page} | ${build} | ${r.performance} | ${s(r.lcpMs)} | ${ms(r.tbtMs)} | ${r.cls.toFixed(3)} | ${s(r.fcpMs)} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.jsTotal.requests} | ${kb(r.jsTotal.raw)} | ${kb(r.jsTotal.gzip)} | ${kb(r.jsTotal.transfer)} | ${r.requests} |`,
        );
      }
    }
    lines.push('');
  }
  const profileForRatio: Profile = report.results.federated?.mobile ? 'mobile' : 'desktop';
  lines.push(`## Federated JavaScript by origin (${profileForRatio}, first load, gzip KB and requests)`, '');
  // a column per remote of the remotes table
  const remoteNames = REMOTES.map((r) => r.name);
  lines.push(
    `| page | host | shared libraries | ${remoteNames.join(' | ')} | total | single bundle | federated / single |`,
  );
  lines.push(`|---|--:|--:|${remoteNames.map(() => '--:|').join('')}--:|--:|--:|`);
  for (const page of PAGE_NAMES) {
    const f = report.results.federated?.[profileForRatio]?.[page];
    if (!f) continue;
    const one = report.results.single?.[profileForRatio]?.[page];
    const cell = (g: string) => (f.js[g] ? `${kb(f.js[g].gzip)} (${f.js[g].requests})` : '–');
    lines.push(
      `| ${page} | ${cell('host')} | ${cell('shared')} | ${remoteNames.map(cell).join(' | ')} | ${kb(f.jsTotal.gzip)} (${f.jsTotal.requests}) | ${one ? `${kb(one.jsTotal.gzip)} (${one.jsTotal.requests})` : '–'} | ${one ? (f.jsTotal.gzip / one.jsTotal.gzip).toFixed(2) : '–'} |`,
    );
  }
  lines.push('');
  if (report.preloads) {
    lines.push(
      `Preload tags in the federated pages' HTML: ${Object.entries(report.preloads)
        .map(([p, n]) => `${p} ${n}`)
        .join(', ')}.`,
      '',
    );
  }
  lines.push('## Listing → product navigation (desktop window, product remote cached)', '');
  for (const [build, nav] of Object.entries(report.navigation)) {
    lines.push(
      `- ${build}: median ${nav.medianMs} ms (samples ${nav.samplesMs.join(', ')} ms), click to the product heading on screen`,
    );
    if (nav.afterHover) {
      lines.push(
        `- ${build}, pointer on the card ${HOVER_DWELL_MS} ms before the click: median ${nav.afterHover.medianMs} ms (samples ${nav.afterHover.samplesMs.join(', ')} ms)`,
      );
    }
  }
  lines.push('');
  for (const build of ['federated', 'ssr'] as const) {
    if (!report.results[build]?.mobile) continue;
    lines.push(`## LCP elements and phases (${build}, mobile: TTFB / load delay / load time / render delay, ms)`, '');
    for (const page of PAGE_NAMES) {
      const r = report.results[build]?.mobile?.[page];
      if (!r?.lcpElement) continue;
      const phases = r.lcpPhases ? ` — ${r.lcpPhases.map((x) => Math.round(x)).join(' / ')}` : '';
      lines.push(`- ${page}: \`${r.lcpElement.replace(/`/g, "'").slice(0, 160)}\`${phases}`);
    }
    lines.push('');
  }
  for (const build of ['federated', 'ssr'] as const) {
    const shiftedPages = PAGE_NAMES.filter((page) => report.results[build]?.mobile?.[page]?.shiftedElements.length);
    if (!shiftedPages.length) continue;
    lines.push(`## Layout shifts (${build}, mobile: score, element)`, '');
    for (const page of shiftedPages) {
      const shifted = report.results[build]?.mobile?.[page]?.shiftedElements ?? [];
      lines.push(`- ${page}: ${shifted.map((x) => `\`${x.replace(/`/g, "'")}\``).join('; ')}`);
    }
    lines.push('');
  }
  for (const build of ['federated', 'ssr'] as const) {
    if (!report.results[build]) continue;
    lines.push(`## Failed accessibility, best-practices and SEO audits (${build})`, '');
    for (const profile of ['mobile', 'desktop'] as const) {
      for (const page of PAGE_NAMES) {
        const failed = report.results[build]?.[profile]?.[page]?.failedAudits;
        if (failed?.length) lines.push(`- ${profile} ${page}: ${failed.join(', ')}`);
      }
    }
    lines.push('');
  }
  lines.push(
    `## Budgets (scripts/bench/budgets.json, on the ${budgetBuild(report)} build: the one the shop serves)`,
    '',
  );
  if (failures.length === 0) lines.push('All pages within budget.');
  else for (const failure of failures) lines.push(`- over: ${failure}`);
  lines.push('');
  const notes = path.join(REPORT_DIR, 'web-bench-notes.md');
  if (existsSync(notes)) lines.push(readFileSync(notes, 'utf8').replace(/^#/gm, '##'), '');
  const apiReport = path.join(REPORT_DIR, 'api-bench.md');
  if (existsSync(apiReport)) {
    lines.push('## API (from reports/api-bench.md, `npm run bench:api`)', '');
    lines.push(readFileSync(apiReport, 'utf8').replace(/^#/gm, '##'));
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

// ---------------------------------------------------------------- budgets

interface Budgets {
  profiles: Record<
    Profile,
    Partial<Record<'performance' | 'lcpMs' | 'tbtMs' | 'cls' | 'accessibility' | 'bestPractices' | 'seo', number>>
  >;
  federatedToSingleJsGzip: Partial<Record<PageName, number>>;
  navigationToProductMs: Partial<Record<Profile, number>>;
  exempt?: Partial<Record<PageName, Record<string, string>>>;
}

/** The budgets apply to what shoppers get: the server-rendered build when it was measured. */
const budgetBuild = (report: Report): Build =>
  report.results.ssr && Object.keys(report.results.ssr).length ? 'ssr' : 'federated';

function checkBudgets(report: Report): string[] {
  const budgets = JSON.parse(readFileSync(BUDGETS_FILE, 'utf8')) as Budgets;
  const failures: string[] = [];
  const federated = report.results[budgetBuild(report)] ?? {};
  for (const [profile, limits] of Object.entries(budgets.profiles) as [Profile, Budgets['profiles'][Profile]][]) {
    for (const [page, r] of Object.entries(federated[profile] ?? {}) as [PageName, PageResult][]) {
      const exempt = budgets.exempt?.[page] ?? {};
      for (const [key, limit] of Object.entries(limits) as [keyof typeof limits, number][]) {
        if (exempt[key]) continue;
        const value = r[key];
        const higherIsBetter =
          key === 'performance' || key === 'accessibility' || key === 'bestPractices' || key === 'seo';
        if (higherIsBetter ? value < limit : value > limit)
          failures.push(`${profile} ${page} ${key} ${Number(value.toFixed(3))} (limit ${limit})`);
      }
    }
  }
  for (const [page, limit] of Object.entries(budgets.federatedToSingleJsGzip) as [PageName, number][]) {
    for (const profile of ['mobile', 'desktop'] as const) {
      const f = federated[profile]?.[page];
      const one = report.results.single?.[profile]?.[page];
      if (!f || !one) continue;
      const ratio = f.jsTotal.gzip / one.jsTotal.gzip;
      if (ratio > limit)
        failures.push(`${profile} ${page} federated/single JS gzip ${ratio.toFixed(2)} (limit ${limit})`);
      break;
    }
  }
  const nav = report.navigation[budgetBuild(report)];
  if (
    nav &&
    budgets.navigationToProductMs.desktop !== undefined &&
    nav.medianMs > budgets.navigationToProductMs.desktop
  ) {
    failures.push(`listing → product navigation ${nav.medianMs} ms (limit ${budgets.navigationToProductMs.desktop})`);
  }
  return failures;
}

// ---------------------------------------------------------------- main

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const jsonFile = path.join(REPORT_DIR, `${args.out}.json`);
  if (args.checkOnly) {
    const failures = checkBudgets(JSON.parse(readFileSync(jsonFile, 'utf8')) as Report);
    for (const f of failures) console.error(`over budget: ${f}`);
    console.log(failures.length ? `${failures.length} budget(s) missed` : 'All pages within budget.');
    process.exit(failures.length ? 1 : 0);
  }
  if (args.rewrite) {
    const report = JSON.parse(readFileSync(jsonFile, 'utf8')) as Report;
    writeFileSync(path.join(REPORT_DIR, `${args.out}.md`), markdown(report, checkBudgets(report)));
    console.log(`Wrote reports/${args.out}.md from reports/${args.out}.json.`);
    return;
  }
  const loadBefore = os.loadavg();
  let versions: Record<RemoteName, string>;
  if (args.build) {
    console.log('Building the shop for production…');
    ({ versions } = await buildAll());
    if (args.builds.includes('single')) {
      console.log('Building the single-bundle comparison…');
      await buildSingle();
    }
  } else {
    versions = Object.fromEntries(REMOTES.map((r) => [r.name, latestRelease(r.dir)])) as Record<RemoteName, string>;
    if (args.builds.includes('single') && !existsSync(path.join(SINGLE_DIR, 'index.html'))) await buildSingle();
  }

  const ports = await freePorts();
  const singlePort = (await freePorts()).host;
  const pgliteDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  const logDir = path.join(BENCH_DIR, 'logs');
  mkdirSync(logDir, { recursive: true });
  console.log(`Starting the shop on the large catalogue (${pgliteDir}; first start seeds it, which takes a while)…`);
  const stack = await startStack({
    ports,
    registry: localRegistry(ports, versions),
    opsToken: randomBytes(24).toString('base64url'),
    pgliteDir: path.join(pgliteDir, 'db'),
    log: { dir: logDir },
    // the bench picks its pages with its own queries (the pages themselves send registered ids)
    // No browser smoke of the releases it activates: the bench measures them as built (a smoke
    // refusal, e.g. a hydration error on one page, would stop the whole run; Lighthouse's
    // best-practices column and the console then show what the smoke would have refused).
    env: {
      CATALOG_SEED: 'large',
      ORDER_RATE_LIMIT: '1000',
      GRAPHQL_ARBITRARY_OPERATIONS: 'true',
      RELEASE_SMOKE: 'off',
    },
  });
  // The same host build without server rendering: the federated-client column.
  const clientPort = (await freePorts()).host;
  const client = startService(
    'host-client',
    process.execPath,
    ['--enable-source-maps', ...COMPILED_CONDITIONS, SERVER_ENTRIES.host],
    {
      log: { dir: logDir },
      env: { HOST_PORT: String(clientPort), API_URL: `http://127.0.0.1:${ports.api}`, SSR: 'off' },
    },
  );
  const single = startService('host-single', path.join(ROOT, 'node_modules/.bin/tsx'), ['host/server/main.ts'], {
    log: { dir: logDir },
    env: {
      HOST_PORT: String(singlePort),
      API_URL: `http://127.0.0.1:${ports.api}`,
      HOST_DIST_DIR: SINGLE_DIR,
      ...SINGLE_SERVER_ENV,
    },
  });
  const chromeLauncher = await import('chrome-launcher');
  let chrome: Awaited<ReturnType<typeof chromeLauncher.launch>> | undefined;
  try {
    await waitForHttp(`http://127.0.0.1:${singlePort}/healthz`, single);
    await waitForHttp(`http://127.0.0.1:${clientPort}/healthz`, client);
    const pages = await choosePages(stack.apiUrl);
    const origins: Record<Build, string> = {
      federated: `http://localhost:${clientPort}`,
      ssr: stack.url,
      single: `http://localhost:${singlePort}`,
    };
    const remoteOrigins = Object.fromEntries(REMOTES.map((r) => [r.name, stack.remoteUrl(r.name)])) as Record<
      RemoteName,
      string
    >;
    const classifiers: Record<Build, Classifier> = {
      federated: federatedClassifier(origins.federated, remoteOrigins, versions),
      ssr: federatedClassifier(origins.ssr, remoteOrigins, versions),
      single: (url) => (new URL(url).origin === origins.single ? 'single' : 'other'),
    };
    const report: Report = {
      when: `${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC`,
      machine: { cpus: os.cpus().length, loadBefore, loadAfter: [] },
      catalogue: 'CATALOG_SEED=large',
      runs: args.runs,
      pages: Object.fromEntries(args.pages.map((p) => [p, pages[p]])),
      results: Object.fromEntries(args.builds.map((b) => [b, {}])),
      navigation: {},
    };
    report.preloads = {};
    for (const page of args.pages) {
      const html = await (await fetch(origins.federated + pages[page])).text();
      report.preloads[page] = html.match(/<link rel="preload"/g)?.length ?? 0;
    }
    chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
    for (const profile of args.profiles) {
      for (const page of args.pages) {
        for (const build of args.builds) {
          const url = origins[build] + pages[page];
          const runs: RunResult[] = [];
          for (let i = 0; i < args.runs; i++)
            runs.push(await lighthouseRun(url, profile, chrome.port, classifiers[build]));
          const summary = summarise(url, runs);
          report.results[build] ??= {};
          const results = report.results[build];
          results[profile] ??= {};
          (results[profile] as Partial<Record<PageName, PageResult>>)[page] = summary;
          console.log(
            `${profile.padEnd(7)} ${page.padEnd(8)} ${build.padEnd(9)} perf ${summary.performance} LCP ${s(summary.lcpMs)} s TBT ${ms(summary.tbtMs)} ms CLS ${summary.cls.toFixed(3)} JS ${kb(summary.jsTotal.gzip)} KB gzip in ${summary.jsTotal.requests}`,
          );
        }
      }
    }
    await chrome.kill();
    chrome = undefined;
    if (args.profiles.includes('desktop')) {
      for (const build of args.builds) {
        const samples = await timeNavigation(origins[build], pages.category, 5);
        const hovered = await timeNavigation(origins[build], pages.category, 5, HOVER_DWELL_MS);
        report.navigation[build] = {
          samplesMs: samples,
          medianMs: median(samples),
          afterHover: { samplesMs: hovered, medianMs: median(hovered) },
        };
        console.log(
          `navigation listing → product (${build}): median ${median(samples)} ms, after hovering ${median(hovered)} ms`,
        );
      }
    }
    if (args.renderSamples > 0 && args.builds.includes('ssr')) {
      const mix = await chooseMix(stack.apiUrl, pages);
      const ssrOrigin = `http://127.0.0.1:${ports.host}`;
      const pid = (name: string) => stack.services.find((x) => x.name === name)?.child.pid;
      report.server = {
        timing: await measureRenderTiming(ssrOrigin, mix, args.renderSamples),
        throughput: [],
        mix: Object.values(mix).flat(),
      };
      report.server.throughput.push(
        await measureThroughput('ssr', ssrOrigin, mix, args.concurrency, args.durationS, {
          host: pid('host'),
          api: pid('api'),
        }),
      );
      // the same mix from the host that leaves rendering to the browser: what the server side costs
      report.server.throughput.push(
        await measureThroughput('federated', `http://127.0.0.1:${clientPort}`, mix, args.concurrency, args.durationS, {
          host: client.child.pid,
          api: pid('api'),
        }),
      );
    }
    report.machine.loadAfter = os.loadavg();
    const failures = checkBudgets(report);
    mkdirSync(REPORT_DIR, { recursive: true });
    writeFileSync(jsonFile, `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(path.join(REPORT_DIR, `${args.out}.md`), markdown(report, failures));
    console.log(
      `Wrote reports/${args.out}.md and reports/${args.out}.json. ${failures.length ? `${failures.length} budget(s) missed.` : 'All within budget.'}`,
    );
    if (args.check && failures.length) {
      for (const f of failures) console.error(`over budget: ${f}`);
      process.exitCode = 1;
    }
  } finally {
    if (chrome) await chrome.kill();
    await single.stop();
    await client.stop();
    await stack.stop();
    rmSync(pgliteDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
