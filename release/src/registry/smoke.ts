import { internalUrl } from '@shop/contracts/origin-map';
import { HOST_BUILD_HEADER } from '@shop/contracts/release-plane';
import { LRUCache } from 'lru-cache';
import { type CatalogueSample, createApiClient } from '../catalogue/api-client.ts';
import type { Config } from '../config.ts';
import { signPreview } from './preview-token.ts';
import {
  type CandidateRelease,
  type ReleaseCheckContext,
  type ReleaseCheckResult,
  registerReleaseCheck,
} from './release-gate.ts';
import { borrowBrowser, returnBrowser, VIEWPORTS, type Viewport, viewportLabel } from './smoke-browser.ts';
import { type JudgeTarget, judgePage } from './smoke-judge.ts';
import { type Visit, visitsFor } from './smoke-plan.ts';

/**
 * The browser smoke: before a release is activated, put on a canary or promoted, Debian's
 * Chromium opens the live host (SMOKE_HOST_URL) with a preview cookie that shows this browser
 * alone the candidate in place of its remote's active release (host/server/preview.ts), and
 * renders every exposed module of that remote on a real page with real data, on a phone and on a
 * desktop screen, several pages at once. What each page must show comes from the contract tables
 * and the catalogue (smoke-plan.ts); how a page is judged, smoke-judge.ts; the browser,
 * smoke-browser.ts.
 */
export const SMOKE_CHECK = 'smoke';

/** What the catalogue holds now, from the API named by API_URL; the reason when it cannot answer (the smoke then says so). */
async function catalogueSample(config: Pick<Config, 'apiUrl' | 'opsToken'>): Promise<CatalogueSample | string> {
  try {
    return await createApiClient({ apiUrl: config.apiUrl, opsToken: config.opsToken }).sample();
  } catch (caught) {
    return (caught as Error).message;
  }
}

/**
 * Everything a smoke's verdict rests on besides the candidate's own files: the host's build (its
 * template and settings), the releases of the other remotes the preview shows beside it (the
 * candidate's own remote is replaced by the candidate) and the catalogue sample the pages were
 * judged against.
 */
function sameSurroundings(release: CandidateRelease, build: string, served: Record<string, string>, sample: CatalogueSample): string {
  const others = Object.entries(served)
    .filter(([name]) => name !== release.remote)
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([release.remote, release.manifestUrl, build, others, sample]);
}

/**
 * Passed smokes by what they were judged with, for SMOKE_REUSE_SECONDS. In this process only:
 * another replica of the release service, or a restart, smokes again (a miss costs a smoke,
 * never a wrong verdict). The newest few: one per release decision of the last minutes.
 */
const passes = new LRUCache<string, { at: number; reason: string }>({ max: 64 });

/** The reason of a pass with the same surroundings within `seconds`, said as reused; null when there is none. */
function recentPass(key: string, seconds: number): string | null {
  const pass = seconds > 0 ? passes.get(key) : undefined;
  const age = pass ? (Date.now() - pass.at) / 1000 : Number.POSITIVE_INFINITY;
  return pass && age < seconds ? `прошла ${Math.round(age)} с назад (${pass.reason})` : null;
}

/** One browser at a time: two activations at once wait for each other instead of doubling the load. */
let queue: Promise<unknown> = Promise.resolve();

interface Judged {
  visit: Visit;
  viewport: Viewport;
  ms: number;
  problems: string[];
}

/** Every visit at every viewport, `parallel` pages at once (each its own context in the one browser). */
async function judgeAll(visits: Visit[], parallel: number, judge: (v: Visit, viewport: Viewport) => Promise<string[]>): Promise<Judged[]> {
  const jobs = visits.flatMap((visit) => VIEWPORTS.map((viewport) => ({ visit, viewport })));
  const done: Judged[] = [];
  let next = 0;
  const worker = async () => {
    for (let job = jobs[next++]; job; job = jobs[next++]) {
      const started = performance.now();
      const problems = await judge(job.visit, job.viewport);
      done.push({ ...job, ms: Math.round(performance.now() - started), problems: [...new Set(problems)] });
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, jobs.length) }, worker));
  // in the visits' order, each page's viewports in theirs
  const order = (j: Judged) => visits.indexOf(j.visit) * VIEWPORTS.length + VIEWPORTS.indexOf(j.viewport);
  return done.sort((x, y) => order(x) - order(y));
}

/** «HOME (/), телефон 390×844: …»; a page failing alike at every viewport is named once with all of them. */
function failures(judged: Judged[]): string[] {
  const byPage = new Map<string, { visit: Visit; viewports: Viewport[] }>();
  for (const j of judged.filter((x) => x.problems.length)) {
    const key = `${j.visit.label}\n${j.problems.slice(0, 3).join('; ')}`;
    const seen = byPage.get(key) ?? { visit: j.visit, viewports: [] };
    seen.viewports.push(j.viewport);
    byPage.set(key, seen);
  }
  return [...byPage].map(([key, { visit, viewports }]) => {
    const problems = key.slice(key.indexOf('\n') + 1);
    return `${visit.label} (${visit.path}), ${viewports.map(viewportLabel).join(' и ')}: ${problems}`;
  });
}

/** «HOME 1234 и 1100 мс, …»: each page's time at each viewport, in VIEWPORTS' order. */
function timings(judged: Judged[]): string {
  const byLabel = new Map<string, number[]>();
  for (const j of judged) byLabel.set(j.visit.label, [...(byLabel.get(j.visit.label) ?? []), j.ms]);
  return [...byLabel].map(([label, ms]) => `${label} ${ms.join(' и ')} мс`).join(', ');
}

/**
 * The smoke as a release check (registerSmokeCheck): the catalogue API's sample on the host of
 * `ctx.config.smoke`. The argument (the registry's database, as callers pass it) is not read:
 * the catalogue comes from the API over HTTP.
 */
export function smokeCheck(_registryDb?: unknown) {
  return async function smoke(release: CandidateRelease, ctx: ReleaseCheckContext): Promise<ReleaseCheckResult> {
    const config = ctx.config.smoke;
    if (!config.hostUrl || !config.previewSecret) {
      const missing = [config.hostUrl ? null : 'SMOKE_HOST_URL', config.previewSecret ? null : 'PREVIEW_SECRET']
        .filter(Boolean)
        .join(' и ');
      return config.off
        ? { check: SMOKE_CHECK, ok: true, reason: `пропущена: RELEASE_SMOKE=off (не задан ${missing})` }
        : {
            check: SMOKE_CHECK,
            ok: false,
            reason: `не выполнена: не задан ${missing} (выпуск без смоука — только с RELEASE_SMOKE=off)`,
          };
    }
    if (config.off) return { check: SMOKE_CHECK, ok: true, reason: 'пропущена: RELEASE_SMOKE=off' };
    const hostUrl = config.hostUrl;
    const secret = config.previewSecret;
    const originMap = ctx.config.release.originMap;
    const run = async (): Promise<ReleaseCheckResult> => {
      // the remotes this host serves now (its registry, as the preview's browser will get it)
      const registryUrl = new URL('/registry.json', hostUrl).href;
      const { served, build } = await fetch(internalUrl(originMap, registryUrl), {
        signal: AbortSignal.timeout(5000),
      })
        .then(async (r) => ({ served: (await r.json()) as Record<string, string>, build: r.headers.get(HOST_BUILD_HEADER) }))
        .catch(() => ({ served: {} as Record<string, string>, build: null }));
      const catalogue = await catalogueSample(ctx.config);
      if (typeof catalogue === 'string') return { check: SMOKE_CHECK, ok: false, reason: `не выполнена: каталог не ответил (${catalogue})` };
      const seen = build ? sameSurroundings(release, build, served, catalogue) : null;
      const earlier = seen ? recentPass(seen, config.reuseSeconds) : null;
      if (earlier) return { check: SMOKE_CHECK, ok: true, reason: `${earlier}; не открывалась заново: ничего вокруг не изменилось` };
      const { visits, skipped } = visitsFor(release.remote, catalogue, (name) => Object.hasOwn(served, name));
      if (!visits.length) return { check: SMOKE_CHECK, ok: false, reason: `нечего открыть для ${release.remote}` };
      const token = signPreview(secret, { ...release, exp: Math.floor(Date.now() / 1000) + 600 });
      const target: JudgeTarget = { config, originMap, hostUrl, release, token };
      const started = performance.now();
      const browser = await borrowBrowser(config);
      let judged: Judged[];
      try {
        judged = await judgeAll(visits, config.parallel, (v, viewport) => judgePage(browser, target, v, viewport));
      } finally {
        returnBrowser();
      }
      const seconds = ((performance.now() - started) / 1000).toFixed(1).replace('.', ',');
      const skippedNote = skipped.length ? `; пропущено: ${skipped.join(', ')}` : '';
      const failed = failures(judged);
      if (failed.length) return { check: SMOKE_CHECK, ok: false, reason: `${failed.join(' | ')}${skippedNote}` };
      const reason = `открыто в Chromium за ${seconds} с (${VIEWPORTS.map(viewportLabel).join(' и ')}, не больше ${config.parallel} стр. сразу): ${timings(judged)}${skippedNote}`;
      if (seen) passes.set(seen, { at: Date.now(), reason });
      return { check: SMOKE_CHECK, ok: true, reason };
    };
    const result = queue.then(run, run);
    queue = result.catch(() => undefined);
    return result;
  };
}

let unregister: (() => void) | null = null;

/** Registers the smoke (after the static checks, registered when release-checks.ts loads); again: replaces it. */
export function registerSmokeCheck(): void {
  unregister?.();
  unregister = registerReleaseCheck(smokeCheck());
}
