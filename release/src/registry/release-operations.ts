import { internalUrl } from '@shop/contracts/origin-map';
import { RELEASE_VERSION, RELEASE_VERSION_MAX } from '@shop/contracts/release-plane';
import { REMOTE_NAMES, REMOTES } from '@shop/contracts/remotes';
import { errorResponse } from '@shop/server-kit';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { remoteReleases } from './registry-tables.ts';
import { authorizeRelease, ReleaseAuthError, type TokenGuard } from './release-auth.ts';
import { releaseStore } from './release-store.ts';
import { type OperationRegistry, registerOperations } from './upload-routes.ts';

/** `POST` `{ remote, version }`: registers a published release's trusted documents with the API again. */
export const RELEASE_OPERATIONS_PATH = '/api/ops/registry/operations';

const FILE = 'persisted-operations.json';
const MAX_BYTES = 10 * 1024 * 1024;
const TIMEOUT_MS = 5000;

const body = z.object({
  remote: z.enum(REMOTE_NAMES, { error: `remote: ${REMOTE_NAMES.join(', ')}` }),
  version: z
    .string()
    .max(RELEASE_VERSION_MAX)
    .regex(RELEASE_VERSION, 'version: semver with the build as metadata, 0.1.0+20261130012233-3fa9c1'),
});

/**
 * Before a release is activated or tried as a canary its trusted documents are registered with
 * the API again (a no-op when they are there), so an operation the API does not know never
 * reaches shoppers. The API's own route takes only the ops token; here the release's team token
 * (or ops) asks, and the release service registers with its ops token — only the operations of
 * that remote's published release, read from release storage (or beside the release's recorded
 * manifest, for a release published by its URL), never operations the client sends.
 * A release without them, or whose file names another app, is refused (409), as is any
 * operation the API refuses (all or none).
 */
export async function releaseOperationsResponse(
  request: Request,
  db: Db,
  config: Config,
  options: { guard?: TokenGuard; operations: OperationRegistry },
): Promise<Response> {
  if (request.method !== 'POST') return errorResponse('METHOD_NOT_ALLOWED', 'Только POST', { headers: { allow: 'POST' } });
  const raw: unknown = await request.json().catch(() => null);
  const target = typeof raw === 'object' && raw && 'remote' in raw && typeof raw.remote === 'string' ? raw.remote : null;
  let actor: string;
  try {
    ({ actor } = await authorizeRelease(request, target, { db, config, ...(options.guard ? { guard: options.guard } : {}) }));
  } catch (caught) {
    if (caught instanceof ReleaseAuthError) return caught.response;
    throw caught;
  }
  const parsed = body.safeParse(raw);
  if (!parsed.success) return errorResponse('BAD_REQUEST', `Некорректное тело запроса: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const { remote, version } = parsed.data;
  const [release] = await db
    .select()
    .from(remoteReleases)
    .where(and(eq(remoteReleases.remote, remote), eq(remoteReleases.version, version)));
  if (!release) return errorResponse('NOT_FOUND', `У ${remote} нет опубликованного релиза ${version}`);
  const refuse = (reason: string) => errorResponse('RELEASE_REFUSED', `${remote} ${version}: ${reason}`, { extra: { reasons: [reason] } });
  if (release.pruned) return refuse('релиз удалён хранением (pruned): его файлов больше нет');
  const text = await readOperations(config, remote, version, release.manifestUrl);
  if (typeof text !== 'string') return refuse(text.problem);
  const app = REMOTES[remote].dir;
  let named: unknown;
  try {
    named = (JSON.parse(text) as { app?: unknown }).app;
  } catch {
    // registerOperations says so
  }
  if (named !== undefined && named !== app) return refuse(`${FILE} релиза — для «${String(named)}», а не ${app}`);
  const refusal = await registerOperations(options.operations, text, app, version, actor);
  if (refusal) return refusal;
  const count = (JSON.parse(text) as { operations?: unknown[] }).operations?.length ?? 0;
  return Response.json({ remote, version, operations: count });
}

/** The release's persisted-operations.json: from release storage, else beside its manifest (through RELEASE_CHECK_ORIGIN_MAP). */
async function readOperations(config: Config, remote: string, version: string, manifestUrl: string): Promise<string | { problem: string }> {
  const store = releaseStore(config.releases);
  const stored = await store?.read(remote, version, FILE);
  if (stored) return stored.toString('utf8');
  const missing = `у релиза нет ${FILE}: соберите его заново (codegen пишет этот файл, сборка копирует)`;
  // an uploaded release is whole in storage: without the file there it has none
  if (await store?.read(remote, version, 'mf-manifest.json')) return { problem: missing };
  const url = new URL(FILE, manifestUrl).href;
  let response: Response;
  try {
    response = await fetch(internalUrl(config.release.originMap, url), { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
  } catch (error) {
    return { problem: `${FILE} релиза (${url}) не загрузился: ${(error as Error).message}` };
  }
  if (!response.ok) return { problem: `${missing} (${url}: HTTP ${response.status})` };
  const text = await response.text();
  if (Buffer.byteLength(text) > MAX_BYTES) return { problem: `${FILE} релиза больше ${MAX_BYTES / 1024 / 1024} МБ` };
  return text;
}
