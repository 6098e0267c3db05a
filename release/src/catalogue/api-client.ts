import { createHash } from 'node:crypto';
import type { PageType } from '@shop/contracts/pages';
import type { OperationRegistry } from '../registry/upload-routes.ts';

/**
 * What the release plane asks of the catalogue API, over HTTP (API_URL): registering a release's
 * trusted documents (POST /api/ops/operations with the ops token; a refusal refuses the upload)
 * and the catalogue's real pages for the smoke (GraphQL: the sitemap and one brand's name).
 */
export interface CatalogueApi extends OperationRegistry {
  pages(): Promise<CataloguePages>;
}

export interface CataloguePages {
  paths: Partial<Record<PageType, string>>;
  brandName: string | null;
}

export interface ApiClientOptions {
  apiUrl: string;
  opsToken: string | undefined;
  /** In-process tests pass the API's own handler. */
  fetch?: typeof fetch;
}

const PAGES_QUERY = 'query ReleaseSmokePages { sitemap { path type } brands(limit: 1) { items { name } } }';
const PAGES_ID = createHash('sha256').update(PAGES_QUERY, 'utf8').digest('hex');
const TIMEOUT_MS = 15_000;

type Refused = { id: string; name: string | null; reason: string };
interface ErrorBody {
  errors?: { message?: string; extensions?: { code?: string; refused?: Refused[] } }[];
}

export function createApiClient(options: ApiClientOptions): CatalogueApi {
  const call = options.fetch ?? fetch;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    call(`${options.apiUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });

  const register: OperationRegistry['register'] = async (manifest, by) => {
    if (!options.opsToken) return refusedBy('у сервиса релизов не задан OPS_TOKEN');
    let res: Response;
    try {
      res = await post('/api/ops/operations', { ...manifest, by }, { authorization: `Bearer ${options.opsToken}` });
    } catch (caught) {
      return refusedBy(`API каталога не ответил: ${(caught as Error).message}`);
    }
    if (res.ok) return { ok: true };
    const error = ((await res.json().catch(() => ({}))) as ErrorBody).errors?.[0];
    if (error?.extensions?.refused?.length) return { ok: false, refused: error.extensions.refused };
    return refusedBy(`API каталога ответил ${res.status}: ${error?.message ?? 'без объяснения'}`);
  };

  let registered = false;
  async function pages(): Promise<CataloguePages> {
    // in production the API runs registered documents only: this one is registered once per process
    if (!registered && options.opsToken) {
      const result = await register({ app: 'release', version: '1', operations: [{ id: PAGES_ID, body: PAGES_QUERY, name: 'ReleaseSmokePages', type: 'query' }] }, 'release');
      registered = result.ok;
    }
    const body = registered ? { extensions: { persistedQuery: { version: 1, sha256Hash: PAGES_ID } } } : { query: PAGES_QUERY };
    const res = await post('/api/graphql', body);
    const json = (await res.json().catch(() => null)) as (ErrorBody & { data?: PagesData }) | null;
    if (!json?.data) throw new Error(`API каталога ответил ${res.status}: ${json?.errors?.[0]?.message ?? 'без данных'}`);
    return pagesOf(json.data);
  }

  return { register, pages };
}

interface PagesData {
  sitemap: { path: string; type: string }[];
  brands: { items: { name: string }[] };
}

/** The first catalogue page of each kind the smoke opens. */
function pagesOf(data: PagesData): CataloguePages {
  const paths: Partial<Record<PageType, string>> = {};
  for (const type of ['CATEGORY', 'BRAND', 'PRODUCT'] as const) {
    const entry = data.sitemap.find((e) => e.type === type);
    if (entry) paths[type] = entry.path;
  }
  return { paths, brandName: data.brands.items[0]?.name ?? null };
}

function refusedBy(reason: string) {
  return { ok: false as const, refused: [{ id: 'api', name: 'API каталога', reason }] };
}
