/**
 * Which file may import which: the packages' boundaries and each package's layers
 * (`npm run lint`, through dependency-cruiser). Paths are the resolved files, relative to the
 * repository, so a rule holds however an import is spelled (`../x`, `./../x`, `../ok/../x`,
 * `@shop/<package>/<subpath>`). scripts/import-rules.test.ts probes that each rule refuses
 * what it says and allows the rest.
 *
 * Tests (`*.test.ts(x)`) and test data (`*.fixtures.ts`) may reach any folder of their own
 * package; the package boundaries hold for them too.
 *
 * TypeScript is read through Babel (.babel-depcruise.cjs); type-only imports count as imports.
 */
const TESTS = '\\.test\\.tsx?$|\\.fixtures\\.ts$';
/** The remotes' folders: every `mf-*` but mf-shared (scripts/import-rules.test.ts checks the remotes table says the same). */
const REMOTE = 'mf-(?!shared/)[^/]+';

/**
 * Tests that read another package's own files on purpose, each for a reason the package's entry
 * cannot serve:
 * - api/test/curated-links.test.ts checks the host's list of search examples against the API;
 * - scripts/new-page.test.ts checks a new page row reaches the API's schema text, page meta and
 *   path resolution and the host server's preloads (none of them in a package entry);
 * - scripts/codegen/persisted-manifest.test.ts reads every app's generated operations and the
 *   browser's and the host server's own clients.
 */
const READERS = [
  '^api/test/curated-links\\.test\\.ts$',
  '^scripts/new-page\\.test\\.ts$',
  '^scripts/codegen/persisted-manifest\\.test\\.ts$',
];

const rule = (name, comment, from, to) => ({ name, comment, severity: 'error', from, to });
/** A rule for production code (tests are free inside their package). */
const layer = (name, comment, from, to) => rule(name, comment, { pathNot: TESTS, ...from }, to);
/** The API folders `folders` import, of the API, only their own folder and `allowed`. */
const apiLayer = (folders, allowed) =>
  layer(
    `api-${folders[0]}`,
    `api/src/${folders.join('/, ')}/ import only ${allowed.join(', ')} of the API: layers in api/README.md.`,
    { path: `^api/src/(${folders.join('|')})/` },
    { path: '^api/', pathNot: ['^api/src/$1/', ...allowed.map((entry) => `^api/src/${entry.replace('.', '\\.')}`)] },
  );
/** Files under `from` never import `refused` (folders end in `/`) of their package. */
const never = (name, comment, from, refused) =>
  layer(name, comment, { path: from }, { path: refused.map((entry) => (entry.endsWith('/') ? entry : `${entry}$`)) });

module.exports = {
  forbidden: [
    // the packages
    rule(
      'package-files',
      'Import another package through its package.json exports (@shop/<package> or a subpath it declares), never its files: docs/architecture.md, «What may each package import».',
      { path: '^([^/]+)/', pathNot: READERS },
      {
        dependencyTypes: ['local'],
        dependencyTypesNot: ['aliased'],
        path: '^(contracts/src|server-kit/src|mf-shared/src|api/src|host/src|host/server|release/src|e2e|mf-[^/]+)/',
        pathNot: '^$1/',
      },
    ),
    rule(
      'package-subpath',
      'A subpath of a shop package must be declared in its package.json exports.',
      {},
      { couldNotResolve: true, path: '^@shop/' },
    ),
    rule(
      'remote-code',
      "Apps never import a remote's code: meet through @shop/mf-shared or a module the remote exposes.",
      { path: '^([^/]+)/', pathNot: READERS },
      { path: `^${REMOTE}/`, pathNot: '^$1/' },
    ),
    layer(
      'test-only',
      "@shop/mf-shared/testing (the hydration tests' harness: vitest, react-dom/server) and *.fixtures.ts (test data) are for tests only.",
      {},
      { path: ['^mf-shared/src/testing', '\\.fixtures\\.ts$'] },
    ),
    rule(
      'server-in-browser',
      "Browser code never imports the API (@shop/api) or the services' kit (@shop/server-kit), not even their types: they bring Node's types into the browser project.",
      { path: `^(host/src|mf-[^/]+/src)/` },
      { path: '^(api|server-kit)/' },
    ),
    rule(
      'api-by-name',
      'Inside the API import the file itself: @shop/api re-exports the HTTP layer, so importing it is a cycle and skips the layers.',
      { path: '^api/src/' },
      { path: '^api/src/index\\.ts$' },
    ),
    rule(
      'contracts-bottom',
      '@shop/contracts is the bottom of the shop: it imports no other package of it (only zod, and types of React and Apollo).',
      { path: '^contracts/' },
      { path: '^[^/]+/', pathNot: '^(contracts|node_modules)/' },
    ),
    layer(
      'server-kit-under-services',
      '@shop/server-kit sits under the services (the API, the release service): of the shop it imports only @shop/contracts.',
      { path: '^server-kit/' },
      { path: '^[^/]+/', pathNot: '^(server-kit|contracts|node_modules)/' },
    ),
    layer(
      'src-stays-in-src',
      "Browser code never climbs out of its package's src/.",
      { path: '^(host|mf-[^/]+)/src/' },
      { path: '^$1/', pathNot: '^$1/src/' },
    ),

    // the API's layers (api/README.md «Layers»)
    apiLayer(['util'], []),
    apiLayer(['db'], ['util/', 'config.ts']),
    apiLayer(['search', 'accounts', 'orders', 'photos'], ['util/', 'db/', 'config.ts']),
    apiLayer(['catalog'], ['util/', 'db/', 'search/', 'orders/', 'photos/', 'config.ts']),
    apiLayer(['repo'], ['util/', 'db/', 'search/', 'catalog/', 'orders/', 'config.ts']),
    apiLayer(['notify', 'payments', 'delivery'], ['util/', 'db/', 'orders/', 'config.ts']),
    apiLayer(['returns'], ['util/', 'db/', 'orders/', 'payments/', 'config.ts']),
    apiLayer(['desk'], ['util/', 'db/', 'accounts/', 'orders/', 'returns/', 'config.ts']),
    apiLayer(['graphql'], ['util/', 'db/', 'search/', 'catalog/', 'repo/', 'orders/', 'payments/', 'delivery/', 'returns/', 'config.ts']),
    apiLayer(['persisted'], ['util/', 'db/', 'graphql/', 'config.ts']),
    never('api-http', 'api/src/http/ composes everything but the command lines and main.ts.', '^api/src/http/', [
      '^api/src/cli/',
      '^api/src/main\\.ts',
    ]),
    never(
      'api-cli',
      'The command lines work on the database and the domain, never through the HTTP layer.',
      '^api/src/cli/',
      ['^api/src/http/', '^api/src/main\\.ts'],
    ),
    layer(
      'api-tables',
      "A feature's tables (*-tables.ts) belong to the database layer: they import only db/ and util/.",
      { path: '^api/src/[^/]+/[^/]+-tables\\.ts$' },
      { path: '^api/', pathNot: '^api/src/(db|util)/' },
    ),
    layer(
      'api-feature-config',
      "A feature's config reader (*-config.ts) is read by config.ts: it imports only util/.",
      { path: '^api/src/[^/]+/[^/]+-config\\.ts$', pathNot: ['^api/src/db/open-from-config\\.ts$', TESTS] },
      { path: '^api/', pathNot: '^api/src/util/' },
    ),
    layer(
      'api-config',
      "config.ts (the only reader of process.env) imports only util/ and the features' *-config.ts.",
      { path: '^api/src/config\\.ts$' },
      { path: '^api/', pathNot: ['^api/src/util/', '^api/src/[^/]+/[^/]+-config\\.ts$'] },
    ),

    // the host
    layer(
      'host-ui',
      "host/src/ui/ is the host's own UI kit: it imports no other folder of the host.",
      { path: '^host/src/ui/' },
      { path: '^host/', pathNot: '^host/src/ui/' },
    ),
    never(
      'host-below-chrome',
      'analytics/, cookie/ and theme/ sit below the page chrome (layout/, menu/, search/), routing/ and the desk.',
      '^host/src/(analytics|cookie|theme)/',
      ['^host/src/(layout|menu|search|routing|desk)/', '^host/src/(app|bootstrap)\\.tsx'],
    ),
    never(
      'host-below-layout',
      'menu/ and search/ sit below layout/ (the header composes them) and routing/; shared pieces live in ui/.',
      '^host/src/(menu|search)/',
      ['^host/src/(layout|routing|desk)/', '^host/src/(app|bootstrap)\\.tsx'],
    ),
    never('host-layout', 'layout/ sits below routing/ and the app.', '^host/src/layout/', [
      '^host/src/(routing|desk)/',
      '^host/src/(app|bootstrap)\\.tsx',
    ]),
    never(
      'host-desk',
      "The orders desk is its own app inside the host: it does not import the storefront's chrome or routing.",
      '^host/src/desk/',
      ['^host/src/(layout|menu|search|routing)/'],
    ),

    // the remotes: only pages/ (the modules a remote exposes) composes features
    layer(
      'remote-pages',
      'Only pages/ (the modules a remote exposes) composes features: nothing else imports pages/.',
      { path: `^(${REMOTE})/src/(?!pages/)[^/]+/` },
      { path: '^$1/src/pages/' },
    ),
    layer(
      'catalog-ui',
      "ui/ is the remote's own UI kit: it imports no feature.",
      { path: '^mf-catalog/src/ui/' },
      { path: '^mf-catalog/', pathNot: '^mf-catalog/src/ui/' },
    ),
    never(
      'catalog-blocks',
      'product-card/, product-slider/ and analytics/ are building blocks of the features (home/, listing/, favourites/).',
      '^mf-catalog/src/(product-card|product-slider|analytics)/',
      ['^mf-catalog/src/(home|listing|favourites)/'],
    ),
    layer(
      'product-parts',
      "The product page's parts take only their data types from product/ (product-data.ts); product/ composes them.",
      { path: '^mf-product/src/(buy|gallery|recommended|variants)/' },
      { path: '^mf-product/src/product/', pathNot: '^mf-product/src/product/product-data\\.ts$' },
    ),
    never(
      'cart-lines',
      'cart-lines/ is shared by the cart page and the quick cart: it never imports them.',
      '^mf-cart/src/cart-lines/',
      ['^mf-cart/src/(cart-page|checkout|order|quick-cart)/'],
    ),
    never(
      'shared-ui-on-top',
      'In mf-shared the UI kit (ui/) sits on the stores, the Apollo factory, analytics and the shell context.',
      '^mf-shared/src/(analytics|apollo|cart|favourites|shell)/',
      ['^mf-shared/src/ui/', '^mf-shared/src/index\\.ts'],
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // the builds and data; an unresolved specifier (`@shop/x/dist/…`) is kept, to be refused
    exclude: {
      path: [
        '^(node_modules|\\.data|\\.run)/',
        '^[a-z][^/]*/(node_modules|dist|server-dist|\\.data)/',
        '\\.generated\\.ts$',
      ],
    },
    babelConfig: { fileName: require('node:path').join(__dirname, '.babel-depcruise.cjs') },
    tsPreCompilationDeps: false,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
