/**
 * The page-type table: what the API's page resolver may answer for a URL, and which exposed
 * module shows it with which props. The GraphQL enum `PageType` is printed from this table
 * (api/src/graphql/type-defs.ts), the API resolves the fixed paths and writes their head from
 * it, and the host's router, prefetch and server preloads turn a resolved page into a module
 * with `pageView`. A new page: one row here and the remote's page file (README «A new page»).
 */
import type { PropsOf, RemoteModuleId } from './remotes.ts';

/** How the resolved object becomes the module's props. */
type PropsFrom = 'none' | 'id' | 'listing';

interface PageRow {
  /** The exposed module that shows it; null: no remote does (the host's own «not found»). */
  module: RemoteModuleId | null;
  props: PropsFrom;
  /** A page at a fixed path, resolved without the database; with its head (Russian). */
  fixed?: { path: string; title: string; description: string; robots?: string };
  /** Shown in the schema's description of the enum value. */
  about?: string;
  /**
   * The server renders the shell and the area's skeleton, the browser the rest: the page's
   * content is the shopper's browser storage (cart, favourites: a server render would show
   * «empty» and then jump), or private to one shopper (an order: fetched uncached with its key,
   * never put into a page's state).
   */
  browserOnly?: true;
}

export const PAGES = {
  HOME: {
    module: 'mf_catalog/HomePage',
    props: 'none',
    fixed: {
      path: '/',
      title: 'Оригинальные кроссовки и одежда с бесплатной доставкой',
      description:
        'Оригинальные обувь и одежда Nike, Adidas, New Balance, Jordan и других брендов. Бесплатная доставка по всей России.',
    },
  },
  SEARCH: {
    module: 'mf_catalog/SearchPage',
    props: 'none',
    fixed: {
      path: '/search',
      title: 'Поиск по каталогу',
      description: 'Поиск оригинальной обуви и одежды по названию, бренду и артикулу.',
      robots: 'noindex, follow',
    },
  },
  CATEGORY: { module: 'mf_catalog/ListingPage', props: 'listing' },
  BRAND: { module: 'mf_catalog/ListingPage', props: 'listing' },
  PRODUCT: { module: 'mf_product/ProductPage', props: 'id' },
  CART: {
    module: 'mf_cart/CartPage',
    props: 'none',
    browserOnly: true,
    fixed: { path: '/cart', title: 'Корзина', description: 'Товары, которые вы выбрали.', robots: 'noindex, nofollow' },
  },
  CHECKOUT: {
    module: 'mf_cart/CheckoutPage',
    props: 'none',
    browserOnly: true,
    fixed: {
      path: '/checkout',
      title: 'Оформление заказа',
      description: 'Оформление заказа с бесплатной доставкой по России.',
      robots: 'noindex, nofollow',
    },
  },
  ORDER: { module: 'mf_cart/OrderPage', props: 'id', browserOnly: true },
  FAVOURITES: {
    module: 'mf_catalog/FavouritesPage',
    props: 'none',
    browserOnly: true,
    about: "The shopper's favourites (/favourites): the liked ids are kept in the browser.",
    // the list lives in the shopper's browser: nothing here for a search engine
    fixed: {
      path: '/favourites',
      title: 'Избранное',
      description: 'Товары, которые вам понравились, с актуальными ценами.',
      robots: 'noindex, nofollow',
    },
  },
  RETURNS: {
    module: 'mf_cart/ReturnsPage',
    props: 'none',
    about: '«Возврат и обмен»: the right to return goods bought at a distance, and how to do it.',
    fixed: {
      path: '/vozvrat-i-obmen',
      title: 'Возврат и обмен',
      description: 'Как вернуть или обменять обувь и одежду, купленные в магазине: 7 дней на возврат, как отправить товар и как вернутся деньги.',
    },
  },
  NOT_FOUND: { module: null, props: 'none' },
} as const satisfies Record<string, PageRow>;

/** The returns page's path, for the links to it (product page, cart, checkout, order page, letters). */
export const RETURNS_PATH = PAGES.RETURNS.fixed.path;

export type PageType = keyof typeof PAGES;
export const PAGE_TYPES = Object.keys(PAGES) as PageType[];

/** The fixed paths: `/cart` → CART, … */
export const FIXED_PAGES: ReadonlyMap<string, PageType> = new Map(
  PAGE_TYPES.flatMap((type) => {
    const row: PageRow = PAGES[type];
    return row.fixed ? [[row.fixed.path, type] as const] : [];
  }),
);

// Each row's props rule must give what its module is mounted with: a wrong pairing fails here.
type RuleProps<R extends PropsFrom, T> = R extends 'none'
  ? Record<string, never>
  : R extends 'id'
    ? { id: string }
    : { type: T; id: string };
type RowChecks = {
  [T in PageType]: (typeof PAGES)[T]['module'] extends infer M extends RemoteModuleId
    ? RuleProps<(typeof PAGES)[T]['props'], T> extends PropsOf<M>
      ? true
      : `${T}: its props rule does not give ${M}'s props`
    : true;
};
export const PAGE_ROWS_MATCH_MODULES: RowChecks[PageType] extends true ? true : RowChecks[PageType] = true;

/** Whether the server renders this page type's area (not for pages made of browser storage). */
export function rendersOnServer(type: string): boolean {
  if (!Object.hasOwn(PAGES, type)) return false;
  const row: PageRow = PAGES[type as PageType];
  return !row.browserOnly;
}

/** A remote module with the props it is mounted with (and its `prefetch`, if it has one, is called with). */
export type PageView = {
  [K in RemoteModuleId]: { module: K; props: PropsOf<K>; key?: string };
}[RemoteModuleId];

/**
 * What a resolved page shows: the page type picks the exposed module, the object id becomes its
 * props (and the key that remounts it for another object). null for a type no remote shows
 * (NOT_FOUND, or one this build does not know: a newer API than the host).
 */
export function pageView(page: { type: string; id?: string | null }): PageView | null {
  if (!Object.hasOwn(PAGES, page.type)) return null;
  const type = page.type as PageType;
  const row: PageRow = PAGES[type];
  if (!row.module) return null;
  const id = page.id ?? '';
  switch (row.props) {
    case 'none':
      return { module: row.module, props: {} } as PageView;
    case 'id':
      return { module: row.module, props: { id }, key: page.id ?? undefined } as PageView;
    case 'listing':
      return { module: row.module, props: { type, id }, key: `${type}:${page.id}` } as PageView;
  }
}

/**
 * The catalogue version (the API's `catalog_meta.version`, raised by every change a page could
 * show: a size sold out or back, an import, a price) as the host's page cache keys pages by it:
 * the API answers it at `path`; with REDIS_URL it publishes each new one on `channel`; and a
 * caller that already knows a newer version than the API replica it asks sends it in `header`,
 * so that replica reads its own again before answering instead of answering from the old one.
 */
export const CATALOG_VERSION = {
  path: '/api/catalog-version',
  channel: 'shop:catalog-changed',
  header: 'x-catalog-version',
} as const;
