import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/database.ts';
import * as t from '../db/schema.ts';
import { normalizeText, tokenize } from '../search/normalize.ts';
import { holdBackReservedUnits, refreshDerivedColumns } from '../orders/stock.ts';
import { parsePhotoPath } from '@shop/contracts/photos';
import { type Catalog, type MenuEntry, shownImage } from './catalog-file.ts';

const BATCH = 1000;

async function insertBatched<T extends Record<string, unknown>>(db: Db, table: Parameters<Db['insert']>[0], values: T[]) {
  for (let i = 0; i < values.length; i += BATCH) {
    await db.insert(table).values(values.slice(i, i + BATCH) as never);
  }
}

const CATALOG_TABLES = sql.raw(
  'categories, brands, models, products, photos, offers, properties, menu_items, redirects, web_paths, search_words, size_charts',
);

export interface LoadResult {
  categories: number;
  brands: number;
  models: number;
  products: number;
  offers: number;
}

type ModelRow = typeof t.models.$inferInsert;
type ProductRow = typeof t.products.$inferInsert;
type PhotoRow = typeof t.photos.$inferInsert;
type OfferRow = typeof t.offers.$inferInsert;
type MenuRow = typeof t.menuItems.$inferInsert;
type CatalogModel = Catalog['models'][number];
type CatalogVariant = CatalogModel['variants'][number];

/** Row ids and lookups by key: ids are positions in the file, so a reload numbers the same. */
interface CatalogIndex {
  categoryIds: Map<string, number>;
  brandIds: Map<string, number>;
  categoryByKey: Map<string, Catalog['categories'][number]>;
  brandByKey: Map<string, Catalog['brands'][number]>;
}

/** Every row of the catalogue, built in memory before the transaction opens. */
interface CatalogRows {
  models: ModelRow[];
  products: ProductRow[];
  photos: PhotoRow[];
  offers: OfferRow[];
  menus: MenuRow[];
  words: Set<string>;
}

/**
 * Replaces the whole catalogue in one transaction: a failure leaves the previous catalogue
 * untouched. Orders are not catalogue: their lines keep snapshots and survive a reload.
 * Expects a catalogue that passed validateCatalog().
 */
export async function loadCatalog(db: Db, catalog: Catalog): Promise<LoadResult> {
  const index: CatalogIndex = {
    categoryIds: new Map(catalog.categories.map((c, i) => [c.key, i + 1])),
    brandIds: new Map(catalog.brands.map((b, i) => [b.key, i + 1])),
    categoryByKey: new Map(catalog.categories.map((c) => [c.key, c])),
    brandByKey: new Map(catalog.brands.map((b) => [b.key, b])),
  };
  const built = buildRows(catalog, index);
  await db.transaction(async (tx) => {
    await tx.execute(sql`TRUNCATE ${CATALOG_TABLES} RESTART IDENTITY`);
    await writeCatalog(tx as unknown as Db, catalog, index, built);
  });
  // No autovacuum in PGlite: without this the GIN pending lists and missing statistics
  // send the planner to sequential scans after a bulk load.
  await db.execute(sql`VACUUM ANALYZE`);
  return {
    categories: catalog.categories.length,
    brands: catalog.brands.length,
    models: built.models.length,
    products: built.products.length,
    offers: built.offers.length,
  };
}

function ancestors(index: CatalogIndex, key: string): string[] {
  const chain: string[] = [];
  let cur = index.categoryByKey.get(key);
  while (cur && chain.length < 20) {
    chain.push(cur.key);
    cur = cur.parent ? index.categoryByKey.get(cur.parent) : undefined;
  }
  return chain;
}

function addWords(words: Set<string>, text: string): void {
  for (const w of tokenize(text)) if (w.length >= 2 && w.length <= 40) words.add(w);
}

function buildRows(catalog: Catalog, index: CatalogIndex): CatalogRows {
  const rows: CatalogRows = { models: [], products: [], photos: [], offers: [], menus: [], words: new Set() };
  for (const c of catalog.categories) addWords(rows.words, c.name);
  for (const b of catalog.brands) {
    addWords(rows.words, b.name);
    for (const a of b.aliases) addWords(rows.words, a);
  }
  const now = new Date();
  catalog.models.forEach((m, mi) => {
    const modelId = mi + 1;
    const chain = ancestors(index, m.category);
    rows.models.push({
      id: modelId,
      name: m.name,
      brandId: index.brandIds.get(m.brand) as number,
      categoryId: index.categoryIds.get(m.category) as number,
      text: m.text,
      description: m.description,
      attributes: m.attributes,
    });
    addWords(rows.words, m.name);
    for (const v of m.variants) addVariant(rows, index, { m, v, modelId, chain, now });
  });
  walkMenu(rows.menus, catalog.menus, null);
  return rows;
}

/**
 * The search document in four weights (ts_rank prefers A): name, brand and article (A);
 * categories and the model's purpose (B); colour and other properties (C); the model's
 * short text and its text attributes such as material (D).
 */
function searchParts(index: CatalogIndex, m: CatalogModel, v: CatalogVariant, chain: string[]): [string, string, string, string] {
  const brand = index.brandByKey.get(m.brand);
  const texts = (m.attributes ?? []).filter((a) => a.type === 'text' && a.text).map((a) => ({ name: a.name, text: a.text as string }));
  return [
    [m.name, brand?.name, ...(brand?.aliases ?? []), v.sku, v.sku.replace(/[^A-Za-z0-9]/g, '')],
    [...chain.map((k) => index.categoryByKey.get(k)?.name), ...texts.filter((a) => a.name === 'purpose').map((a) => a.text)],
    [v.color, ...Object.values(v.properties).flat()],
    [m.text, ...texts.filter((a) => a.name !== 'purpose').map((a) => a.text)],
  ].map((list) => normalizeText(list.filter(Boolean).join(' '))) as [string, string, string, string];
}

interface VariantSource {
  m: CatalogModel;
  v: CatalogVariant;
  modelId: number;
  chain: string[];
  now: Date;
}

function addVariant(rows: CatalogRows, index: CatalogIndex, { m, v, modelId, chain, now }: VariantSource): void {
  const productId = rows.products.length + 1;
  // in_stock, sizes, min_price and the size: tags are derived from the offers' free stock in SQL
  // after the offers are in (orders/stock.ts refreshDerivedColumns, also run when stock moves)
  const props = [...new Set(Object.entries(v.properties).flatMap(([k, vals]) => vals.map((x) => `${k}:${x}`)))];
  addWords(rows.words, v.color);
  for (const vals of Object.values(v.properties)) for (const x of vals) addWords(rows.words, x);
  const parts = searchParts(index, m, v, chain);
  for (const part of parts.slice(1)) addWords(rows.words, part);
  const [a, b, c, d] = parts;
  const created = v.createdAt ? new Date(v.createdAt) : now;
  rows.products.push({
    id: productId,
    modelId,
    name: m.name,
    sku: v.sku,
    colorName: v.color,
    colorClass: v.colorClass,
    webPath: v.path,
    brandId: index.brandIds.get(m.brand) as number,
    categoryId: index.categoryIds.get(m.category) as number,
    categoryIds: chain.map((k) => index.categoryIds.get(k) as number),
    minPrice: 0,
    inStock: false,
    sizes: [],
    props,
    searchDoc: parts.join(' '),
    search: sql`setweight(to_tsvector('russian', ${a}), 'A') || setweight(to_tsvector('russian', ${b}), 'B') || setweight(to_tsvector('russian', ${c}), 'C') || setweight(to_tsvector('russian', ${d}), 'D')` as unknown as string,
    createdAt: created,
    modifiedAt: v.modifiedAt ? new Date(v.modifiedAt) : created,
  });
  v.photos.forEach((input, i) => {
    const p = shownImage(input);
    const source = parsePhotoPath(p.url)?.source ?? null;
    rows.photos.push({ id: rows.photos.length + 1, productId, url: p.url, width: p.width, height: p.height, sort: i, source, color: p.color ?? null });
  });
  v.offers.forEach((o, i) => {
    rows.offers.push({ id: rows.offers.length + 1, productId, size: o.size, sku: o.sku, price: o.price, stock: o.stock, sort: i });
  });
}

function walkMenu(menuRows: MenuRow[], items: MenuEntry[], parentId: number | null): void {
  items.forEach((item, i) => {
    const id = menuRows.length + 1;
    menuRows.push({ id, parentId, name: item.name, href: item.href ?? '', type: item.type, isNew: item.isNew ?? false, panel: item.panel ? { ...item.panel, image: item.panel.image ? shownImage(item.panel.image) : undefined } : null, sort: i });
    walkMenu(menuRows, item.children ?? [], id);
  });
}

function categoryRows(catalog: Catalog, index: CatalogIndex) {
  return catalog.categories.map((c, i) => ({
    id: i + 1,
    parentId: c.parent ? (index.categoryIds.get(c.parent) ?? null) : null,
    name: c.name,
    webPath: c.path,
    text: c.text,
    description: c.description,
    ...(c.image ? ((i) => ({ imageUrl: i.url, imageWidth: i.width, imageHeight: i.height }))(shownImage(c.image)) : {}),
    sort: i,
  }));
}

function brandRows(catalog: Catalog) {
  return catalog.brands.map((b, i) => ({
    id: i + 1,
    name: b.name,
    aliases: b.aliases,
    webPath: b.path,
    text: b.text,
    heading: b.heading,
    description: b.description,
    ...(b.logo ? ((i) => ({ logoUrl: i.url, logoWidth: i.width, logoHeight: i.height }))(shownImage(b.logo)) : {}),
    onMainPage: b.onMainPage,
  }));
}

function pathRows(catalog: Catalog, products: ProductRow[]) {
  return [
    ...catalog.categories.map((c, i) => ({ path: c.path, pathLower: c.path.toLowerCase(), type: 'CATEGORY', objectId: i + 1 })),
    ...catalog.brands.map((b, i) => ({ path: b.path, pathLower: b.path.toLowerCase(), type: 'BRAND', objectId: i + 1 })),
    ...products.map((p) => ({ path: p.webPath, pathLower: p.webPath.toLowerCase(), type: 'PRODUCT', objectId: p.id as number })),
  ];
}

/** Inserts every table inside the caller's transaction, in foreign-key order. */
async function writeCatalog(db: Db, catalog: Catalog, index: CatalogIndex, rows: CatalogRows): Promise<void> {
  await insertBatched(db, t.categories, categoryRows(catalog, index));
  await insertBatched(db, t.brands, brandRows(catalog));
  await insertBatched(db, t.models, rows.models);
  await insertBatched(db, t.products, rows.products);
  await insertBatched(db, t.photos, rows.photos);
  await insertBatched(db, t.offers, rows.offers);
  // free stock = imported stock − units orders still hold (never resurrected by an import)
  await holdBackReservedUnits(db);
  await refreshDerivedColumns(db, 'all');
  await insertBatched(db, t.properties, catalog.properties.map((p, i) => ({ id: i + 1, name: p.name, title: p.title, sort: i })));
  await insertBatched(db, t.menuItems, rows.menus);
  await insertBatched(db, t.redirects, catalog.redirects.map((r) => ({ fromPath: r.from, toPath: r.to, status: r.status })));
  await insertBatched(db, t.webPaths, pathRows(catalog, rows.products));
  await insertBatched(
    db,
    t.sizeCharts,
    catalog.sizeCharts.map((c) => ({
      categoryId: index.categoryIds.get(c.category) as number,
      brandId: c.brand ? (index.brandIds.get(c.brand) ?? null) : null,
      title: c.title,
      columns: c.columns,
      rows: c.rows,
      note: c.note ?? '',
    })),
  );
  await insertBatched(db, t.searchWords, [...rows.words].sort().map((word) => ({ word })));
  for (const table of ['categories', 'brands', 'models', 'products', 'photos', 'offers', 'properties', 'menu_items']) {
    await db.execute(sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT coalesce(max(id), 0) + 1 FROM ${sql.identifier(table)}), false)`);
  }
  await db.execute(
    sql`INSERT INTO catalog_meta (id, version, updated_at) VALUES (1, 1, now())
        ON CONFLICT (id) DO UPDATE SET version = catalog_meta.version + 1, updated_at = now()`,
  );
}

export async function catalogVersion(db: Db): Promise<number> {
  const [row] = await rows<{ version: number }>(db, sql`SELECT version FROM catalog_meta WHERE id = 1`);
  return row?.version ?? 0;
}

export async function isCatalogEmpty(db: Db): Promise<boolean> {
  const [row] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM categories LIMIT 1) x`);
  return (row?.n ?? 0) === 0;
}
