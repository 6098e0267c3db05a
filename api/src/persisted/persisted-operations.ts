/**
 * Trusted documents (persisted operations). In production the API runs only the operations
 * the shop's own front ends ship: each build's codegen writes a manifest of its operations
 * (`persisted-operations.json`, id = sha256 of the exact text), a release registers it here
 * before it is activated, and the browser and the host server send only `{ id, variables }`.
 * An arbitrary document is refused unless GRAPHQL_ARBITRARY_OPERATIONS allows it (the
 * default outside NODE_ENV=production). The run-time side is graphql-yoga's maintained
 * persisted-operations plugin; this module supplies its store and the registration route.
 */
import { createHash } from 'node:crypto';
import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import { gte } from 'drizzle-orm';
import { type DocumentNode, Kind, type OperationDefinitionNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { z } from 'zod';
import { type ErrorCode, defaultMessage, errorMessage, errorStatus } from '@shop/contracts/errors';
import type { Db } from '../db/database.ts';
import { readLimited } from '../util/read-limited.ts';
import { errorResponse, opsDisabled } from '@shop/server-kit';
import { persistedOperations } from './persisted-tables.ts';
import type { DocumentCheck } from './check-document.ts';

export const OPERATION_ID = /^[0-9a-f]{64}$/;

export function operationId(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * Registered operations, id → document text, kept in memory (the table only grows by ops
 * actions, a few hundred rows per year of releases). An id not in memory re-reads the table
 * at most once per `reloadMs` (another API process may have registered it), so a flood of
 * made-up ids costs no more than one small query per interval.
 */
export class PersistedOperationStore {
  private readonly texts = new Map<string, string>();
  private loadedAt = 0;
  private newest: Date | null = null;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly reloadMs = 1000,
  ) {}

  async load(): Promise<void> {
    this.loading ??= (async () => {
      try {
        // only what was registered since the last read (the registered_at index), so a reload
        // stays small however many releases the table remembers; a minute back, because a row's
        // time is its transaction's start and a slower registration may commit after a newer one
        const since = this.newest && new Date(this.newest.getTime() - 60_000);
        const rows = await this.db
          .select({ id: persistedOperations.id, document: persistedOperations.document, at: persistedOperations.registeredAt })
          .from(persistedOperations)
          .where(since ? gte(persistedOperations.registeredAt, since) : undefined);
        for (const row of rows) {
          this.texts.set(row.id, row.document);
          if (!this.newest || row.at > this.newest) this.newest = row.at;
        }
        this.loadedAt = Date.now();
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }

  async get(id: string): Promise<string | null> {
    if (!OPERATION_ID.test(id)) return null;
    const known = this.texts.get(id);
    if (known !== undefined) return known;
    if (Date.now() - this.loadedAt >= this.reloadMs) await this.load();
    return this.texts.get(id) ?? null;
  }

  get size(): number {
    return this.texts.size;
  }

  /**
   * Registers a release's operations: all of them or none. Each must be the sha256 of its
   * text and pass `check` (parses, validates against the schema, within the query limits).
   * Registering the same release again changes nothing.
   */
  async register(manifest: OperationManifest, by: string, check: DocumentCheck): Promise<RegistrationResult> {
    const refused: RefusedOperation[] = [];
    for (const op of manifest.operations) {
      const reason = operationId(op.body) !== op.id ? 'id is not the sha256 of its text' : check(op.body);
      if (reason) refused.push({ id: op.id, name: op.name ?? null, reason });
    }
    if (refused.length > 0) return { ok: false, refused };
    const unique = [...new Map(manifest.operations.map((op) => [op.id, op])).values()];
    let inserted = 0;
    await this.db.transaction(async (tx) => {
      for (const op of unique) {
        const rows = await tx
          .insert(persistedOperations)
          .values({ id: op.id, document: op.body, app: manifest.app, version: manifest.version, registeredBy: by })
          .onConflictDoNothing()
          .returning({ id: persistedOperations.id });
        inserted += rows.length;
      }
    });
    for (const op of unique) this.texts.set(op.id, op.body);
    return { ok: true, operations: unique.length, registered: inserted };
  }
}

export interface RefusedOperation {
  id: string;
  name: string | null;
  reason: string;
}
export type RegistrationResult = { ok: true; operations: number; registered: number } | { ok: false; refused: RefusedOperation[] };

/** Bounds of one registration: a release ships a few dozen operations of a few KB each. */
export const MAX_REGISTRATION_BYTES = 1024 * 1024;
const MAX_OPERATIONS = 1000;
const MAX_OPERATION_CHARS = 50_000;

const manifestSchema = z.object({
  app: z.string().regex(/^[a-z][a-z0-9_-]{0,63}$/, 'app: host, mf-catalog, mf_cart…'),
  // a remote's release version (semver with build metadata, `0.1.0+…`) or any app's own label
  version: z.string().regex(/^[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$/, 'version: letters, digits, dots, dashes and plus signs'),
  by: z.string().trim().min(1).max(100),
  operations: z
    .array(
      z.object({
        id: z.string().regex(OPERATION_ID, 'id: 64 hex digits (sha256)'),
        body: z.string().min(1).max(MAX_OPERATION_CHARS),
        name: z.string().max(200).nullish(),
        type: z.string().max(20).nullish(),
      }),
    )
    .min(1)
    .max(MAX_OPERATIONS),
});
export type OperationManifest = Omit<z.infer<typeof manifestSchema>, 'by'>;


/** Reads at most `max` bytes of a body (any content type or transfer encoding); null when it is longer. */
async function readCapped(request: Request, max: number): Promise<string | null> {
  const bytes = await readLimited(request, max);
  return bytes && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}

/**
 * `POST /api/ops/operations` (ops token): registers a release's operations,
 * `{ app, version, by, operations: [{ id, body, name?, type? }] }` (the manifest's
 * `operations` as codegen wrote them). 200 `{ operations, registered }`; 400
 * `OPERATIONS_REFUSED` with each refused operation and why, and nothing registered.
 */
export async function operationsResponse(
  request: Request,
  store: PersistedOperationStore,
  check: DocumentCheck,
  /** The ops token check (null: no token configured, every registration is refused). */
  authorize: ((request: Request) => Promise<Response | null>) | null,
): Promise<Response> {
  if (!authorize) return opsDisabled();
  const refused = await authorize(request);
  if (refused) return refused;
  if (request.method !== 'POST') return errorResponse('METHOD_NOT_ALLOWED', 'Только POST', { headers: { allow: 'POST' } });
  const text = await readCapped(request, MAX_REGISTRATION_BYTES);
  if (text === null) return errorResponse('PAYLOAD_TOO_LARGE', errorMessage('PAYLOAD_TOO_LARGE', { maxKb: Math.round(MAX_REGISTRATION_BYTES / 1024) }));
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {}
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) return errorResponse('BAD_REQUEST', `Некорректное тело запроса: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`.slice(0, 2000));
  const { by, ...manifest } = parsed.data;
  const result = await store.register(manifest, by, check);
  if (!result.ok) {
    const list = result.refused.map((r) => `${r.name ?? r.id.slice(0, 12)}: ${r.reason}`);
    return errorResponse('OPERATIONS_REFUSED', `Отклонено операций: ${result.refused.length}, ничего не зарегистрировано: ${list.join('; ')}`.slice(0, 4000), {
      extra: { refused: result.refused },
    });
  }
  return Response.json({ operations: result.operations, registered: result.registered }, { headers: { 'cache-control': 'no-store' } });
}

const refusal = (code: ErrorCode, message = defaultMessage(code)) => ({ message, extensions: { code, http: { status: errorStatus(code) } } });

/**
 * The run-time side: a request naming a registered id runs that text; an unknown id answers
 * 400 PERSISTED_QUERY_NOT_FOUND; a request carrying a document answers 400
 * PERSISTED_QUERY_ONLY unless `allowArbitrary`. (Apollo's persisted-query link would retry an
 * unknown id with the full text; in production that retry is refused too.)
 */
export function usePersistedOperationsFrom(store: PersistedOperationStore, allowArbitrary: boolean): Plugin {
  return usePersistedOperations({
    allowArbitraryOperations: allowArbitrary,
    // the text, not a parsed document: yoga's parse cache, the query limits and the response
    // cache then see exactly what an arbitrary request with the same text would give them
    getPersistedOperation: (id) => store.get(id),
    customErrors: {
      notFound: refusal('PERSISTED_QUERY_NOT_FOUND'),
      persistedQueryOnly: refusal('PERSISTED_QUERY_ONLY'),
      keyNotFound: refusal('BAD_REQUEST', 'В запросе нет ни текста операции, ни её id'),
    },
  }) as Plugin;
}

/** The one operation of a registered document (a document of fragments only runs nothing). */
export function singleOperation(document: DocumentNode): OperationDefinitionNode | string {
  const ops = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (ops.length !== 1) return `a registered document holds exactly one operation (it has ${ops.length})`;
  const op = ops[0]!;
  if (op.operation === 'subscription') return 'subscriptions are not served';
  return op;
}
