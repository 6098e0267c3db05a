import type { PageType } from '@shop/contracts/pages';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, rows } from '../db/database.ts';
import { menuItems, products, webPaths } from '../db/schema.ts';
import { loadDictionary } from '../search/dictionary.ts';
import { planSearch, type SearchPlan } from '../search/search-query.ts';
import { BatchLoader } from './batch-loader.ts';
import { type CatalogMeta, type PropertyRow, readProperties } from './catalog-meta.ts';
import {
  type ListingFilter,
  type ListingScope,
  listingConditions,
  type Omit,
  orderClause,
  type ProductSort,
  type ProductType,
  whereClause,
} from './listing-filter.ts';
import { type BrandRow, type CategoryRow, image, type MenuRow, type ModelRow, type OfferRow, type PhotoRow, type ProductRow, type VariantRow } from './rows.ts';

const intArray = (ids: number[]) => sql`${sql.param(ids)}::int[]`;

const CATEGORY_FIELDS = ['id', 'parent_id', 'name', 'web_path', 'text', 'description', 'image_url', 'image_width', 'image_height'];
const BRAND_FIELDS = ['id', 'name', 'aliases', 'web_path', 'text', 'heading', 'description', 'logo_url', 'logo_width', 'logo_height', 'on_main_page'];
const CATEGORY_COLUMNS = sql.raw(CATEGORY_FIELDS.join(', '));
const BRAND_COLUMNS = sql.raw(BRAND_FIELDS.join(', '));
/** A joined table's columns named `<alias>_<column>`, read back by the row mappers with that prefix. */
const prefixed = (alias: string, fields: string[]) => fields.map((f) => `${alias}.${f} AS ${alias}_${f}`).join(', ');
const BRAND_AND_CATEGORY_AS_B_C = sql.raw(`${prefixed('b', BRAND_FIELDS)}, ${prefixed('c', CATEGORY_FIELDS)}`);

type Raw = Record<string, unknown>;

const toCategory = (r: Raw, p = ''): CategoryRow => ({
  id: r[`${p}id`] as number,
  parentId: (r[`${p}parent_id`] as number | null) ?? null,
  name: r[`${p}name`] as string,
  webPath: r[`${p}web_path`] as string,
  text: r[`${p}text`] as string,
  description: r[`${p}description`] as string,
  image: image(r[`${p}image_url`] as string | null, r[`${p}image_width`] as number | null, r[`${p}image_height`] as number | null),
});

const toBrand = (r: Raw, p = ''): BrandRow => ({
  id: r[`${p}id`] as number,
  name: r[`${p}name`] as string,
  aliases: (r[`${p}aliases`] as string[]) ?? [],
  webPath: r[`${p}web_path`] as string,
  text: r[`${p}text`] as string,
  heading: r[`${p}heading`] as string,
  description: r[`${p}description`] as string,
  logo: image(r[`${p}logo_url`] as string | null, r[`${p}logo_width`] as number | null, r[`${p}logo_height`] as number | null),
  onMainPage: r[`${p}on_main_page`] as boolean,
});

const toVariant = (r: Raw, modelId: number): VariantRow => ({
  id: r.id as number,
  modelId,
  name: r.name as string,
  colorName: r.color_name as string,
  colorClass: r.color_class as string,
  webPath: r.web_path as string,
  thumbnail: image(r.photo_url as string | null, r.photo_width as number | null, r.photo_height as number | null),
  inStock: r.in_stock as boolean,
});

const PRODUCT_SELECT = sql`p.id AS product_id, p.model_id, p.name, p.sku AS product_sku, p.sizes, p.web_path, p.min_price,
  p.in_stock, p.color_name, p.color_class, p.brand_id, p.category_id, p.created_at, p.modified_at,
  ph.url AS photo_url, ph.width AS photo_width, ph.height AS photo_height`;
const FIRST_PHOTO = sql`LEFT JOIN LATERAL (SELECT url, width, height FROM photos WHERE product_id = p.id ORDER BY sort LIMIT 1) ph ON true`;

/** What a listing of each type reads, the column naming an element, and the offer's own columns. */
const LISTING_SOURCE: Record<ProductType, { from: SQL; idCol: SQL; extraCols: SQL }> = {
  MODEL: { from: sql`products p`, idCol: sql`p.id`, extraCols: sql`` },
  OFFER: {
    from: sql`offers o JOIN products p ON p.id = o.product_id`,
    idCol: sql`o.id`,
    extraCols: sql`, o.id AS offer_id, o.sku AS offer_sku, o.size AS offer_size, o.price AS offer_price, o.stock AS offer_stock`,
  },
};

const toProduct = (r: Raw, type: ProductType): ProductRow => {
  const isOffer = type === 'OFFER';
  return {
    type,
    id: (isOffer ? r.offer_id : r.product_id) as number,
    productId: r.product_id as number,
    modelId: (isOffer ? r.product_id : r.model_id) as number,
    modelGroupId: r.model_id as number,
    name: r.name as string,
    sku: (isOffer ? r.offer_sku : r.product_sku) as string,
    sizes: isOffer ? [r.offer_size as string] : ((r.sizes as string[]) ?? []),
    webPath: r.web_path as string,
    priceInRUB: (isOffer ? r.offer_price : r.min_price) as number,
    minPriceInRUB: r.min_price as number,
    inStock: isOffer ? (r.offer_stock as number) > 0 : (r.in_stock as boolean),
    colorName: r.color_name as string,
    colorClass: r.color_class as string,
    brandId: r.brand_id as number,
    categoryId: r.category_id as number,
    createdAt: new Date(r.created_at as string),
    modifiedAt: new Date(r.modified_at as string),
    photo: image(r.photo_url as string | null, r.photo_width as number | null, r.photo_height as number | null),
  };
};

export interface Listing {
  totalCount: number;
  items: ProductRow[];
}

export interface Facet<K> {
  key: K;
  count: number;
}

export interface FilterData {
  totalCount: number;
  priceFrom: number | null;
  priceTo: number | null;
  brands: Facet<number>[];
  categories: Facet<number>[];
  properties: (PropertyRow & { values: Facet<string>[] })[];
}

const CLOTHING_ORDER = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL'];
function compareValues(a: string, b: string): number {
  const na = Number(a);
  const nb = Number(b);
  if (!Number.isNaN(na) && !Number.isNaN(nb)) return na - nb;
  const ca = CLOTHING_ORDER.indexOf(a);
  const cb = CLOTHING_ORDER.indexOf(b);
  if (ca >= 0 && cb >= 0) return ca - cb;
  return a.localeCompare(b, 'ru');
}

/** Every catalogue read. One instance per request: its loaders batch and memoise for that request only. */
export class CatalogRepo {
  /** `meta`: definitions shared across requests (see CatalogMeta); without it, read each time. */
  constructor(readonly db: Db, private readonly meta?: CatalogMeta) {}

  private searchPlans = new Map<string, Promise<SearchPlan>>();

  search(term: string): Promise<SearchPlan> {
    let plan = this.searchPlans.get(term);
    if (!plan) {
      plan = planSearch(this.db, term, () => (this.meta ? this.meta.shared('search-dictionary', () => loadDictionary(this.db)) : loadDictionary(this.db)));
      this.searchPlans.set(term, plan);
    }
    return plan;
  }

  readonly categoryLoader = new BatchLoader<number, CategoryRow | null>(async (ids) => {
    const found = await rows<Raw>(this.db, sql`SELECT ${CATEGORY_COLUMNS} FROM categories WHERE id = ANY(${intArray(ids)})`);
    return new Map(found.map((r) => [r.id as number, toCategory(r)]));
  }, null);

  readonly brandLoader = new BatchLoader<number, BrandRow | null>(async (ids) => {
    const found = await rows<Raw>(this.db, sql`SELECT ${BRAND_COLUMNS} FROM brands WHERE id = ANY(${intArray(ids)})`);
    return new Map(found.map((r) => [r.id as number, toBrand(r)]));
  }, null);

  readonly modelLoader = new BatchLoader<number, ModelRow | null>(async (ids) => {
    const found = await rows<Raw>(
      this.db,
      sql`SELECT id, name, brand_id, category_id, text, description, attributes FROM models WHERE id = ANY(${intArray(ids)})`,
    );
    return new Map(
      found.map((r) => [
        r.id as number,
        {
          id: r.id as number,
          name: r.name as string,
          brandId: r.brand_id as number,
          categoryId: r.category_id as number,
          text: r.text as string,
          description: r.description as string,
          attributes: (typeof r.attributes === 'string' ? JSON.parse(r.attributes) : r.attributes) as ModelRow['attributes'],
        },
      ]),
    );
  }, null);

  readonly variantLoader = new BatchLoader<number, VariantRow[]>(async (modelIds) => {
    const found = await rows<Raw>(
      this.db,
      sql`SELECT p.id, p.model_id, p.name, p.color_name, p.color_class, p.web_path, p.in_stock, ph.url AS photo_url, ph.width AS photo_width, ph.height AS photo_height
          FROM products p ${FIRST_PHOTO} WHERE p.model_id = ANY(${intArray(modelIds)}) ORDER BY p.id`,
    );
    const map = new Map<number, VariantRow[]>();
    for (const r of found) {
      const list = map.get(r.model_id as number) ?? [];
      list.push(toVariant(r, r.model_id as number));
      map.set(r.model_id as number, list);
    }
    return map;
  }, []);

  readonly photoLoader = new BatchLoader<number, PhotoRow[]>(async (productIds) => {
    const found = await rows<PhotoRow>(
      this.db,
      sql`SELECT id, product_id AS "productId", url, width, height FROM photos WHERE product_id = ANY(${intArray(productIds)}) ORDER BY product_id, sort`,
    );
    return groupBy(found, (r) => r.productId);
  }, []);

  readonly offerLoader = new BatchLoader<number, OfferRow[]>(async (productIds) => {
    const found = await this.offersOf(sql`product_id = ANY(${intArray(productIds)})`);
    return groupBy(found, (r) => r.productId);
  }, []);

  readonly productLoader = new BatchLoader<number, ProductRow | null>(async (ids) => {
    const found = await rows<Raw>(this.db, sql`SELECT ${PRODUCT_SELECT} FROM products p ${FIRST_PHOTO} WHERE p.id = ANY(${intArray(ids)})`);
    return new Map(found.map((r) => [r.product_id as number, toProduct(r, 'MODEL')]));
  }, null);

  private offersOf(where: SQL): Promise<OfferRow[]> {
    return rows<OfferRow>(
      this.db,
      sql`SELECT id, product_id AS "productId", size, sku, price, stock FROM offers WHERE ${where} ORDER BY price ASC, sort ASC, id ASC`,
    );
  }

  async categories(filter: { isHaveParent?: boolean; parentId?: number }): Promise<CategoryRow[]> {
    const where: SQL[] = [];
    if (filter.isHaveParent === true) where.push(sql`parent_id IS NOT NULL`);
    if (filter.isHaveParent === false) where.push(sql`parent_id IS NULL`);
    if (filter.parentId !== undefined) where.push(sql`parent_id = ${filter.parentId}`);
    const found = await rows<Raw>(this.db, sql`SELECT ${CATEGORY_COLUMNS} FROM categories ${whereClause(where)} ORDER BY name ASC, id ASC`);
    return found.map((r) => toCategory(r));
  }

  async childCategories(parentId: number): Promise<CategoryRow[]> {
    return this.categories({ parentId });
  }

  async brands(filter: { onMainPage?: boolean; offset: number; limit: number }): Promise<{ totalCount: number; items: BrandRow[] }> {
    const where = filter.onMainPage === undefined ? sql`` : sql`WHERE on_main_page = ${filter.onMainPage}`;
    const found = await rows<Raw>(
      this.db,
      sql`SELECT ${BRAND_COLUMNS}, count(*) OVER ()::int AS total FROM brands ${where} ORDER BY name ASC, id ASC LIMIT ${filter.limit} OFFSET ${filter.offset}`,
    );
    let totalCount = (found[0]?.total as number | undefined) ?? 0;
    if (!found.length && filter.offset > 0) {
      const [c] = await rows<{ n: number }>(this.db, sql`SELECT count(*)::int AS n FROM brands ${where}`);
      totalCount = c?.n ?? 0;
    }
    return { totalCount, items: found.map((r) => toBrand(r)) };
  }

  async listProducts(args: {
    type: ProductType;
    scope: ListingScope;
    filter: ListingFilter;
    sort: ProductSort;
    offset: number;
    limit: number;
  }): Promise<Listing> {
    const { type, scope, filter, sort, offset, limit } = args;
    const where = whereClause(listingConditions(type, scope, filter));
    const { from, idCol } = LISTING_SOURCE[type];
    // One statement, one round trip: the page of ids with the total (window count), then each
    // element with everything a product card shows. `pos` keeps the page's order.
    const page = sql`SELECT id, total, row_number() OVER () AS pos FROM (
        SELECT ${idCol} AS id, count(*) OVER ()::int AS total FROM ${from} ${where} ${orderClause(type, sort, scope.search)} LIMIT ${limit} OFFSET ${offset}
      ) s`;
    const found = await this.hydrate(type, page);
    let totalCount = (found[0]?.total as number | undefined) ?? 0;
    if (!found.length && offset > 0) {
      const [c] = await rows<{ n: number }>(this.db, sql`SELECT count(*)::int AS n FROM ${from} ${where}`);
      totalCount = c?.n ?? 0;
    }
    found.sort((a, b) => Number(a.pos) - Number(b.pos));
    return { totalCount, items: found.map((r) => this.toHydrated(r, type)) };
  }

  /**
   * Listing elements with everything a product card shows (brand, category, sibling variants
   * as JSON), for the ids `page` selects (columns id, total, pos).
   */
  private hydrate(type: ProductType, page: SQL): Promise<Raw[]> {
    const { from, idCol, extraCols } = LISTING_SOURCE[type];
    return rows<Raw>(
      this.db,
      sql`WITH page AS MATERIALIZED (${page})
          SELECT page.total, page.pos, ${PRODUCT_SELECT}${extraCols}, ${BRAND_AND_CATEGORY_AS_B_C},
            (SELECT coalesce(json_agg(json_build_object('id', v.id, 'name', v.name, 'color_name', v.color_name, 'color_class', v.color_class,
                      'web_path', v.web_path, 'in_stock', v.in_stock, 'photo_url', vp.url, 'photo_width', vp.width, 'photo_height', vp.height) ORDER BY v.id), '[]'::json)
               FROM products v
               LEFT JOIN LATERAL (SELECT url, width, height FROM photos WHERE product_id = v.id ORDER BY sort LIMIT 1) vp ON true
              WHERE v.model_id = p.model_id) AS variants_json
          FROM page
          JOIN ${from} ON ${idCol} = page.id
          JOIN brands b ON b.id = p.brand_id
          JOIN categories c ON c.id = p.category_id
          ${FIRST_PHOTO}`,
    );
  }

  /** A hydrated row as a ProductRow carrying its brand, category and variants; primes the loaders too. */
  private toHydrated(r: Raw, type: ProductType): ProductRow {
    const product = toProduct(r, type);
    const brand = toBrand(r, 'b_');
    const category = toCategory(r, 'c_');
    const json = (typeof r.variants_json === 'string' ? JSON.parse(r.variants_json) : r.variants_json) as Raw[];
    const variants = json.map((v) => toVariant(v, product.modelGroupId));
    this.brandLoader.prime(brand.id, brand);
    this.categoryLoader.prime(category.id, category);
    this.variantLoader.prime(product.modelGroupId, variants);
    product.hydrated = { brand, category, variants };
    return product;
  }

  /**
   * Filter data with facet counts: each dimension is counted under every other selection but
   * not its own, so a count says how many products ticking that value would show.
   */
  async filterData(scope: ListingScope, filter: ListingFilter, allowed: string[]): Promise<FilterData> {
    const props = (await this.properties()).filter((p) => allowed.includes(p.name));
    type FacetRow = { kind: string; key: string | null; n: number | null; hi: number | null };
    // one facet per dimension; `src` is where the rows come from, `where` adds conditions
    const facets: { omit: Omit; selected: boolean; query: (src: SQL, where: (extra?: SQL) => SQL) => SQL }[] = [
      {
        omit: 'price',
        selected: filter.priceFrom !== undefined || filter.priceTo !== undefined,
        query: (src, where) => sql`SELECT 'price' AS kind, NULL::text AS key, min(p.min_price)::int AS n, max(p.min_price)::int AS hi FROM ${src} ${where()}`,
      },
      {
        omit: 'brand',
        selected: !!filter.brandIds?.length,
        query: (src, where) => sql`SELECT 'brand' AS kind, p.brand_id::text AS key, count(*)::int AS n, NULL::int AS hi FROM ${src} ${where()} GROUP BY p.brand_id`,
      },
      {
        omit: 'category',
        selected: !!filter.categoryIds?.length,
        query: (src, where) =>
          sql`SELECT 'category' AS kind, c::text AS key, count(*)::int AS n, NULL::int AS hi FROM ${src} CROSS JOIN LATERAL unnest(p.category_ids) AS c ${where()} GROUP BY c`,
      },
      ...props.map((prop) => ({
        omit: `prop:${prop.name}` as Omit,
        selected: !!filter.properties?.some((f) => f.name === prop.name && f.values.length),
        query: (src: SQL, where: (extra?: SQL) => SQL) =>
          // sizes have their own (shorter) column: unnesting it beats filtering every property tag
          prop.name === 'size'
            ? sql`SELECT 'prop:size' AS kind, v AS key, count(*)::int AS n, NULL::int AS hi FROM ${src} CROSS JOIN LATERAL unnest(p.sizes) AS v ${where()} GROUP BY v`
            : sql`SELECT ${`prop:${prop.name}`}::text AS kind, substr(v, ${prop.name.length + 2}::int) AS key, count(*)::int AS n, NULL::int AS hi
                  FROM ${src} CROSS JOIN LATERAL unnest(p.props) AS v ${where(sql`starts_with(v, ${`${prop.name}:`})`)} GROUP BY v`,
      })),
    ];
    const own = (omit?: Omit) => (extra?: SQL) => whereClause([...listingConditions('MODEL', scope, filter, omit), ...(extra ? [extra] : [])]);
    const none = (extra?: SQL) => (extra ? sql`WHERE ${extra}` : sql``);
    // Dimensions without a selection are counted over the same rows as the total: one scan of a
    // materialised base serves them all. A selected dimension needs its own rows (its own
    // selection left out), so it gets its own query.
    const shared = facets.filter((f) => !f.selected);
    const base = sql`SELECT p.id, p.brand_id, p.min_price, p.category_ids, p.sizes, p.props FROM products p ${own()()}`;
    const combined = sql`WITH base AS MATERIALIZED (${base})
      SELECT 'total' AS kind, NULL::text AS key, count(*)::int AS n, NULL::int AS hi FROM base
      ${sql.join(shared.map((f) => sql` UNION ALL ${f.query(sql`base p`, none)}`), sql``)}`;
    const results = await Promise.all([
      rows<FacetRow>(this.db, combined),
      ...facets.filter((f) => f.selected).map((f) => rows<FacetRow>(this.db, f.query(sql`products p`, own(f.omit)))),
    ]);
    const all = results.flat();
    const price = all.find((r) => r.kind === 'price');
    const counted = <K>(kind: string, key: (k: string) => K) =>
      all.filter((r) => r.kind === kind && r.key !== null).map((r) => ({ key: key(r.key as string), count: r.n ?? 0 }));
    return {
      totalCount: all.find((r) => r.kind === 'total')?.n ?? 0,
      priceFrom: price?.n ?? null,
      priceTo: price?.hi ?? null,
      brands: counted('brand', Number),
      categories: counted('category', Number),
      properties: props.map((p) => ({
        ...p,
        values: counted(`prop:${p.name}`, String).sort((a, b) => compareValues(a.key, b.key)),
      })),
    };
  }

  async offers(where: { productIds?: number[]; modelIds?: number[] }): Promise<OfferRow[]> {
    const conds: SQL[] = [];
    if (where.productIds?.length) conds.push(sql`product_id = ANY(${intArray(where.productIds)})`);
    if (where.modelIds?.length) conds.push(sql`product_id IN (SELECT id FROM products WHERE model_id = ANY(${intArray(where.modelIds)}))`);
    if (!conds.length) return [];
    return this.offersOf(sql.join(conds, sql` OR `));
  }

  async offerById(id: number): Promise<OfferRow | null> {
    const [row] = await this.offersOf(sql`id = ${id}`);
    return row ?? null;
  }

  async menu(): Promise<MenuRow[]> {
    const m = menuItems;
    return this.db
      .select({ id: m.id, parentId: m.parentId, name: m.name, href: m.href, type: m.type, isNew: m.isNew, panel: m.panel })
      .from(m)
      .orderBy(m.sort, m.id);
  }

  async properties(): Promise<PropertyRow[]> {
    return this.meta ? this.meta.properties(this.db) : readProperties(this.db);
  }

  async sitemap(): Promise<{ path: string; type: PageType; modifiedAt: Date | null }[]> {
    const w = webPaths;
    const p = products;
    return this.db
      .select({ path: w.path, type: w.type, modifiedAt: p.modifiedAt })
      .from(w)
      .leftJoin(p, and(eq(w.type, 'PRODUCT'), eq(p.id, w.objectId)))
      .orderBy(w.type, w.path);
  }
}

function groupBy<T>(list: T[], key: (t: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const item of list) {
    const k = key(item);
    const group = map.get(k);
    if (group) group.push(item);
    else map.set(k, [item]);
  }
  return map;
}
