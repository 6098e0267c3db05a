/**
 * The remotes table: every remote, where it lives, and every module it exposes with the props
 * the host mounts it with. Written once here; everything else is derived from it:
 * - each remote's rspack `exposes` (rspack.base.ts `createConfig` reads `exposesOf`),
 * - the module ids the release check requires (`EXPOSED_MODULES`),
 * - the host's page table (./pages.ts), the start scripts' remote list and ports
 *   (scripts/lib/stack.ts), codegen's and the tests' package lists,
 * - each remote's `src/contract.generated.ts` (written by `npm run codegen`,
 *   scripts/codegen/remote-modules.ts),
 * - and the types: `loadRemote()` in the host, `RemoteSlot`, and the generated contract check,
 *   which fails to compile when an exposed file's component does not match.
 * `scripts/contracts.test.ts` fails when a copy elsewhere (compose, codegen, vitest, biome)
 * disagrees with it.
 *
 * Node-safe: only `import type` of React and Apollo, so tooling imports it directly.
 */
import type { ApolloClient } from '@apollo/client';
import type { ComponentProps, ComponentType, ReactNode } from 'react';

/** An exposed module: its file inside the remote's folder; `P` is the props type it is mounted with. */
export interface Exposed<P> {
  file: string;
  /** Type only: never set at run time. */
  readonly props?: P;
}

/** `exposed<Props>('./src/pages/x.tsx')`: the file and, as a type, its props. */
export function exposed(file: string): Exposed<NoProps>;
export function exposed<P>(file: string): Exposed<P>;
export function exposed(file: string): Exposed<unknown> {
  return { file };
}

export type NoProps = Record<string, never>;

export interface ListingPageProps {
  type: 'CATEGORY' | 'BRAND';
  id: string;
}
export interface ProductPageProps {
  id: string;
}
export interface OrderPageProps {
  id: string;
}

/** What a product card or slider needs of a listing element (a subset of the API's `Product`). */
export interface ProductCardData {
  id: string;
  productId: string;
  modelId?: string | null;
  name: string;
  /** Not drawn by a card: a listing's lean card data leaves it out. */
  sku?: string;
  webPath: string;
  photo: { fullpath: string; width: number; height: number; color?: string | null } | null;
  priceInRUB: number | null;
  minPriceInRUB: number;
  /** false: no size can be bought; the card says «Нет в наличии». Absent means in stock. */
  inStock?: boolean;
  brand: { name: string };
  mainCategory: { name: string };
  /** The colour swatches a card draws (a variant's `name` is not drawn: lean card data leaves it out). */
  variants: { id: string; name?: string; color: string; colorName: string; webPath: string }[];
  /** How many colours the model has, when more than `variants` lists: the card adds «+N». */
  variantCount?: number;
}

export interface ProductSliderProps {
  title: string;
  /** recommended: same category and similar price (excludeIds left out); popular: 24 000–42 000 ₽; newest. */
  list: 'recommended' | 'popular' | 'newest';
  excludeIds?: string[];
  categoryIds?: string[];
  priceFrom?: number;
  priceTo?: number;
}

export interface RemoteEntry {
  /** The remote's folder at the repository root (and its package `@shop/<dir>`). */
  dir: string;
  /** Port of its static server under `npm start` and in docker-compose. */
  port: number;
  /** Port of its rspack dev server (`npm run dev -- <dir>`). */
  devPort: number;
  /** The team that releases it. */
  team: string;
  /** exposed module name → file and props. */
  exposes: Record<string, Exposed<unknown>>;
}

export const REMOTES = {
  mf_catalog: {
    dir: 'mf-catalog',
    port: 3001,
    devPort: 3101,
    team: 'каталог',
    exposes: {
      HomePage: exposed('./src/pages/home-page.tsx'),
      ListingPage: exposed<ListingPageProps>('./src/pages/listing-page.tsx'),
      SearchPage: exposed('./src/pages/search-page.tsx'),
      /** «Избранное» (/favourites): the liked products with their current prices. */
      FavouritesPage: exposed('./src/pages/favourites-page.tsx'),
      /** The product slider, for other remotes to show (through the shell's RemoteSlot). */
      ProductSlider: exposed<ProductSliderProps>('./src/pages/product-slider.tsx'),
    },
  },
  mf_product: {
    dir: 'mf-product',
    port: 3002,
    devPort: 3102,
    team: 'товар',
    exposes: {
      ProductPage: exposed<ProductPageProps>('./src/pages/product-page.tsx'),
    },
  },
  mf_cart: {
    dir: 'mf-cart',
    port: 3003,
    devPort: 3103,
    team: 'корзина',
    exposes: {
      CartPage: exposed('./src/pages/cart-page.tsx'),
      CheckoutPage: exposed('./src/pages/checkout-page.tsx'),
      OrderPage: exposed<OrderPageProps>('./src/pages/order-page.tsx'),
      /** «Возврат и обмен»: how to return an item and how the money comes back. */
      ReturnsPage: exposed('./src/pages/returns-page.tsx'),
      /** Quick-cart panel and the «Товар в корзине!» toast, mounted once by the host on every page. */
      CartOverlay: exposed('./src/pages/cart-overlay.tsx'),
    },
  },
} as const satisfies Record<`mf_${string}`, RemoteEntry>;

type Remotes = typeof REMOTES;
export type RemoteName = keyof Remotes;
export const REMOTE_NAMES = Object.keys(REMOTES) as RemoteName[];

/** `mf_catalog/HomePage`, … */
export type RemoteModuleId = { [R in RemoteName]: `${R}/${keyof Remotes[R]['exposes'] & string}` }[RemoteName];

type ExposedOf<K extends RemoteModuleId> = K extends `${infer R extends RemoteName}/${infer M}`
  ? Remotes[R]['exposes'][M & keyof Remotes[R]['exposes']]
  : never;
export type PropsOf<K extends RemoteModuleId> = ExposedOf<K> extends Exposed<infer P> ? P : never;

/**
 * A page that can fetch its first data before it renders: the host calls `prefetch` with the
 * page's props and its Apollo client when the shopper points at a link to that page, so the
 * click renders from the cache. Optional: a page without it simply queries when it mounts.
 */
export type PageComponent<P> = ComponentType<P> & { prefetch?: (props: P, client: ApolloClient) => Promise<unknown> };

/** Every exposed module with the component type the host expects of it. */
export type RemoteModules = { [K in RemoteModuleId]: PageComponent<PropsOf<K>> };

/** Every module id at run time, in table order: the release check refuses a build that lacks one of its remote's. */
export const EXPOSED_MODULES = REMOTE_NAMES.flatMap((remote) =>
  Object.keys(REMOTES[remote].exposes).map((name) => `${remote}/${name}` as RemoteModuleId),
);

/** A remote's rspack `exposes` map: `./HomePage` → `./src/pages/home-page.tsx`. */
export function exposesOf(remote: RemoteName): Record<string, string> {
  const entries = Object.entries(REMOTES[remote].exposes) as [string, Exposed<unknown>][];
  return Object.fromEntries(entries.map(([name, { file }]) => [`./${name}`, file]));
}

/**
 * Props of the host's `RemoteSlot`, which remotes get through `useShell().RemoteSlot` to show
 * another remote's exposed module: remotes never import each other, they ask the host.
 */
export type RemoteSlotProps<K extends RemoteModuleId> = {
  id: K;
  /** Placeholder while the code loads: a page skeleton, a block skeleton, or nothing. */
  skeleton?: 'page' | 'block' | 'none';
} & (ComponentProps<RemoteModules[K]> extends NoProps
  ? { props?: undefined }
  : { props: ComponentProps<RemoteModules[K]> });
export type RemoteSlotComponent = <K extends RemoteModuleId>(props: RemoteSlotProps<K>) => ReactNode;

/** remote name → manifest URL of its active version. */
export type RemoteRegistry = Record<string, string>;
