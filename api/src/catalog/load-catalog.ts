import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/database.ts';
import * as t from '../db/schema.ts';
import { normalizeText, tokenize } from '../search/normalize.ts';
import { holdBackReservedUnits, refreshDerivedColumns } from '../orders/stock.ts';
import type { Catalog, MenuEntry } from './catalog-file.ts';

const BATCH = 1000;

async function insertBatched<T extends Record<string, unknown>>(db: Db, table: Parameters<Db['insert']>[0], values: T[]) {
  for (let i = 0; i < values.length; i += BATCH) {
    await db.insert(table).values(values.slice(i, i + BATCH) as never);
  }
}

const CATALOG_TABLES = sql.raw(
  'categories, brands, models, products, photos, offers, properties, menu_items, redirects, web_paths, search_words',
);

export interface LoadResult {
  categories: number;
  brands: number;
  models: number;
  products: number;
  offers: number;
}

/**
 * Replaces the whole catalogue in one transaction: a failure leaves the previous catalogue
 * untouched. Orders are not catalogue: their lines keep snapshots and survive a reload.
 * Expects a catalogue that passed validateCatalog().
 */
export async function loadCatalog(db: Db, catalog: Catalog): Promise<LoadResult> {
  const categoryIds = new Map(catalog.categories.map((c, i) => [c.key, i + 1]));
  const brandIds = new Map(catalog.brands.map((b, i) => [b.key, i + 1]));
  const categoryByKey = new Map(catalog.categories.map((c) => [c.key, c]));
  const brandByKey = new Map(catalog.brands.map((b) => [b.key, b]));

  const ancestors = (key: string): string[] => {
    const chain: string[] = [];
    let cur = categoryByKey.get(key);
    while (cur && chain.length < 20) {
      chain.push(cur.key);
      cur = cur.parent ? categoryByKey.get(cur.parent) : undefined;
    }
    return chain;
  };

  const words = new Set<string>();
  const addWords = (text: string) => {
    for (const w of tokenize(text)) if (w.length >= 2 && w.length <= 40) words.add(w);
  };
  for (const c of catalog.categories) addWords(c.name);
  for (const b of catalog.brands) {
    addWords(b.name);
    for (const a of b.aliases) addWords(a);
  }

  const modelRows: (typeof t.models.$inferInsert)[] = [];
  const productRows: (typeof t.products.$inferInsert)[] = [];
  const photoRows: (typeof t.photos.$inferInsert)[] = [];
  const offerRows: (typeof t.offers.$inferInsert)[] = [];
  const now = new Date();

  catalog.models.forEach((m, mi) => {
    const modelId = mi + 1;
    const brand = brandByKey.get(m.brand);
    const chain = ancestors(m.category);
    modelRows.push({
      id: modelId,
      name: m.name,
      brandId: brandIds.get(m.brand) as number,
      categoryId: categoryIds.get(m.category) as number,
      text: m.text,
      description: m.description,
      attributes: m.attributes,
    });
    addWords(m.name);
    for (const v of m.variants) {
      const productId = productRows.length + 1;
      // in_stock, sizes, min_price and the size: tags are derived from the offers' free stock in SQL
      // after the offers are in (orders/stock.ts refreshDerivedColumns, also run when stock moves)
      const props = [...new Set(Object.entries(v.properties).flatMap(([k, vals]) => vals.map((x) => `${k}:${x}`)))];
      addWords(v.color);
      for (const vals of Object.values(v.properties)) for (const x of vals) addWords(x);
      // The search document in four weights (ts_rank prefers A): name, brand and article (A);
      // categories and the model's purpose (B); colour and other properties (C); the model's
      // short text and its text attributes such as material (D).
      const texts = (m.attributes ?? []).filter((a) => a.type === 'text' && a.text).map((a) => ({ name: a.name, text: a.text as string }));
      const parts = [
        [m.name, brand?.name, ...(brand?.aliases ?? []), v.sku, v.sku.replace(/[^A-Za-z0-9]/g, '')],
        [...chain.map((k) => categoryByKey.get(k)?.name), ...texts.filter((a) => a.name === 'purpose').map((a) => a.text)],
        [v.color, ...Object.values(v.properties).flat()],
        [m.text, ...texts.filter((a) => a.name !== 'purpose').map((a) => a.text)],
      ].map((list) => normalizeText(list.filter(Boolean).join(' ')));
      for (const part of parts.slice(1)) addWords(part);
      const doc = parts.join(' ');
      const [a, b, c, d] = parts as [string, string, string, string];
      const created = v.createdAt ? new Date(v.createdAt) : now;
      productRows.push({
        id: productId,
        modelId,
        name: m.name,
        sku: v.sku,
        colorName: v.color,
        colorClass: v.colorClass,
        webPath: v.path,
        brandId: brandIds.get(m.brand) as number,
        categoryId: categoryIds.get(m.category) as number,
        categoryIds: chain.map((k) => categoryIds.get(k) as number),
        minPrice: 0,
        inStock: false,
        sizes: [],
        props,
        searchDoc: doc,
        search: sql`setweight(to_tsvector('russian', ${a}), 'A') || setweight(to_tsvector('russian', ${b}), 'B') || setweight(to_tsvector('russian', ${c}), 'C') || setweight(to_tsvector('russian', ${d}), 'D')` as unknown as string,
        createdAt: created,
        modifiedAt: v.modifiedAt ? new Date(v.modifiedAt) : created,
      });
      v.photos.forEach((p, i) => {
        photoRows.push({ id: photoRows.length + 1, productId, url: p.url, width: p.width, height: p.height, sort: i });
      });
      v.offers.forEach((o, i) => {
        offerRows.push({ id: offerRows.length + 1, productId, size: o.size, sku: o.sku, price: o.price, stock: o.stock, sort: i });
      });
    }
  });

  const menuRows: (typeof t.menuItems.$inferInsert)[] = [];
  const walkMenu = (items: MenuEntry[], parentId: number | null) => {
    items.forEach((item, i) => {
      const id = menuRows.length + 1;
      menuRows.push({ id, parentId, name: item.name, href: item.href ?? '', type: item.type, isNew: item.isNew ?? false, panel: item.panel ?? null, sort: i });
      walkMenu(item.children ?? [], id);
    });
  };
  walkMenu(catalog.menus, null);

  const pathRows = [
    ...catalog.categories.map((c, i) => ({ path: c.path, pathLower: c.path.toLowerCase(), type: 'CATEGORY', objectId: i + 1 })),
    ...catalog.brands.map((b, i) => ({ path: b.path, pathLower: b.path.toLowerCase(), type: 'BRAND', objectId: i + 1 })),
    ...productRows.map((p) => ({ path: p.webPath, pathLower: p.webPath.toLowerCase(), type: 'PRODUCT', objectId: p.id as number })),
  ];

  await db.transaction(async (tx) => {
    await tx.execute(sql`TRUNCATE ${CATALOG_TABLES} RESTART IDENTITY`);
    await insertBatched(
      tx as unknown as Db,
      t.categories,
      catalog.categories.map((c, i) => ({
        id: i + 1,
        parentId: c.parent ? (categoryIds.get(c.parent) ?? null) : null,
        name: c.name,
        webPath: c.path,
        text: c.text,
        description: c.description,
        imageUrl: c.image?.url ?? null,
        imageWidth: c.image?.width ?? null,
        imageHeight: c.image?.height ?? null,
        sort: i,
      })),
    );
    await insertBatched(
      tx as unknown as Db,
      t.brands,
      catalog.brands.map((b, i) => ({
        id: i + 1,
        name: b.name,
        aliases: b.aliases,
        webPath: b.path,
        text: b.text,
        heading: b.heading,
        description: b.description,
        logoUrl: b.logo?.url ?? null,
        logoWidth: b.logo?.width ?? null,
        logoHeight: b.logo?.height ?? null,
        onMainPage: b.onMainPage,
      })),
    );
    const db = tx as unknown as Db;
    await insertBatched(db, t.models, modelRows);
    await insertBatched(db, t.products, productRows);
    await insertBatched(db, t.photos, photoRows);
    await insertBatched(db, t.offers, offerRows);
    // free stock = imported stock − units orders still hold (never resurrected by an import)
    await holdBackReservedUnits(db);
    await refreshDerivedColumns(db, 'all');
    await insertBatched(db, t.properties, catalog.properties.map((p, i) => ({ id: i + 1, name: p.name, title: p.title, sort: i })));
    await insertBatched(db, t.menuItems, menuRows);
    await insertBatched(db, t.redirects, catalog.redirects.map((r) => ({ fromPath: r.from, toPath: r.to, status: r.status })));
    await insertBatched(db, t.webPaths, pathRows);
    await insertBatched(db, t.searchWords, [...words].sort().map((word) => ({ word })));
    for (const table of ['categories', 'brands', 'models', 'products', 'photos', 'offers', 'properties', 'menu_items']) {
      await db.execute(sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT coalesce(max(id), 0) + 1 FROM ${sql.identifier(table)}), false)`);
    }
    await db.execute(
      sql`INSERT INTO catalog_meta (id, version, updated_at) VALUES (1, 1, now())
          ON CONFLICT (id) DO UPDATE SET version = catalog_meta.version + 1, updated_at = now()`,
    );
  });
  // No autovacuum in PGlite: without this the GIN pending lists and missing statistics
  // send the planner to sequential scans after a bulk load.
  await db.execute(sql`VACUUM ANALYZE`);
  return {
    categories: catalog.categories.length,
    brands: catalog.brands.length,
    models: modelRows.length,
    products: productRows.length,
    offers: offerRows.length,
  };
}

export async function catalogVersion(db: Db): Promise<number> {
  const [row] = await rows<{ version: number }>(db, sql`SELECT version FROM catalog_meta WHERE id = 1`);
  return row?.version ?? 0;
}

export async function isCatalogEmpty(db: Db): Promise<boolean> {
  const [row] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM categories LIMIT 1) x`);
  return (row?.n ?? 0) === 0;
}
