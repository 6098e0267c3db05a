import type { PageType } from '@shop/contracts/pages';
import { sql } from 'drizzle-orm';
import type { OrderDelivery } from './order-delivery.ts';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// drizzle has no tsvector column type; the value is always computed in SQL, never read.
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    webPath: text('web_path').notNull(),
    text: text('text').notNull().default(''),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url'),
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('categories_web_path_uq').on(t.webPath), index('categories_parent_idx').on(t.parentId)],
);

export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    aliases: text('aliases').array().notNull().default(sql`'{}'::text[]`),
    webPath: text('web_path').notNull(),
    text: text('text').notNull().default(''),
    heading: text('heading').notNull().default(''),
    description: text('description').notNull().default(''),
    logoUrl: text('logo_url'),
    logoWidth: integer('logo_width'),
    logoHeight: integer('logo_height'),
    onMainPage: boolean('on_main_page').notNull().default(false),
  },
  (t) => [uniqueIndex('brands_web_path_uq').on(t.webPath)],
);

/** One technical attribute of a model (models.attributes), as the catalogue file gives it. */
export interface ModelAttributeRow {
  name: string;
  title: string;
  type: 'text' | 'number';
  text?: string;
  number?: number;
  unit?: string;
}

/** A model groups the colour variants of one style (e.g. «Nike Air Max 90»). */
export const models = pgTable(
  'models',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    text: text('text').notNull().default(''),
    description: text('description').notNull().default(''),
    attributes: jsonb('attributes').$type<ModelAttributeRow[]>().notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [index('models_brand_idx').on(t.brandId)],
);

/**
 * A colour variant: the thing with its own product page. Listing columns are denormalised
 * here (brand, category ancestors, min price, in-stock sizes, property values, search vector)
 * so one indexed scan answers a filtered listing and its facets.
 */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    modelId: integer('model_id')
      .notNull()
      .references(() => models.id),
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    colorName: text('color_name').notNull().default(''),
    colorClass: text('color_class').notNull().default(''),
    webPath: text('web_path').notNull(),
    brandId: integer('brand_id').notNull(),
    categoryId: integer('category_id').notNull(),
    categoryIds: integer('category_ids').array().notNull(),
    minPrice: integer('min_price').notNull(),
    inStock: boolean('in_stock').notNull(),
    sizes: text('sizes').array().notNull(),
    props: text('props').array().notNull(),
    searchDoc: text('search_doc').notNull().default(''),
    search: tsvector('search').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('products_web_path_uq').on(t.webPath),
    uniqueIndex('products_sku_uq').on(sql`lower(${t.sku})`),
    index('products_model_idx').on(t.modelId),
    index('products_brand_price_idx').on(t.brandId, t.minPrice),
    index('products_category_ids_idx').using('gin', t.categoryIds),
    index('products_props_idx').using('gin', t.props),
    index('products_search_idx').using('gin', t.search),
    index('products_created_idx').on(t.createdAt),
    index('products_min_price_idx').on(t.minPrice),
  ],
);

export const photos = pgTable(
  'photos',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    url: text('url').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sort: integer('sort').notNull().default(0),
    /** The photo pipeline's source (an imported photo's hash, or generated art), when the photo is served by it. */
    source: text('source'),
    /** The photo's dominant colour (#rrggbb), shown until it loads. */
    color: text('color'),
  },
  (t) => [index('photos_product_idx').on(t.productId, t.sort), index('photos_source_idx').on(t.source)],
);

export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    size: text('size').notNull(),
    sku: text('sku').notNull(),
    price: integer('price').notNull(),
    stock: integer('stock').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('offers_product_idx').on(t.productId, t.price), uniqueIndex('offers_sku_uq').on(sql`lower(${t.sku})`)],
);

/** Size charts from the catalogue: a category's (and its subcategories'), or one brand's in it. */
export const sizeCharts = pgTable(
  'size_charts',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id').notNull(),
    brandId: integer('brand_id'),
    title: text('title').notNull(),
    columns: jsonb('columns').$type<string[]>().notNull(),
    rows: jsonb('rows').$type<{ size: string; values: string[] }[]>().notNull(),
    note: text('note').notNull().default(''),
  },
  (t) => [index('size_charts_category_idx').on(t.categoryId)],
);

export const properties = pgTable('properties', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  title: text('title').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** A mega menu's side panel, as the catalogue stores it (menu_items.panel). */
export interface MenuPanelRow {
  title: string;
  text?: string;
  href?: string;
  image?: { url: string; width: number; height: number };
}

export const menuItems = pgTable('menu_items', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id'),
  name: text('name').notNull(),
  href: text('href').notNull().default(''),
  type: text('type').notNull().default('link'),
  isNew: boolean('is_new').notNull().default(false),
  panel: jsonb('panel').$type<MenuPanelRow>(),
  sort: integer('sort').notNull().default(0),
});

export const redirects = pgTable('redirects', {
  fromPath: text('from_path').primaryKey(),
  toPath: text('to_path').notNull(),
  status: integer('status').notNull().default(301),
});

/** Every page a path can show; rebuilt with the catalogue so resolution is one lookup. */
export const webPaths = pgTable(
  'web_paths',
  {
    path: text('path').primaryKey(),
    pathLower: text('path_lower').notNull(),
    type: text('type').notNull().$type<PageType>(),
    objectId: integer('object_id').notNull(),
  },
  (t) => [index('web_paths_lower_idx').on(t.pathLower)],
);

/** Catalogue vocabulary: query words are corrected against it (morphology, typos, layout). */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gist', t.word.op('gist_trgm_ops')),
]);

export const catalogMeta = pgTable('catalog_meta', {
  id: integer('id').primaryKey(),
  version: integer('version').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who is importing a catalogue now (one row at most): a lease its holder renews while it works,
 * so every API replica and the import command see one import at a time, and a crashed holder's
 * lease simply runs out.
 */
export const catalogImportLease = pgTable('catalog_import_lease', {
  id: integer('id').primaryKey(),
  holder: text('holder').notNull(),
  until: timestamp('until', { withTimezone: true }).notNull(),
});

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    ordernumber: text('ordernumber').notNull().unique(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /**
     * sha256 of the order's canonical content (orders/order-fingerprint.ts): a repeat with the same
     * idempotency key is answered with this order only when its content matches. NULL for orders
     * placed before it existed: computed from what they stored on their key's first repeat.
     */
    requestFingerprint: text('request_fingerprint'),
    accessKey: text('access_key').notNull(),
    /** orders/order-status.ts: new → paid → assembled → shipped → delivered, or cancelled. */
    status: text('status').notNull().default('new'),
    fullName: text('full_name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    city: text('city').notNull(),
    address: text('address').notNull(),
    deliveryMethod: text('delivery_method').notNull(),
    comment: text('comment').notNull().default(''),
    totalPrice: integer('total_price').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** An unpaid order's stock reservation is released at this time (null once paid, cancelled or released). */
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The parcel's tracking number (contracts parseTrackingNumber), given when the order is shipped. */
    trackingNumber: text('tracking_number'),
    /** The term, the pickup point and the carrier's cost as checked when it was placed (delivery/delivery-service.ts); null before. */
    delivery: jsonb('delivery').$type<OrderDelivery>(),
  },
  (t) => [
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    index('orders_reserved_until_idx').on(t.reservedUntil),
  ],
);

/** Lines keep a snapshot of what was sold: a later catalogue import must not rewrite orders. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    offerId: integer('offer_id').notNull(),
    productId: integer('product_id').notNull(),
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    size: text('size').notNull(),
    price: integer('price').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId)],
);

/** 152-ФЗ: the consent to personal-data processing is recorded with its text version, time and IP. */
export const orderConsents = pgTable('order_consents', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id),
  consentVersion: text('consent_version').notNull(),
  consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
  clientIp: text('client_ip').notNull(),
});

/** Every status change of an order: when, who (shopper, system, payment provider, a user, the ops token), from and to. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** 'shopper', 'system', 'yookassa', 'sandbox', 'ops-token', 'user:<id>:<email>' */
    actor: text('actor').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    note: text('note').notNull().default(''),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.at)],
);

/**
 * Units an order holds. offers.stock is the free stock (what the catalogue shows and sells):
 * an order takes its units off it in the transaction that creates the order and its rows here;
 * a cancel or an expiry gives them back. Keyed by sku: a catalogue import renumbers offers and
 * sets offers.stock = imported stock − units still held here.
 */
export const stockReservations = pgTable(
  'stock_reservations',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull(),
    /** 'held' until released (cancel, expiry); a paid order keeps 'held'. */
    state: text('state').notNull().default('held'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    index('stock_reservations_order_idx').on(t.orderId),
    index('stock_reservations_sku_idx').on(sql`lower(${t.sku})`, t.state),
  ],
);

// The other tables live with their feature (`persisted/`, `payments/`, `notify/`,
// `accounts/`, each in a `*-tables.ts`): they import from this file, never the reverse (db/ is below
// the features, see api/README.md "Layers"); drizzle.config.ts lists them all for the migrations.
