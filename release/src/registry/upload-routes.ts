import { isReleaseVersion, releaseManifestUrl } from '@shop/contracts/release-plane';
import { REMOTE_NAMES, REMOTES } from '@shop/contracts/remotes';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { errorResponse } from '@shop/server-kit';
import { RegistryError, RegistryRepo } from './registry-repo.ts';
import { type ReleaseMeta, remoteReleases } from './registry-tables.ts';
import { authorizeRelease, ReleaseAuthError, type TokenGuard } from './release-auth.ts';
import { pruneReleases } from './release-retention.ts';
import { ArchiveError, ReleaseExistsError, serialized } from './release-storage.ts';
import { releaseStore } from './release-store.ts';

/** `PUT /api/ops/registry/uploads/<remote>/<version>`: a release's folder as a tar.gz body. */
export const UPLOADS_PATH = '/api/ops/registry/uploads/';

/** Build metadata, sent as base64url JSON in this header (header values are ASCII; notes are Russian). */
export const META_HEADER = 'x-release-meta';

const metaSchema = z.object({
  commit: z.string().max(100).optional(),
  author: z.string().max(200).optional(),
  builtAt: z.string().max(40).optional(),
  notes: z.string().max(2000).optional(),
});

function readMeta(request: Request): ReleaseMeta | string {
  const raw = request.headers.get(META_HEADER);
  if (!raw) return {};
  try {
    const parsed = metaSchema.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    if (!parsed.success) return `${META_HEADER}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`;
    return parsed.data;
  } catch {
    return `${META_HEADER}: ожидается JSON в base64url`;
  }
}

function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A remote is named as in the remotes table (mf_catalog) or by its folder (mf-catalog). */
function remoteNamed(segment: string): string | undefined {
  return REMOTE_NAMES.find((name) => name === segment || REMOTES[name].dir === segment);
}

/**
 * The publish endpoint a team's CI (or clone) uploads a release to, with its team token or the
 * ops token (release-auth.ts; the actor is the token's, never the client's word). The archive is
 * checked whole, unpacked into release storage atomically, refused if the version exists
 * (releases are immutable), registered with the registry (whose checks may refuse it: its
 * files are removed again), and then old releases of the remote are pruned (release-retention.ts).
 * Activation is a separate call to the registry, through its gate.
 */
export interface UploadOptions {
  guard?: TokenGuard;
  /**
   * The API's trusted documents: a release's `persisted-operations.json` is registered here,
   * before the release is recorded (all or none; a refusal refuses the release), so a team
   * token needs no other call for its release's operations to run.
   */
  operations?: OperationRegistry;
}

/** The API's trusted-documents store as this module needs it (http/app.ts adapts persisted/: registry/ may not import it). */
export interface OperationRegistry {
  register(
    manifest: { app: string; version: string; operations: { id: string; body: string; name?: string | null; type?: string | null }[] },
    by: string,
  ): Promise<{ ok: true } | { ok: false; refused: { id: string; name: string | null; reason: string }[] }>;
}

export async function uploadResponse(request: Request, url: URL, db: Db, config: Config, options: UploadOptions = {}): Promise<Response> {
  const { guard } = options;
  const [segment = '', versionSegment = '', ...rest] = url.pathname.slice(UPLOADS_PATH.length).split('/');
  // `+` arrives as is or as %2B
  const version = decodedSegment(versionSegment);
  const remote = remoteNamed(segment);
  if (!remote || rest.length > 0) return errorResponse('NOT_FOUND', `Нет такого приложения: ${segment.slice(0, 50)} (${REMOTE_NAMES.join(', ')})`);
  if (request.method !== 'PUT') return errorResponse('METHOD_NOT_ALLOWED', 'Только PUT', { headers: { allow: 'PUT' } });
  let actor: string;
  try {
    ({ actor } = await authorizeRelease(request, remote, { db, config, ...(guard ? { guard } : {}) }));
  } catch (caught) {
    if (caught instanceof ReleaseAuthError) return caught.response;
    throw caught;
  }
  if (!isReleaseVersion(version)) {
    return errorResponse('BAD_REQUEST', 'Версия — semver со сборкой в метаданных, например 0.1.0+20261130012233-3fa9c1, не длиннее 64 символов');
  }
  const storage = config.releases;
  const store = releaseStore(storage);
  if (!store) return errorResponse('SERVICE_UNAVAILABLE', 'Хранилище релизов не настроено на этом сервере (RELEASES_DIR или RELEASES_S3_BUCKET)');
  const meta = readMeta(request);
  if (typeof meta === 'string') return errorResponse('BAD_REQUEST', meta);
  const archive = new Uint8Array(await request.arrayBuffer());
  if (archive.byteLength > storage.maxUploadBytes) {
    return errorResponse('PAYLOAD_TOO_LARGE', `Архив релиза больше ${Math.round(storage.maxUploadBytes / 1024 / 1024)} МБ`);
  }
  const manifestUrl = releaseManifestUrl(storage.publicUrls[remote] ?? '', version);
  return serialized(remote, async () => {
    const [existing] = await db
      .select({ version: remoteReleases.version })
      .from(remoteReleases)
      .where(and(eq(remoteReleases.remote, remote), eq(remoteReleases.version, version)));
    if (existing) return errorResponse('RELEASE_REFUSED', new ReleaseExistsError(remote, version).message);
    try {
      await store.put(remote, version, archive);
    } catch (caught) {
      if (caught instanceof ReleaseExistsError) return errorResponse('RELEASE_REFUSED', caught.message);
      if (caught instanceof ArchiveError) return errorResponse('BAD_REQUEST', `Архив релиза отклонён: ${caught.message}`);
      throw caught;
    }
    if (options.operations) {
      const text = await store.read(remote, version, 'persisted-operations.json');
      const refusal = text && (await registerOperations(options.operations, text.toString('utf8'), REMOTES[remote as keyof typeof REMOTES].dir, version, actor));
      if (refusal) {
        await store.remove(remote, version);
        return refusal;
      }
    }
    const repo = new RegistryRepo(db, config);
    let release: unknown;
    try {
      release = await repo.publish(remote, version, manifestUrl, actor, { ...meta, version });
    } catch (caught) {
      // not recorded (or refused by the registry's checks): its files are not left servable
      await store.remove(remote, version);
      await db
        .update(remoteReleases)
        .set({ pruned: true })
        .where(and(eq(remoteReleases.remote, remote), eq(remoteReleases.version, version)))
        .catch(() => {});
      const response = (caught as { response?: unknown }).response;
      if (response instanceof Response) return response;
      if (caught instanceof RegistryError) return errorResponse(caught.code, caught.message);
      throw caught;
    }
    const pruned = await pruneReleases(db, store, remote, storage.keep);
    return Response.json({ release, manifestUrl, actor, pruned });
  });
}

/** Registers the release's trusted documents (its build's persisted-operations.json, when it has one). */
export async function registerOperations(ops: OperationRegistry, text: string, app: string, version: string, actor: string): Promise<Response | null> {
  let operations: unknown;
  try {
    operations = (JSON.parse(text) as { operations?: unknown }).operations;
  } catch {
    return errorResponse('BAD_REQUEST', 'persisted-operations.json релиза не читается как JSON');
  }
  if (!Array.isArray(operations) || operations.length === 0) return null;
  const valid = operations.every(
    (op) => op && typeof (op as { id?: unknown }).id === 'string' && typeof (op as { body?: unknown }).body === 'string' && (op as { body: string }).body.length <= 50_000,
  );
  if (!valid || operations.length > 1000) return errorResponse('BAD_REQUEST', 'persisted-operations.json релиза: операции без id или текста, или их слишком много');
  const result = await ops.register({ app, version, operations }, actor);
  if (result.ok) return null;
  const list = result.refused.map((r) => `${r.name ?? r.id.slice(0, 12)}: ${r.reason}`);
  return errorResponse('OPERATIONS_REFUSED', `Релиз отклонён: его операции не зарегистрированы (${result.refused.length}): ${list.join('; ')}`.slice(0, 4000), {
    extra: { refused: result.refused },
  });
}
