import { PAGE_TYPES } from '@shop/contracts/pages';
import { RELEASE_VERSION, RELEASE_VERSION_MAX } from '@shop/contracts/release-plane';
import { REMOTE_NAMES } from '@shop/contracts/remotes';
import { createRateLimit, errorResponse, type RateLimitStore } from '@shop/server-kit';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { HEALTH_KINDS, HealthRepo, type ReleaseHealth } from './health-repo.ts';
import { PREVIEW_COOKIE } from './preview-token.ts';
import { RegistryRepo } from './registry-repo.ts';

/** Where browsers report remote module mounts (host/src/federation/health-report.ts). */
export const TELEMETRY_PATH = '/api/telemetry/remotes';
/** Per remote: does its active manifest answer. */
export const REMOTES_HEALTH_PATH = '/api/health/remotes';

/** A batch: at most this many lines, each counting at most MAX_COUNT mounts (a page's few seconds). */
export const MAX_ITEMS = 50;
export const MAX_COUNT = 100;

const report = z
  .object({
    remote: z.enum(REMOTE_NAMES),
    version: z.string().max(RELEASE_VERSION_MAX).regex(RELEASE_VERSION),
    page: z.enum(PAGE_TYPES),
    kind: z.enum(HEALTH_KINDS),
    count: z.number().int().min(1).max(MAX_COUNT),
  })
  .strict();
const batch = z.object({ items: z.array(report).min(1).max(MAX_ITEMS) }).strict();

const bad = (message: string) => errorResponse('BAD_REQUEST', `Некорректный отчёт: ${message}`);
const accepted = () => new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });

/**
 * A browser with a preview cookie (the release smoke's, or a team's preview link) is no shopper:
 * its pages show a release only it gets, so its reports say nothing of how a release does for
 * shoppers. The host passes the cookie on with the beacon (same origin); such a batch is answered
 * as accepted and not counted.
 */
function fromPreview(request: Request): boolean {
  return (request.headers.get('cookie') ?? '').split(';').some((pair) => pair.trim().startsWith(`${PREVIEW_COOKIE}=`));
}

/**
 * The routes of health per release. `POST /api/telemetry/remotes` is public (every shopper's
 * browser posts there, with no personal data: remote, version, page type, kind, count), rate
 * limited per client, validated against the contracts' tables and the published releases;
 * each accepted batch is counted per minute and may stop a failing canary at once. A preview
 * browser's batches are not counted (fromPreview).
 */
export function createHealthRoutes(db: Db, config: Config, store?: RateLimitStore) {
  const limiter = createRateLimit({ name: 'health', limit: config.health.rateLimit, store });
  const repo = new HealthRepo(db, config.health);

  async function ingest(request: Request, client: string): Promise<Response> {
    if (request.method !== 'POST') return errorResponse('METHOD_NOT_ALLOWED', 'Только POST', { headers: { allow: 'POST' } });
    if (fromPreview(request)) return accepted();
    const wait = await limiter.hit(client);
    if (wait > 0) return errorResponse('RATE_LIMITED', `Слишком много отчётов подряд. Попробуйте снова через ${wait} с.`, { headers: { 'retry-after': String(wait) } });
    // sendBeacon posts text/plain or application/json: the body is read as JSON either way
    const parsed = batch.safeParse(await request.json().catch(() => null));
    if (!parsed.success) return bad(parsed.error.issues.map((i) => `${i.path.join('.') || 'тело'}: ${i.message}`).join('; '));
    const items = parsed.data.items;
    const unknown = await repo.unknownReleases(items);
    if (unknown.length) return bad(`нет таких релизов: ${unknown.slice(0, 5).join(', ')}`);
    await repo.record(items.map((i) => ({ remote: i.remote, version: i.version, pageType: i.page, kind: i.kind, count: i.count })));
    await repo.stopFailingCanaries(items.filter((i) => i.kind !== 'view').map((i) => i.remote));
    return accepted();
  }

  return async function healthResponse(request: Request, url: URL, client: string): Promise<Response | null> {
    if (url.pathname === TELEMETRY_PATH) return ingest(request, client);
    if (url.pathname === REMOTES_HEALTH_PATH) {
      if (request.method !== 'GET') return errorResponse('METHOD_NOT_ALLOWED', 'Только GET', { headers: { allow: 'GET' } });
      // the same per-client budget: each call fetches every active manifest
      const wait = await limiter.hit(client);
      if (wait > 0) return errorResponse('RATE_LIMITED', `Слишком много запросов подряд. Попробуйте снова через ${wait} с.`, { headers: { 'retry-after': String(wait) } });
      const remotes = await remotesHealth(db);
      const ok = Object.values(remotes).every((r) => r.ok);
      return Response.json({ ok, remotes }, { status: ok ? 200 : 503, headers: { 'cache-control': 'no-store' } });
    }
    return null;
  };
}

/** Per remote: whether its active manifest answers 200 within 2 s: a shop whose remote is down is not healthy. */
export async function remotesHealth(db: Db): Promise<Record<string, { version: string; ok: boolean; status: number | null; ms: number }>> {
  const state = await new RegistryRepo(db).publicState();
  const entries = await Promise.all(
    Object.entries(state).map(async ([name, remote]) => {
      const started = Date.now();
      const status = await fetch(remote.active.manifestUrl, { signal: AbortSignal.timeout(2000), redirect: 'manual' })
        .then(async (res) => {
          await res.body?.cancel();
          return res.status;
        })
        .catch(() => null);
      return [name, { version: remote.active.version, ok: status === 200, status, ms: Date.now() - started }] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** The registry status with each active and canary release's health over the window (views, errors, rate). */
export async function withReleaseHealth<
  T extends { name: string; active: { version: string } | null; canary: { version: string } | null },
>(db: Db, config: Config, remotes: T[]): Promise<(T & { health: { windowMinutes: number; active: ReleaseHealth | null; canary: ReleaseHealth | null } })[]> {
  const window = await new HealthRepo(db, config.health).window();
  const of = (name: string, release: { version: string } | null) => (release ? (window.get(name)?.get(release.version) ?? releaseHealthZero()) : null);
  return remotes.map((r) => ({ ...r, health: { windowMinutes: config.health.windowMinutes, active: of(r.name, r.active), canary: of(r.name, r.canary) } }));
}

const releaseHealthZero = (): ReleaseHealth => ({ views: 0, loadErrors: 0, renderErrors: 0, errors: 0, rate: 0 });
