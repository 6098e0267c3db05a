import { createHash } from 'node:crypto';
import type { OperationRegistry } from '../registry/upload-routes.ts';

/**
 * What the release plane asks of the catalogue API, over HTTP (API_URL): registering a release's
 * trusted documents (POST /api/ops/operations with the ops token; a refusal refuses the upload)
 * and, for the smoke, what the catalogue holds now (GraphQL: a product in stock and the counts
 * of the pages around it).
 */
export interface CatalogueApi extends OperationRegistry {
  sample(): Promise<CatalogueSample>;
}

/** A product in stock, as the smoke puts it into a browser's cart and looks for it on pages. */
export interface SampleProduct {
  id: string;
  productId: string;
  modelId: string;
  name: string;
  sku: string;
  webPath: string;
  photo: string | null;
  brand: { name: string; webPath: string };
  mainCategory: { name: string; webPath: string };
  /** Its first size in stock. */
  offer: { id: string; sku: string; size: string; priceInRUB: number };
}

/**
 * What the catalogue holds now, the smoke's expectations: a product in stock (the newest), the
 * number of products on its category's and its brand's page, a word of its name with what a
 * search for it finds, and whether its page's «Вам может понравиться» has products to show.
 */
export interface CatalogueSample {
  /** Products in the catalogue (0: a new shop, whose pages show none). */
  total: number;
  product: SampleProduct | null;
  categoryCount: number;
  brandCount: number;
  /** `named`: the search's first page (sorted as the search page sorts) has a product whose name holds the word. */
  search: { word: string; count: number; named: boolean } | null;
  recommended: number;
}

export interface ApiClientOptions {
  apiUrl: string;
  opsToken: string | undefined;
  /** In-process tests pass the API's own handler. */
  fetch?: typeof fetch;
}

const SAMPLE_QUERY = `query ReleaseSmokeSample {
  products(limit: 6) {
    totalCount
    items {
      id productId modelId name sku webPath inStock
      photo { fullpath }
      brand { id name webPath }
      mainCategory { id name webPath }
      variants { id }
      offers { id sku size priceInRUB soldOut }
    }
  }
}`;
// the listing and search pages' own first request (24 a page, the search by relevance), and the
// product page's «Вам может понравиться» (same category, ±30 % of the price, the model's colours left out)
const SCOPES_QUERY = `query ReleaseSmokeScopes($categoryId: ID!, $brandId: ID!, $search: String!, $excludeIds: [ID!], $priceFrom: Int, $priceTo: Int) {
  category: products(scope: { categoryId: $categoryId }, limit: 1) { totalCount }
  brand: products(scope: { brandId: $brandId }, limit: 1) { totalCount }
  search: products(scope: { search: $search }, sort: CONDITION, limit: 24) { totalCount items { name brand { name } } }
  recommended: recommendedProducts(excludeIds: $excludeIds, categoryIds: [$categoryId], priceFrom: $priceFrom, priceTo: $priceTo, limit: 20) { id }
}`;
const SMOKE_OPERATIONS = [
  { name: 'ReleaseSmokeSample', body: SAMPLE_QUERY },
  { name: 'ReleaseSmokeScopes', body: SCOPES_QUERY },
].map((op) => ({ ...op, id: createHash('sha256').update(op.body, 'utf8').digest('hex'), type: 'query' as const }));
/** The product page's band of similar prices (mf-product's recommended products). */
const PRICE_BAND = 0.3;
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
  async function query<T>(index: number, variables: Record<string, unknown> = {}): Promise<T> {
    // in production the API runs registered documents only: these are registered once per process
    if (!registered && options.opsToken) {
      const result = await register({ app: 'release', version: '2', operations: SMOKE_OPERATIONS }, 'release');
      registered = result.ok;
    }
    const op = SMOKE_OPERATIONS[index] as (typeof SMOKE_OPERATIONS)[number];
    const body = registered
      ? { variables, extensions: { persistedQuery: { version: 1, sha256Hash: op.id } } }
      : { query: op.body, variables };
    const res = await post('/api/graphql', body);
    const json = (await res.json().catch(() => null)) as (ErrorBody & { data?: T }) | null;
    if (!json?.data) throw new Error(`API каталога ответил ${res.status}: ${json?.errors?.[0]?.message ?? 'без данных'}`);
    return json.data;
  }

  async function sample(): Promise<CatalogueSample> {
    const { products } = await query<SampleData>(0);
    const found = products.items.find((p) => p.inStock && p.offers.some((o) => !o.soldOut));
    if (!found) return { total: products.totalCount, product: null, categoryCount: 0, brandCount: 0, search: null, recommended: 0 };
    const offer = found.offers.find((o) => !o.soldOut) as SampleData['products']['items'][number]['offers'][number];
    const word = searchWord(found.name, found.brand.name);
    const price = Math.min(...found.offers.map((o) => o.priceInRUB));
    const scopes = await query<ScopesData>(1, {
      categoryId: found.mainCategory.id,
      brandId: found.brand.id,
      search: word,
      excludeIds: found.variants.map((v) => v.id),
      priceFrom: Math.floor(price * (1 - PRICE_BAND)),
      priceTo: Math.ceil(price * (1 + PRICE_BAND)),
    });
    const holds = (text: string) => text.toLocaleLowerCase('ru').includes(word.toLocaleLowerCase('ru'));
    return {
      total: products.totalCount,
      product: {
        id: found.id,
        productId: found.productId,
        modelId: found.modelId ?? found.id,
        name: found.name,
        sku: found.sku,
        webPath: found.webPath,
        photo: found.photo?.fullpath ?? null,
        brand: { name: found.brand.name, webPath: found.brand.webPath },
        mainCategory: { name: found.mainCategory.name, webPath: found.mainCategory.webPath },
        offer: { id: offer.id, sku: offer.sku, size: offer.size, priceInRUB: offer.priceInRUB },
      },
      categoryCount: scopes.category.totalCount,
      brandCount: scopes.brand.totalCount,
      search: {
        word,
        count: scopes.search.totalCount,
        named: scopes.search.items.some((p) => holds(`${p.brand.name} ${p.name}`)),
      },
      recommended: scopes.recommended.length,
    };
  }

  return { register, sample };
}

interface SampleData {
  products: {
    totalCount: number;
    items: {
      id: string;
      productId: string;
      modelId: string | null;
      name: string;
      sku: string;
      webPath: string;
      inStock: boolean;
      photo: { fullpath: string } | null;
      brand: { id: string; name: string; webPath: string };
      mainCategory: { id: string; name: string; webPath: string };
      variants: { id: string }[];
      offers: { id: string; sku: string; size: string; priceInRUB: number; soldOut: boolean }[];
    }[];
  };
}

interface ScopesData {
  category: { totalCount: number };
  brand: { totalCount: number };
  search: { totalCount: number; items: { name: string; brand: { name: string } }[] };
  recommended: { id: string }[];
}

/**
 * The word of a product's name a shopper would search for: its longest word of three letters or
 * more that is neither the leading kind («Кроссовки») nor the brand («Nike»); else the brand.
 */
export function searchWord(name: string, brand: string): string {
  const brandWords = new Set(brand.toLocaleLowerCase('ru').split(/\s+/));
  const words = name
    .split(/\s+/)
    .slice(1)
    .filter((w) => /\p{L}{3}/u.test(w) && !brandWords.has(w.toLocaleLowerCase('ru')));
  return words.reduce<string | null>((best, w) => (best && best.length >= w.length ? best : w), null) ?? brand;
}

function refusedBy(reason: string) {
  return { ok: false as const, refused: [{ id: 'api', name: 'API каталога', reason }] };
}
