import type { PageType } from '@shop/contracts/pages';
import { and, asc, eq, getTableColumns, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Db, rows } from '../db/database.ts';
import { brands, categories, menuItems, models, offers, photos, products, webPaths } from '../db/schema.ts';
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
/** `column = ANY($1::int[])`: one parameter however many ids a loader batches. */
const anyOf = (column: AnyPgColumn, ids: number[]) => sql`${column} = ANY(${intArray(ids)})`;

type CategorySelect = typeof categories.$inferSelect;
type BrandSelect = typeof brands.$inferSelect;

/** A joined table's columns in hand-written SQL, named `<prefix><key>` after the table's drizzle keys. */
type Prefixed<P extends string, T> = { [K in keyof T & string as `${P}${K}`]: T[K] };

const keysOf = (table: PgTable) => Object.keys(getTableColumns(table));
const CATEGORY_KEYS = keysOf(categories);
const BRAND_KEYS = keysOf(brands);

/** `b.web_path AS "b_webPath", …`: every column of `table` (aliased `alias` in the query) under its prefixed key. */
function prefixedColumns(alias: string, table: PgTable): SQL {
  return sql.raw(
    Object.entries(getTableColumns(table))
      .map(([key, column]) => `${alias}.${column.name} AS "${alias}_${key}"`)
      .join(', '),
  );
}
const BRAND_AND_CATEGORY_AS_B_C = sql.join([prefixedColumns('b', brands), prefixedColumns('c', categories)], sql`, `);

/** The row of one joined table out of a hand-written row (prefixedColumns): the same shape the query builder reads. */
function unprefixed<P extends string, T>(row: Prefixed<P, T>, prefix: P, keys: string[]): T {
  const source = row as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of keys) out[key] = source[`${prefix}${key}`];
  return out as T;
}

const toCategory = (r: CategorySelect): CategoryRow => ({
  id: r.id,
  parentId: r.parentId ?? null,
  name: r.name,
  webPath: r.webPath,
  text: r.text,
  description: r.description,
  image: image(r.imageUrl, r.imageWidth, r.imageHeight),
});

const toBrand = (r: BrandSelect): BrandRow => ({
  id: r.id,
  name: r.name,
  aliases: r.aliases ?? [],
  webPath: r.webPath,
  text: r.text,
  heading: r.heading,
  description: r.description,
  logo: image(r.logoUrl, r.logoWidth, r.logoHeight),
  onMainPage: r.onMainPage,
});

/** A colour variant as the variant loader and the listing's variants_json give it. */
interface VariantSqlRow {
  id: number;
  name: string;
  color_name: string;
  color_class: string;
  web_path: string;
  in_stock: boolean;
  photo_url: string | null;
  photo_width: number | null;
  photo_height: number | null;
}

const toVariant = (r: VariantSqlRow, modelId: number): VariantRow => ({
  id: r.id,
  modelId,
  name: r.name,
  colorName: r.color_name,
  colorClass: r.color_class,
  webPath: r.web_path,
  thumbnail: image(r.photo_url, r.photo_width, r.photo_height),
  inStock: r.in_stock,
});

const PRODUCT_SELECT = sql`p.id AS product_id, p.model_id, p.name, p.sku AS product_sku, p.sizes, p.web_path, p.min_price,
  p.in_stock, p.color_name, p.color_class, p.brand_id, p.category_id, p.created_at, p.modified_at,
  ph.url AS photo_url, ph.width AS photo_width, ph.height AS photo_height, ph.color AS photo_color`;
const FIRST_PHOTO = sql`LEFT JOIN LATERAL (SELECT url, width, height, color FROM photos WHERE product_id = p.id ORDER BY sort LIMIT 1) ph ON true`;

/** The columns of PRODUCT_SELECT. */
interface ProductSqlRow {
  product_id: number;
  model_id: number;
  name: string;
  product_sku: string;
  sizes: string[] | null;
  web_path: string;
  min_price: number;
  in_stock: boolean;
  color_name: string;
  color_class: string;
  brand_id: number;
  category_id: number;
  created_at: Date | string;
  modified_at: Date | string;
  photo_url: string | null;
  photo_width: number | null;
  photo_height: number | null;
  photo_color: string | null;
}

/** The offer's own columns of an OFFER listing (LISTING_SOURCE.OFFER.extraCols). */
interface OfferSqlColumns {
  offer_id: number;
  offer_sku: string;
  offer_size: string;
  offer_price: number;
  offer_stock: number;
}

type ProductOrOfferSqlRow = ProductSqlRow & Partial<OfferSqlColumns>;

/** A listing row with its brand, category and sibling variants (CatalogRepo.hydrate). */
type ListingSqlRow = ProductOrOfferSqlRow &
  Prefixed<'b_', BrandSelect> &
  Prefixed<'c_', CategorySelect> & { total: number; pos: number | string; variants_json: VariantSqlRow[] | string };

/** What a listing of each type reads, the column naming an element, and the offer's own columns. */
const LISTING_SOURCE: Record<ProductType, { from: SQL; idCol: SQL; extraCols: SQL }> = {
  MODEL: { from: sql`products p`, idCol: sql`p.id`, extraCols: sql`` },
  OFFER: {
    from: sql`offers o JOIN products p ON p.id = o.product_id`,
    idCol: sql`o.id`,
    extraCols: sql`, o.id AS offer_id, o.sku AS offer_sku, o.size AS offer_size, o.price AS offer_price, o.stock AS offer_stock`,
  },
};

const isOfferRow = (r: ProductOrOfferSqlRow): r is ProductSqlRow & OfferSqlColumns => r.offer_id !== undefined;

/** A product row, or an offer row of an OFFER listing (it carries the offer's columns). */
const toProduct = (r: ProductOrOfferSqlRow): ProductRow => {
  const product = {
    productId: r.product_id,
    modelGroupId: r.model_id,
    name: r.name,
    webPath: r.web_path,
    minPriceInRUB: r.min_price,
    colorName: r.color_name,
    colorClass: r.color_class,
    brandId: r.brand_id,
    categoryId: r.category_id,
    createdAt: new Date(r.created_at),
    modifiedAt: new Date(r.modified_at),
    photo: image(r.photo_url, r.photo_width, r.photo_height, r.photo_color),
  };
  if (isOfferRow(r)) {
    return { type: 'OFFER', id: r.offer_id, modelId: r.product_id, sku: r.offer_sku, sizes: [r.offer_size], priceInRUB: r.offer_price, inStock: r.offer_stock > 0, ...product };
  }
  return { type: 'MODEL', id: r.product_id, modelId: r.model_id, sku: r.product_sku, sizes: r.sizes ?? [], priceInRUB: r.min_price, inStock: r.in_stock, ...product };
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

async function readPropertyValues(db: Db): Promise<Map<string, string[]>> {
  // the variants' own properties, and every size an offer has (the size tags follow the stock)
  const found = await rows<{ name: string; value: string }>(
    db,
    sql`SELECT split_part(t, ':', 1) AS name, substr(t, strpos(t, ':') + 1) AS value FROM (SELECT DISTINCT unnest(props) AS t FROM products) s
        UNION SELECT 'size', size FROM offers`,
  );
  const map = new Map<string, string[]>();
  for (const r of found) map.set(r.name, [...(map.get(r.name) ?? []), r.value]);
  for (const values of map.values()) values.sort(compareValues);
  return map;
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
    const found = await this.db.select().from(categories).where(anyOf(categories.id, ids));
    return new Map(found.map((r) => [r.id, toCategory(r)]));
  }, null);

  readonly brandLoader = new BatchLoader<number, BrandRow | null>(async (ids) => {
    const found = await this.db.select().from(brands).where(anyOf(brands.id, ids));
    return new Map(found.map((r) => [r.id, toBrand(r)]));
  }, null);

  readonly modelLoader = new BatchLoader<number, ModelRow | null>(async (ids) => {
    const m = models;
    const found = await this.db
      .select({ id: m.id, name: m.name, brandId: m.brandId, categoryId: m.categoryId, text: m.text, description: m.description, attributes: m.attributes })
      .from(m)
      .where(anyOf(m.id, ids));
    return new Map(found.map((r) => [r.id, r]));
  }, null);

  readonly variantLoader = new BatchLoader<number, VariantRow[]>(async (modelIds) => {
    const found = await rows<VariantSqlRow & { model_id: number }>(
      this.db,
      sql`SELECT p.id, p.model_id, p.name, p.color_name, p.color_class, p.web_path, p.in_stock, ph.url AS photo_url, ph.width AS photo_width, ph.height AS photo_height
          FROM products p ${FIRST_PHOTO} WHERE p.model_id = ANY(${intArray(modelIds)}) ORDER BY p.id`,
    );
    const map = new Map<number, VariantRow[]>();
    for (const r of found) {
      const list = map.get(r.model_id) ?? [];
      list.push(toVariant(r, r.model_id));
      map.set(r.model_id, list);
    }
    return map;
  }, []);

  readonly photoLoader = new BatchLoader<number, PhotoRow[]>(async (productIds) => {
    const ph = photos;
    const found: PhotoRow[] = await this.db
      .select({ id: ph.id, productId: ph.productId, url: ph.url, width: ph.width, height: ph.height, color: ph.color })
      .from(ph)
      .where(anyOf(ph.productId, productIds))
      .orderBy(ph.productId, ph.sort);
    return groupBy(found, (r) => r.productId);
  }, []);

  readonly offerLoader = new BatchLoader<number, OfferRow[]>(async (productIds) => {
    const found = await this.offersOf(anyOf(offers.productId, productIds));
    return groupBy(found, (r) => r.productId);
  }, []);

  readonly productLoader = new BatchLoader<number, ProductRow | null>(async (ids) => {
    const found = await rows<ProductSqlRow>(this.db, sql`SELECT ${PRODUCT_SELECT} FROM products p ${FIRST_PHOTO} WHERE p.id = ANY(${intArray(ids)})`);
    return new Map(found.map((r) => [r.product_id, toProduct(r)]));
  }, null);

  private async offersOf(where: SQL): Promise<OfferRow[]> {
    const o = offers;
    return await this.db
      .select({ id: o.id, productId: o.productId, size: o.size, sku: o.sku, price: o.price, stock: o.stock })
      .from(o)
      .where(where)
      .orderBy(asc(o.price), asc(o.sort), asc(o.id));
  }

  async categories(filter: { isHaveParent?: boolean; parentId?: number }): Promise<CategoryRow[]> {
    const c = categories;
    const where: SQL[] = [];
    if (filter.isHaveParent === true) where.push(isNotNull(c.parentId));
    if (filter.isHaveParent === false) where.push(isNull(c.parentId));
    if (filter.parentId !== undefined) where.push(eq(c.parentId, filter.parentId));
    const found = await this.db
      .select()
      .from(c)
      .where(and(...where))
      .orderBy(asc(c.name), asc(c.id));
    return found.map(toCategory);
  }

  async childCategories(parentId: number): Promise<CategoryRow[]> {
    return this.categories({ parentId });
  }

  async brands(filter: { onMainPage?: boolean; offset: number; limit: number }): Promise<{ totalCount: number; items: BrandRow[] }> {
    const b = brands;
    const where = filter.onMainPage === undefined ? undefined : eq(b.onMainPage, filter.onMainPage);
    const found = await this.db
      .select({ brand: b, total: sql<number>`count(*) OVER ()::int` })
      .from(b)
      .where(where)
      .orderBy(asc(b.name), asc(b.id))
      .limit(filter.limit)
      .offset(filter.offset);
    let totalCount = found[0]?.total ?? 0;
    if (!found.length && filter.offset > 0) totalCount = await this.db.$count(b, where);
    return { totalCount, items: found.map((r) => toBrand(r.brand)) };
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
    let totalCount = found[0]?.total ?? 0;
    if (!found.length && offset > 0) {
      const [c] = await rows<{ n: number }>(this.db, sql`SELECT count(*)::int AS n FROM ${from} ${where}`);
      totalCount = c?.n ?? 0;
    }
    found.sort((a, b) => Number(a.pos) - Number(b.pos));
    return { totalCount, items: found.map((r) => this.toHydrated(r)) };
  }

  /** How many elements a listing has (no page read). */
  async countProducts(args: { type: ProductType; scope: ListingScope; filter: ListingFilter }): Promise<number> {
    const where = whereClause(listingConditions(args.type, args.scope, args.filter));
    const { from } = LISTING_SOURCE[args.type];
    const [c] = await rows<{ n: number }>(this.db, sql`SELECT count(*)::int AS n FROM ${from} ${where}`);
    return c?.n ?? 0;
  }

  /** The categories (own, not ancestors) with most elements in a listing, most first. */
  async topCategories(args: { type: ProductType; scope: ListingScope; filter: ListingFilter; limit: number }): Promise<CategoryRow[]> {
    const where = whereClause(listingConditions(args.type, args.scope, args.filter));
    const { from } = LISTING_SOURCE[args.type];
    const found = await rows<{ id: number }>(
      this.db,
      sql`SELECT p.category_id AS id FROM ${from} ${where} GROUP BY p.category_id ORDER BY count(*) DESC, p.category_id LIMIT ${args.limit}`,
    );
    const loaded = await Promise.all(found.map((r) => this.categoryLoader.get(r.id)));
    return loaded.filter((c): c is CategoryRow => c !== null);
  }

  /**
   * Listing elements with everything a product card shows (brand, category, sibling variants
   * as JSON), for the ids `page` selects (columns id, total, pos).
   */
  private hydrate(type: ProductType, page: SQL): Promise<ListingSqlRow[]> {
    const { from, idCol, extraCols } = LISTING_SOURCE[type];
    return rows<ListingSqlRow>(
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
  private toHydrated(r: ListingSqlRow): ProductRow {
    const product = toProduct(r);
    const brand = toBrand(unprefixed<'b_', BrandSelect>(r, 'b_', BRAND_KEYS));
    const category = toCategory(unprefixed<'c_', CategorySelect>(r, 'c_', CATEGORY_KEYS));
    const json = typeof r.variants_json === 'string' ? (JSON.parse(r.variants_json) as VariantSqlRow[]) : r.variants_json;
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

  /** The offers of these ids that exist, read now (a cart's lines: price and free stock of this moment). */
  async offersByIds(ids: number[]): Promise<OfferRow[]> {
    if (!ids.length) return [];
    return this.offersOf(sql`id = ANY(${intArray(ids)})`);
  }

  /** The chart of the category or its nearest parent that has one, the brand's own before the category's. */
  async sizeChart(categoryId: number, brandId: number): Promise<{ title: string; columns: string[]; rows: { size: string; values: string[] }[]; note: string } | null> {
    const [chart] = await rows<{ title: string; columns: string[]; rows: { size: string; values: string[] }[]; note: string }>(
      this.db,
      sql`WITH RECURSIVE up(id, depth) AS (
            SELECT ${categoryId}::int, 0
            UNION ALL SELECT c.parent_id, up.depth + 1 FROM categories c JOIN up ON c.id = up.id WHERE c.parent_id IS NOT NULL AND up.depth < 10
          )
          SELECT s.title, s.columns, s.rows, s.note FROM size_charts s JOIN up ON s.category_id = up.id
          WHERE s.brand_id = ${brandId} OR s.brand_id IS NULL
          ORDER BY (s.brand_id IS NULL), up.depth LIMIT 1`,
    );
    return chart ?? null;
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

  /** Every value the catalogue has for a property (a size sold out everywhere too), in the filters' order. */
  async propertyValues(name: string): Promise<string[]> {
    const read = () => readPropertyValues(this.db);
    const all = await (this.meta ? this.meta.shared('property-values', read) : read());
    return all.get(name) ?? [];
  }

  /** When the catalogue last changed (an import, a sold-out size): what the home page shows changed then. */
  async catalogChangedAt(): Promise<Date | null> {
    const [row] = await rows<{ updated_at: Date | string | null }>(this.db, sql`SELECT updated_at FROM catalog_meta WHERE id = 1`);
    return row?.updated_at ? new Date(row.updated_at) : null;
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
