import { randomBytes } from 'node:crypto';
import { CART_STORAGE_KEY, storedCart } from '@shop/contracts/cart-storage';
import { FAVOURITES_STORAGE_KEY, storedFavourites } from '@shop/contracts/favourites-storage';
import { PAGES, type PageType } from '@shop/contracts/pages';
import { EXPOSED_MODULES, type RemoteModuleId } from '@shop/contracts/remotes';
import type { CatalogueSample, SampleProduct } from '../catalogue/api-client.ts';

/**
 * What the smoke opens for a remote and what each page must show, from the contract tables (which
 * module shows which page) and from what the catalogue holds now (the catalogue API's sample:
 * a product in stock, the counts of the pages around it, a word to search for). Plain data: the
 * judge (smoke-judge.ts) turns it into browser steps.
 */

/**
 * Each exposed module's root landmark inside its RemoteSlot (`[data-remote=…]`): the `data-testid`
 * its root element carries, or a selector. Typed by the contract: a new exposed module does not
 * compile until it has its landmark here.
 */
export const LANDMARKS: Record<RemoteModuleId, string> = {
  'mf_catalog/HomePage': '[data-testid="catalog-home"]',
  'mf_catalog/ListingPage': '[data-testid="catalog-listing"]',
  'mf_catalog/SearchPage': '[data-testid="catalog-listing"]',
  'mf_catalog/FavouritesPage': '[data-testid="favourites-page"]',
  'mf_catalog/ProductSlider': '[data-testid="product-slider"]',
  'mf_product/ProductPage': '[data-testid="product-page"]',
  'mf_cart/CartPage': '[data-testid="cart-page"]',
  // the checkout page's root is a <section> (an empty cart's included)
  'mf_cart/CheckoutPage': 'section',
  'mf_cart/OrderPage': '[data-testid="order-page"]',
  'mf_cart/ReturnsPage': '[data-testid="returns-page"]',
  'mf_cart/CartOverlay': '[data-testid="quick-cart"]',
};

/** What a page must show once nothing in its area is loading any more. */
export type Expectation =
  /** Product cards, each with its name and a price (the database has `count` for the page); `naming`: one of them holds this word. */
  | { kind: 'cards'; count: number; naming?: string }
  /** The product page: the product's name as its heading, a price, sizes; «В корзину» with `size` chosen puts one item in the header's cart. */
  | { kind: 'product'; name: string; size: string }
  /** A cart line with the product's name and a price. */
  | { kind: 'cart-line'; name: string };

/** What a shopper does on the page before the module shows. */
export type Step =
  /** Scrolls to the end of the page (the product page's slider loads when it comes near). */
  | { kind: 'scroll' }
  /**
   * On the product page (the area of `remote`): chooses `size` and presses «В корзину»; the
   * candidate's toast must name the product, then the header's cart button opens the panel.
   */
  | { kind: 'add-to-cart'; remote: string; size: string; name: string };

export interface Visit {
  module: RemoteModuleId;
  label: string;
  path: string;
  /** Instead of LANDMARKS[module]. */
  landmark?: string;
  /** The browser's storage before the page loads: a cart line, a liked product. */
  storage?: Record<string, string>;
  show?: Step;
  expect: Expectation[];
}

/**
 * The order page (/order/<number>?key=…) is opened with a well-formed number and a random key no
 * order has: a real shop's database gets no smoke orders (they would hold stock, reach the desk
 * and the owner's letters, and count in the figures), and a wrong key is what every shopper with
 * a stale or mistyped link sees. The candidate's OrderPage still loads, runs its trusted order
 * query against the live API (which answers null alike for a missing order and a wrong key) and
 * must render its «Заказ не найден» state (its own landmark) — not the area's error. The page
 * with an order's details is covered by the browser tests (order pages), not here.
 */
const SMOKE_ORDER_NUMBER = 'SH-22222';
const orderPath = () => `/order/${SMOKE_ORDER_NUMBER}?key=smoke-${randomBytes(16).toString('hex')}`;

/** The remote whose module shows a page type. */
const remoteOf = (type: PageType) => (PAGES[type].module ?? '').split('/')[0] as string;

/** The cart line a shopper who put the product's first size in stock into the cart has stored. */
function cartLine(product: SampleProduct) {
  return {
    id: product.offer.id,
    productId: product.productId,
    modelId: product.modelId,
    sku: product.offer.sku,
    name: product.name,
    price: product.offer.priceInRUB,
    quantity: 1,
    size: product.offer.size,
    brand: { name: product.brand.name },
    mainCategory: { name: product.mainCategory.name },
    ...(product.photo ? { image: product.photo } : {}),
    webPath: product.webPath,
  };
}

/** Each page type's path and what it must show, for this catalogue; a type missing here is skipped with the reason. */
export function pagePlans(sample: CatalogueSample): Partial<Record<PageType, Omit<Visit, 'module' | 'label'> | string>> {
  const { product, search } = sample;
  const cards = (count: number, naming?: string): Expectation[] => (count > 0 ? [{ kind: 'cards', count, ...(naming ? { naming } : {}) }] : []);
  const none = 'в каталоге нет товара в наличии';
  const cart = product ? { storage: { [CART_STORAGE_KEY]: storedCart([cartLine(product)]) }, expect: [{ kind: 'cart-line' as const, name: product.name }] } : { expect: [] };
  const fixed = (type: PageType) => {
    const row: (typeof PAGES)[PageType] = PAGES[type];
    return 'fixed' in row ? row.fixed.path : '/';
  };
  return {
    HOME: { path: fixed('HOME'), expect: cards(sample.total) },
    SEARCH: search
      ? { path: `${fixed('SEARCH')}?search=${encodeURIComponent(search.word)}`, expect: cards(search.count, search.named ? search.word : undefined) }
      : { path: fixed('SEARCH'), expect: cards(sample.total) },
    CATEGORY: product ? { path: product.mainCategory.webPath, expect: cards(sample.categoryCount) } : none,
    BRAND: product ? { path: product.brand.webPath, expect: cards(sample.brandCount) } : none,
    PRODUCT: product ? { path: product.webPath, expect: [{ kind: 'product', name: product.name, size: product.offer.size }] } : none,
    FAVOURITES: product
      ? { path: fixed('FAVOURITES'), storage: { [FAVOURITES_STORAGE_KEY]: storedFavourites([product.productId]) }, expect: cards(1, product.name) }
      : { path: fixed('FAVOURITES'), expect: [] },
    CART: { path: fixed('CART'), ...cart },
    CHECKOUT: { path: fixed('CHECKOUT'), ...cart },
    ORDER: { path: orderPath(), landmark: '[data-testid="order-not-found"]', expect: [] },
    RETURNS: { path: fixed('RETURNS'), expect: [] },
  };
}

/**
 * Modules that are not pages, on the page that shows them: the product page's «Вам может
 * понравиться» slider (scrolled to), the quick-cart panel (a size put into the cart on the
 * product page: its toast, then the panel). A string: why it is not opened in this catalogue.
 */
function hostedPlans(sample: CatalogueSample): Partial<Record<RemoteModuleId, { on: PageType; visit: Omit<Visit, 'module' | 'label' | 'path'> } | string>> {
  const { product } = sample;
  if (!product) return { 'mf_catalog/ProductSlider': 'в каталоге нет товара в наличии', 'mf_cart/CartOverlay': 'в каталоге нет товара в наличии' };
  return {
    'mf_catalog/ProductSlider':
      sample.recommended > 0
        ? { on: 'PRODUCT', visit: { show: { kind: 'scroll' }, expect: [{ kind: 'cards', count: sample.recommended }] } }
        : 'у товара нет похожих для «Вам может понравиться»',
    'mf_cart/CartOverlay': {
      on: 'PRODUCT',
      visit: {
        show: { kind: 'add-to-cart', remote: remoteOf('PRODUCT'), size: product.offer.size, name: product.name },
        expect: [{ kind: 'cart-line', name: product.name }],
      },
    },
  };
}

/**
 * What the smoke opens for one remote: each page type it shows, then each non-page module on its
 * page — when the remote showing that page is in the registry (`served`; the first release of a
 * shop's remotes comes before the others').
 */
export function visitsFor(remote: string, sample: CatalogueSample, served: (remote: string) => boolean = () => true): { visits: Visit[]; skipped: string[] } {
  const visits: Visit[] = [];
  const skipped: string[] = [];
  const pages = pagePlans(sample);
  for (const [type, row] of Object.entries(PAGES) as [PageType, (typeof PAGES)[PageType]][]) {
    if (!row.module?.startsWith(`${remote}/`)) continue;
    const plan = pages[type] ?? 'нет такой страницы';
    if (typeof plan === 'string') skipped.push(`${type} (${plan})`);
    else visits.push({ module: row.module, label: type, ...plan });
  }
  const hosted = hostedPlans(sample);
  for (const module of EXPOSED_MODULES.filter((m) => m.startsWith(`${remote}/`))) {
    const plan = hosted[module];
    if (!plan) continue;
    const label = module.split('/')[1] as string;
    if (typeof plan === 'string') {
      skipped.push(`${label} (${plan})`);
      continue;
    }
    const page = pages[plan.on];
    const host = remoteOf(plan.on);
    if (!page || typeof page === 'string') skipped.push(`${label} (${page ?? 'нет страницы, которая его показывает'})`);
    else if (host && host !== remote && !served(host)) skipped.push(`${label} (нет активного релиза ${host}, чья страница его показывает)`);
    else visits.push({ module, label, path: page.path, ...plan.visit });
  }
  return { visits, skipped };
}
