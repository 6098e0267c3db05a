/**
 * The federation sharing policy, written once for the builds (rspack.base.ts `sharedConfig`)
 * and the release check (scripts/remotes/check-candidate.ts). Build policy, not a contract
 * the apps' code reads, so it lives with the tooling; no imports, so the release tool loads it
 * without rspack.
 */

/**
 * Packages that must exist once per page: each app's build shares them as singletons, and the
 * release check refuses a remote that does not. `@shop/mf-shared` is on the list because it
 * calls zustand's `create()` and holds React contexts: sharing zustand alone would still give
 * every remote its own cart store.
 */
export const SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  '@apollo/client',
  'graphql',
  'zustand',
  '@shop/mf-shared',
] as const;
export type Singleton = (typeof SINGLETONS)[number];

/**
 * The subpaths of the singletons that the apps import (and so would otherwise bundle each
 * on its own), shared as singletons too, with their package's version range. Listed one by
 * one instead of `react/`-style prefix keys: a prefix shares every subpath the libraries
 * import from each other (Apollo alone has dozens), each a shared module of its own, and
 * the page then loads them as dozens of small chunks. The libraries' internal subpaths now
 * live inside the shared module that imports them, once per page because that module is a
 * singleton. A new import of another subpath in app code: add it here
 * (`npm run bench:web` shows the first-load JavaScript).
 */
export const SHARED_SUBPATHS = {
  'react/jsx-runtime': 'react',
  'react/jsx-dev-runtime': 'react',
  'react-dom/client': 'react-dom',
  '@apollo/client/react': '@apollo/client',
  'zustand/middleware': 'zustand',
} as const satisfies Record<string, Singleton>;

/**
 * Singletons shipped tree-shaken (Module Federation 2's shared `treeShaking`, mode
 * `runtime-infer`): the shared module keeps only these exports, not the whole library. Only
 * where the saving is large and the export list is stable: graphql (parse/print/visit and
 * `Kind`, used by Apollo) and the router's few components and hooks. Apollo and zustand are
 * shared whole, so a remote that starts using another of their exports (`useMutation`,
 * `useLazyQuery`) builds and releases on its own; a tree-shaken list is a host-first gate.
 *
 * The list is the union of what the host and all remotes import, and every app builds with
 * the same list, so whichever app's copy the page loads first serves all the others: a
 * singleton stays one instance. Each build also writes the whole library as a fallback
 * (`independent-packages/`), which the runtime loads only for a consumer that does not use
 * tree shaking. Names inside an export (`Kind.INT`) are listed as rspack reports them. An app
 * that imports anything else fails its build (rspack.base.ts SharedExportsCheckPlugin): add
 * the name here and release the host first, since the release check refuses a remote that
 * needs an export the host's copy lacks.
 */
export const TREE_SHAKEN_SHARED: Partial<Record<string, readonly string[]>> = {
  graphql: [
    'BOOLEAN',
    'BREAK',
    'DIRECTIVE',
    'ENUM',
    'FIELD',
    'FLOAT',
    'FRAGMENT_DEFINITION',
    'FRAGMENT_SPREAD',
    'INLINE_FRAGMENT',
    'INT',
    'Kind',
    'LIST',
    'LIST_TYPE',
    'MUTATION',
    'NAME',
    'NAMED_TYPE',
    'NON_NULL_TYPE',
    'NULL',
    'OBJECT',
    'OPERATION_DEFINITION',
    'OperationTypeNode',
    'QUERY',
    'STRING',
    'SUBSCRIPTION',
    'VARIABLE',
    'parse',
    'print',
    'visit',
  ],
  'react-router-dom': [
    'BrowserRouter',
    'Link',
    'Navigate',
    'useLocation',
    'useNavigate',
    'useNavigationType',
    'useSearchParams',
  ],
};
