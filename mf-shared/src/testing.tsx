/**
 * `@shop/mf-shared/testing`: the one harness of the server-rendering (hydration) tests of every
 * app. Test-only: lint refuses it outside `*.test.ts(x)` (.dependency-cruiser.cjs, `test-only`,
 * checked by scripts/import-rules.test.ts), it is not in the package's entry, not in its build
 * project (tsconfig.testing.json) and not shared through Module Federation.
 *
 * A hydration test renders a tree as the server does (no browser storage, no IntersectionObserver:
 * the page's own neutral form), puts that HTML in a container, optionally fills the browser's
 * storage, hydrates it, and fails on any recoverable (hydration) error or console error.
 *
 * Importing it changes nothing (no hooks registered): each helper undoes what it did when the test
 * that called it finishes (vitest's onTestFinished), so plain unit tests may import the fixtures.
 */
import { ApolloClient, ApolloLink, InMemoryCache, type NormalizedCacheObject, Observable } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { prerenderStatic } from '@apollo/client/react/ssr';
import { act, type ReactElement, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, StaticRouter } from 'react-router-dom';
import { expect, onTestFinished, vi } from 'vitest';
import type { NewCartItem } from './cart/cart-item.ts';
import type { ShellContextValue } from './shell/shell-context.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Browser globals the server renderer runs without. */
export const SERVER_LACKS = ['localStorage', 'sessionStorage', 'IntersectionObserver'] as const;

/** An operation the page asked of the API. */
export interface AskedOperation {
  operationName: string;
  variables: Record<string, unknown>;
}

/**
 * A client for one side of a test. With `answers` the API answers each operation at once by its
 * name (null data for any other); without, it never answers (the page's own loading states show).
 * `seed` writes the answers the server's render had into the cache; `restoredFrom` starts from the
 * cache another client (the server's) filled, as the page hands it over; `asked` collects every request.
 */
export function testClient(
  options: {
    answers?: Record<string, unknown>;
    restoredFrom?: ApolloClient;
    seed?: (client: ApolloClient) => void;
    asked?: AskedOperation[];
    ssrMode?: boolean;
  } = {},
): ApolloClient {
  const { answers, asked } = options;
  const link = new ApolloLink((operation) => {
    asked?.push({ operationName: operation.operationName ?? '', variables: operation.variables });
    return new Observable((observer) => {
      if (!answers) return;
      observer.next({ data: answers[operation.operationName ?? ''] ?? null } as never);
      observer.complete();
    });
  });
  const client = new ApolloClient({
    cache: new InMemoryCache().restore((options.restoredFrom?.extract() ?? {}) as NormalizedCacheObject),
    link,
    ...(options.ssrMode ? { ssrMode: true } : {}),
  });
  options.seed?.(client);
  return client;
}

/** `children` at `path`, in the server's router (StaticRouter) or the browser's, with Apollo. */
export function onPage(server: boolean, path: string, children: ReactNode, client = testClient()): ReactElement {
  return (
    <ApolloProvider client={client}>
      {server ? (
        <StaticRouter location={path}>{children}</StaticRouter>
      ) : (
        <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
      )}
    </ApolloProvider>
  );
}

/** What the host's shell provides to a remote's page (no other remote is shown in a test). */
export function testShell(overrides: Partial<ShellContextValue> = {}): ShellContextValue {
  return { shopName: 'Оригинал', contacts: {}, hostVersion: 'test', RemoteSlot: () => null, ...overrides };
}

/** A screen `width` px wide for the page's `(min-width: …px)` media queries, until the test ends. */
export function screenWidth(width: number): void {
  const spy = vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: width >= Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? 0),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
  onTestFinished(() => spy.mockRestore());
}

/** The server's render with the page's data fetched first (Apollo's prerenderStatic, as the host's renderer does). */
export async function renderWithData(tree: ReactElement): Promise<string> {
  return (await prerenderStatic({ tree, renderFunction: renderToString })).result;
}

/** `tree`'s HTML as the server renders it: without the browser globals the server lacks. */
export async function renderOnServer(
  tree: ReactElement | (() => ReactElement | Promise<ReactElement>),
  render: (tree: ReactElement) => string | Promise<string> = renderToString,
): Promise<string> {
  const browserOnly = SERVER_LACKS.map((name) => [name, globalThis[name]] as const);
  for (const [name] of browserOnly) vi.stubGlobal(name, undefined);
  try {
    return await render(typeof tree === 'function' ? await tree() : tree);
  } finally {
    for (const [name, value] of browserOnly) vi.stubGlobal(name, value);
  }
}

export interface Hydrated {
  /** The server's HTML. */
  html: string;
  /** The hydrated container (in document.body). */
  container: HTMLElement;
  /** console.error's calls during hydration. */
  errors: unknown[][];
  /** onRecoverableError's calls (React's hydration mismatches). */
  recoverable: unknown[][];
}

/**
 * Renders `tree(true)` as the server does ({@link renderOnServer}), then, after `store()` (the
 * browser's storage) and `beforeHydrate()` (e.g. index.html's inline script, the screen width),
 * hydrates that HTML with `tree(false)`. `freshModules` (default): each side imports its modules
 * anew (`tree` imports them dynamically), so stores read the storage as on a new page load.
 * When the test ends the root is unmounted, the container removed and the storage cleared.
 */
export async function serverThenHydrate(
  tree: (server: boolean) => ReactElement | Promise<ReactElement>,
  options: {
    store?: () => void;
    beforeHydrate?: () => void;
    render?: (tree: ReactElement) => string | Promise<string>;
    freshModules?: boolean;
  } = {},
): Promise<Hydrated> {
  const fresh = options.freshModules ?? true;
  if (fresh) vi.resetModules();
  const html = await renderOnServer(() => tree(true), options.render);
  options.store?.();
  options.beforeHydrate?.();
  if (fresh) vi.resetModules();
  const browser = await tree(false);
  const errors = vi.spyOn(console, 'error');
  const recoverable = vi.fn();
  const container = parse(html);
  document.body.append(container);
  let root: Root | undefined;
  onTestFinished(() => {
    act(() => root?.unmount());
    container.remove();
    errors.mockRestore();
    localStorage.clear();
    sessionStorage.clear();
  });
  await act(async () => {
    root = hydrateRoot(container, browser, { onRecoverableError: recoverable });
  });
  return { html, container, errors: errors.mock.calls, recoverable: recoverable.mock.calls };
}

/** Fails on any hydration mismatch React recovered from and on any console error while hydrating. */
export function expectCleanHydration({ recoverable, errors }: Pick<Hydrated, 'errors' | 'recoverable'>): void {
  expect(recoverable, 'recoverable (hydration) errors').toEqual([]);
  expect(errors, 'console errors').toEqual([]);
}

/** A container with `html` in it, to query the server's markup. */
export function parse(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  return container;
}

/**
 * A cart line as the product page adds it: a pair of sneakers unless `overrides` say otherwise
 * ({@link HOODIE} is the second line of the cart tests).
 */
export function cartItem(overrides: Partial<NewCartItem> = {}): NewCartItem {
  return {
    id: 'o1',
    modelId: 'm1',
    sku: 'NK-1',
    name: 'Кроссовки Nike Air Max 90',
    price: 12990,
    brand: { name: 'Nike' },
    mainCategory: { name: 'Кроссовки' },
    size: '42',
    ...overrides,
  };
}

export const HOODIE: NewCartItem = cartItem({
  id: 'o2',
  modelId: 'm2',
  sku: 'CH-1',
  name: 'Худи Carhartt',
  price: 8990,
  brand: { name: 'Carhartt' },
  mainCategory: { name: 'Худи' },
  size: 'M',
});
